import type {Plugin} from '@docusaurus/types';
import {wingFile} from './wing-files';

/**
 * Makes `staged-client-entry-browser.ts` the entry of the browser bundle in place of @docusaurus/core's
 * `lib/client/clientEntry.js`, which it then runs. The server bundle keeps its own entry. Why: src/upstream/README.md.
 */
export function stagedClientEntryPlugin(): Plugin {
  return {
    name: 'vigil-staged-client-entry',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {entry: wingFile('staged-client-entry-browser.ts')};
    },
  };
}
