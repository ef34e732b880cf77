/**
 * The attribute of the root element under which every block of an article is laid out
 * (offscreen-blocks.css). The browser puts the reader at a scroll offset it computes from the page's height: the
 * offset they left, after a reload, back or forward, and a heading's, when the address names one. At that offset
 * the page must be as tall as it is, not made of estimated heights, or the reader lands above or below the place.
 */
export const LAY_OUT_BLOCKS_ATTRIBUTE = 'data-lay-out-blocks';

/**
 * The inline script of every page's head, run before the body is parsed: on a reload, a history traversal that
 * loads the page, or an address with a fragment, the blocks are laid out until the page has loaded and been drawn
 * once (then each keeps its height).
 */
export const layOutBlocksScript = `(function(){var h=document.documentElement,n=performance.getEntriesByType('navigation')[0];if(location.hash.length>1||n&&(n.type==='reload'||n.type==='back_forward')){h.setAttribute('${LAY_OUT_BLOCKS_ATTRIBUTE}','');addEventListener('load',function(){requestAnimationFrame(function(){setTimeout(function(){h.removeAttribute('${LAY_OUT_BLOCKS_ATTRIBUTE}')})})})}})()`;
