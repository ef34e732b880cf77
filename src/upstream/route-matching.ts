import type {Plugin} from '@docusaurus/types';
import {moduleLoaderPlugin} from './module-loader-plugin';

/**
 * react-router 5.3.4's matchPath compiles each route path into a regular expression (path-to-regexp), caching up to
 * 10,000 of them per process, then runs it. Every route table scan compiles each path it passes on its first visit:
 * core's `preload` and every `<Switch>` of the docs layouts walk the routes in order up to the page's, so a page's
 * first render in the browser compiled the paths of every route before it, and the build's rendering of each page
 * walked them all again; past 10,000 routes the cache is full and every scan compiles every path again. Docusaurus'
 * route paths are plain text, which that expression matches exactly as a comparison of strings does
 * (static-route-match.ts); the loader makes matchPath compare them as text, in both bundles, and leaves paths with
 * parameters, strict matching and anything else to the expression. Why and what it gains: src/upstream/README.md.
 */
export function routeMatchingPlugin(): Plugin {
  return moduleLoaderPlugin({
    name: 'route-matching',
    test: /[\\/]react-router[\\/]esm[\\/]react-router\.js$/,
    loader: 'route-matching-loader.cjs',
  });
}
