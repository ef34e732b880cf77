import type {Plugin} from '@docusaurus/types';
import {moduleLoaderPlugin} from './module-loader-plugin';

/**
 * Replaces `window.docusaurus` (@docusaurus/core's lib/client/docusaurus.js) in the browser bundle with
 * route-prefetch-client.js, which indexes the routes' chunk names once, adds each chunk's prefetch link once,
 * and prefetches the routes of the links in view in idle periods. Why: src/upstream/README.md.
 */
export function routePrefetchPlugin(): Plugin {
  return moduleLoaderPlugin({
    name: 'route-prefetch',
    test: /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]docusaurus\.js$/,
    loader: 'route-prefetch-loader.cjs',
    browserOnly: true,
  });
}
