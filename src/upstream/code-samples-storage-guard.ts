import type {Plugin} from '@docusaurus/types';
import {moduleLoaderPlugin} from './module-loader-plugin';

/**
 * The API theme's code samples read the remembered language with a bare `localStorage.getItem(...)` while
 * rendering. Where the browser denies storage (sandboxed frames, strict privacy settings) that call throws and
 * the whole operation page crashes. This plugin guards that one read at bundle time; the loader fails the
 * build if the theme's code changes so that the read is no longer found.
 */
export function codeSamplesStorageGuardPlugin(): Plugin {
  return moduleLoaderPlugin({
    name: 'code-samples-storage-guard',
    test: /docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]ApiExplorer[\\/]CodeSnippets[\\/]index\.js$/,
    loader: 'code-samples-storage-loader.cjs',
  });
}
