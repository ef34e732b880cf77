import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {restoringScrollScript} from './restoring-scroll';

/**
 * The blocks of an article far from the viewport are laid out only when the reader nears them
 * (offscreen-blocks.css), except while the browser restores the reader's scroll offset: after a reload or a
 * history traversal that loads a page (the head's inline script, restoring-scroll.ts) and after back or forward
 * within the site (client.ts). Tested by tests/e2e/offscreen-blocks.spec.ts.
 */
export function offscreenBlocksPlugin(): Plugin {
  return {
    name: 'vigil-offscreen-blocks',
    getClientModules() {
      return [path.join(__dirname, 'offscreen-blocks.css'), path.join(__dirname, 'client.ts')];
    },
    injectHtmlTags() {
      return {headTags: [{tagName: 'script', innerHTML: restoringScrollScript}]};
    },
  };
}
