import type {Plugin} from '@docusaurus/types';
import {appliedLoader} from './module-loader-plugin';
import {wingFile} from './wing-files';

/**
 * docusaurus-theme-openapi-docs' storage helpers (lib/theme/ApiExplorer/storage-utils.js) import all of crypto-js
 * to hash with SHA1 only; this gives that one module crypto-js-sha1-only.js, which holds `crypto-js/sha1` alone, in
 * place of the library (about 40 kB gzipped less on every API page). Records that the rule matched (applied.cjs).
 */
export function cryptoJsSha1Plugin(): Plugin {
  return {
    name: 'vigil-crypto-js-sha1',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        module: {
          rules: [
            {
              test: /docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]ApiExplorer[\\/]storage-utils\.js$/,
              resolve: {alias: {'crypto-js$': wingFile('crypto-js-sha1-only.js')}},
              use: [appliedLoader('crypto-js-sha1')],
            },
          ],
        },
      };
    },
  };
}
