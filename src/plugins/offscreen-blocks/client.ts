// Navigation within the site (the router renders the page in place): from back or forward, or a link to a heading
// of another page or of this one, the blocks of the page are laid out until the page has been drawn once, so that
// the browser's restored scroll offset, or the heading, lands where it should (offscreen-blocks.css,
// lay-out-blocks.ts).
import type {ClientModule} from '@docusaurus/types';
import {LAY_OUT_BLOCKS_ATTRIBUTE} from './lay-out-blocks';

const layOutBlocks = () => document.documentElement.setAttribute(LAY_OUT_BLOCKS_ATTRIBUTE, '');

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', layOutBlocks);
}

const offscreenBlocks: ClientModule = {
  // Before the router renders the next page and scrolls to its heading (onRouteDidUpdate comes after the scroll).
  onRouteUpdate({location, previousLocation}) {
    if (previousLocation && location.hash.length > 1 && location.hash !== previousLocation.hash) layOutBlocks();
  },
  onRouteDidUpdate() {
    const root = document.documentElement;
    if (!root.hasAttribute(LAY_OUT_BLOCKS_ATTRIBUTE)) return;
    // After the next frame, in which every block has been laid out and has recorded its height.
    requestAnimationFrame(() => setTimeout(() => root.removeAttribute(LAY_OUT_BLOCKS_ATTRIBUTE)));
  },
};

export default offscreenBlocks;
