import type {Plugin} from '@docusaurus/types';
import {moduleLoaderPlugin} from './module-loader-plugin';

/**
 * Each docs version's route holds one route per page of the version, in a list. Three walks of that list found the
 * page's route in order on every render, in the browser at each navigation and in the build for every page:
 * react-router-config's `matchRoutes` (core's `preload`), the docs layout's `useDocRootMetadata`, and the `<Switch>`
 * it renders with one `<Route>` per page of the version. The build's rendering of N pages did N times N steps: at
 * 2,500 operations (5,828 pages) `matchPath` took 16.8 s of 160 s. When every route of a list is an exact plain path,
 * as Docusaurus writes a version's pages, a lookup by the form matchPath compares finds the same first route
 * (route-list-lookup.ts): the loader has `matchRoutes` and `useDocRootMetadata` look it up, and gives the `<Switch>`
 * that route alone. Other lists (the site's top level, with its non-exact routes) are walked as before. Both
 * bundles. Why and what it gains: src/upstream/README.md.
 */
export function routeIndexPlugin(): Plugin {
  return moduleLoaderPlugin({
    name: 'route-index',
    test: [
      /[\\/]react-router-config[\\/]esm[\\/]react-router-config\.js$/,
      /@docusaurus[\\/]plugin-content-docs[\\/]lib[\\/]client[\\/]docsUtils\.js$/,
    ],
    loader: 'route-index-loader.cjs',
  });
}
