import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {layOutBlocksScript} from './lay-out-blocks';

/**
 * The blocks of an article far from the viewport are laid out only when the reader nears them
 * (offscreen-blocks.css), except while the browser puts the reader at a place it computes from the page's height:
 * the offset they left (a reload or a history traversal that loads a page: the head's inline script,
 * lay-out-blocks.ts; back or forward within the site: client.ts) or a heading the address names (on load, and a
 * link within the site). Tested by tests/e2e/offscreen-blocks.spec.ts.
 */
export function offscreenBlocksPlugin(): Plugin {
  return {
    name: 'vigil-offscreen-blocks',
    getClientModules() {
      return [path.join(__dirname, 'offscreen-blocks.css'), path.join(__dirname, 'client.ts')];
    },
    injectHtmlTags() {
      return {headTags: [{tagName: 'script', innerHTML: layOutBlocksScript}]};
    },
  };
}
