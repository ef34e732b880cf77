import {createRequire} from 'node:module';
import type {Plugin} from '@docusaurus/types';

const require = createRequire(import.meta.url);

/**
 * The API theme's code samples read the remembered language with a bare `localStorage.getItem(...)` while
 * rendering. Where the browser denies storage (sandboxed frames, strict privacy settings) that call throws and
 * the whole operation page crashes. This plugin guards that one read at bundle time; the loader fails the
 * build if the theme's code changes so that the read is no longer found.
 */
export function codeSamplesStorageGuardPlugin(): Plugin {
  return {
    name: 'vigil-code-samples-storage-guard',
    configureWebpack() {
      return {
        module: {
          rules: [
            {
              test: /docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]ApiExplorer[\\/]CodeSnippets[\\/]index\.js$/,
              use: [{loader: require.resolve('./code-samples-storage-loader.cjs')}],
            },
          ],
        },
      };
    },
  };
}
