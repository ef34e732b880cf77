// Replaces @docusaurus/core 3.7.0 lib/client/docusaurus.js (window.docusaurus) in the client bundle; see
// route-prefetch.ts. Compiled in place of that file, so the relative imports are core's own modules.
import {matchRoutes} from 'react-router-config';
import routesChunkNames from '@generated/routesChunkNames';
import routes from '@generated/routes';
import prefetchHelper from './prefetch';
import preloadHelper from './preload';
import flat from './flat';

const fetched = new Set();
const loaded = new Set();
// If user is on slow or constrained connection.
const isSlowConnection = () => navigator.connection?.effectiveType.includes('2g') || navigator.connection?.saveData;
const canPrefetch = (routePath) => !isSlowConnection() && !loaded.has(routePath) && !fetched.has(routePath);
const canPreload = (routePath) => !isSlowConnection() && !loaded.has(routePath);

/** Route path (without its hash) -> the chunk names of its route entries, built once on first use. */
let chunkNamesByRoute;
function chunkNamesOf(routePath) {
  if (!chunkNamesByRoute) {
    chunkNamesByRoute = new Map();
    for (const [routeNameWithHash, routeChunks] of Object.entries(routesChunkNames)) {
      // input: /blog/2018/12/14/Happy-First-Birthday-Slash-fe9, output: /blog/2018/12/14/Happy-First-Birthday-Slash
      const path = routeNameWithHash.replace(/-[^-]+$/, '');
      chunkNamesByRoute.set(path, [...(chunkNamesByRoute.get(path) ?? []), ...Object.values(flat(routeChunks))]);
    }
  }
  return chunkNamesByRoute.get(routePath) ?? [];
}

/** Chunk asset URLs already prefetched: routes share chunks (their layouts), each is fetched once. */
const prefetchedAssets = new Set();

/** Adds the prefetch links of one route; the promise settles when they have loaded or failed. */
function prefetchRoute(routePath) {
  const chunkNamesNeeded = matchRoutes(routes, routePath).flatMap((match) => chunkNamesOf(match.route.path));
  return Promise.all(
    chunkNamesNeeded.map((chunkName) => {
      // "__webpack_require__.gca" is injected by ChunkAssetPlugin: the URL of a chunk by its name. A chunk
      // webpack merged into another has none, and is skipped.
      // eslint-disable-next-line no-undef -- a variable webpack defines in the modules it bundles
      const chunkAsset = __webpack_require__.gca(chunkName);
      if (!chunkAsset || chunkAsset.includes('undefined') || prefetchedAssets.has(chunkAsset)) return Promise.resolve();
      prefetchedAssets.add(chunkAsset);
      return prefetchHelper(chunkAsset);
    }),
  );
}

// Routes whose links came into view, prefetched when the browser is idle, a few at a time: a page shows
// dozens of links at once, and working out their chunks in the intersection callback held the main thread.
const pending = [];
let scheduled = false;
/** The longest a slice of prefetching runs before it yields, whatever idle time the browser offers (up to 50 ms). */
const SLICE_MS = 4;
const whenIdle = (callback) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(callback, {timeout: 2000}) : setTimeout(callback, 1);

function drain() {
  scheduled = false;
  const end = performance.now() + SLICE_MS;
  do {
    const {routePath, resolve} = pending.shift();
    resolve(isSlowConnection() ? undefined : prefetchRoute(routePath));
  } while (pending.length > 0 && performance.now() < end);
  if (pending.length > 0) schedule();
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  whenIdle(drain);
}

const prefetch = (routePath) => {
  if (!canPrefetch(routePath)) {
    return false;
  }
  fetched.add(routePath);
  return new Promise((resolve) => {
    pending.push({routePath, resolve});
    schedule();
  });
};

const preload = (routePath) => {
  if (!canPreload(routePath)) {
    return false;
  }
  loaded.add(routePath);
  return preloadHelper(routePath);
};

const docusaurus = {
  prefetch,
  preload,
};

// This object is directly mounted onto window, better freeze it
export default Object.freeze(docusaurus);
