/**
 * The attribute of the root element under which every block of an article is laid out
 * (offscreen-blocks.css). The browser puts the reader back at the scroll offset they left after a reload, back or
 * forward: at that offset the page must be as tall as when they left, not made of estimated heights.
 */
export const RESTORING_SCROLL_ATTRIBUTE = 'data-restoring-scroll';

/**
 * The inline script of every page's head, run before the body is parsed: on a reload or a history traversal that
 * loads the page, the blocks are laid out until the page has loaded and been drawn once (then each keeps its height).
 */
export const restoringScrollScript = `(function(){var h=document.documentElement,n=performance.getEntriesByType('navigation')[0];if(n&&(n.type==='reload'||n.type==='back_forward')){h.setAttribute('${RESTORING_SCROLL_ATTRIBUTE}','');addEventListener('load',function(){requestAnimationFrame(function(){setTimeout(function(){h.removeAttribute('${RESTORING_SCROLL_ATTRIBUTE}')})})})}})()`;
