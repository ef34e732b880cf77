// Back and forward within the site (the router renders the page in place): the blocks of the page are laid out
// from the history event until the page has been drawn once, so the browser's restored scroll offset lands where
// the reader was (offscreen-blocks.css, restoring-scroll.ts).
import type {ClientModule} from '@docusaurus/types';
import {RESTORING_SCROLL_ATTRIBUTE} from './restoring-scroll';

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => document.documentElement.setAttribute(RESTORING_SCROLL_ATTRIBUTE, ''));
}

const restoringScroll: ClientModule = {
  onRouteDidUpdate() {
    const root = document.documentElement;
    if (!root.hasAttribute(RESTORING_SCROLL_ATTRIBUTE)) return;
    // After the next frame, in which every block has been laid out and has recorded its height.
    requestAnimationFrame(() => setTimeout(() => root.removeAttribute(RESTORING_SCROLL_ATTRIBUTE)));
  },
};

export default restoringScroll;
