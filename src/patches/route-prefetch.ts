import {createRequire} from 'node:module';
import type {Plugin} from '@docusaurus/types';

const require = createRequire(import.meta.url);

/**
 * `window.docusaurus.prefetch`, which every internal link calls from its own IntersectionObserver when it
 * comes into view, works out the route's chunks by scanning every route of the site, builds the chunk URL
 * map once per chunk, and adds a `<link rel="prefetch">` per chunk even when another link already added it.
 * All links in view report in one task, so a page with many links held the main thread for 100 to 200 ms
 * after hydration. The replacement (route-prefetch-client.js) indexes the routes once, adds each chunk once,
 * and does the work in idle periods, a few routes at a time; what is prefetched, and when it is skipped (2g,
 * data saver), is unchanged.
 */
export function routePrefetchPlugin(): Plugin {
  return {
    name: 'vigil-route-prefetch',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        module: {
          rules: [
            {
              test: /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]docusaurus\.js$/,
              use: [{loader: require.resolve('./route-prefetch-loader.cjs')}],
            },
          ],
        },
      };
    },
  };
}
