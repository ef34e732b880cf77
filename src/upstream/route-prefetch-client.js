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

/** Route path (without its hash) -> its keys in routesChunkNames ("<path>-<hash>"), indexed once on first use. */
let routeKeysByPath;
function chunkNamesOf(routePath) {
  if (!routeKeysByPath) {
    routeKeysByPath = new Map();
    for (const routeNameWithHash of Object.keys(routesChunkNames)) {
      // input: /blog/2018/12/14/Happy-First-Birthday-Slash-fe9, output: /blog/2018/12/14/Happy-First-Birthday-Slash
      const path = routeNameWithHash.replace(/-[^-]+$/, '');
      const keys = routeKeysByPath.get(path);
      if (keys) keys.push(routeNameWithHash);
      else routeKeysByPath.set(path, [routeNameWithHash]);
    }
  }
  // Only the routes a link matches are flattened, when it is prefetched.
  return (routeKeysByPath.get(routePath) ?? []).flatMap((key) => Object.values(flat(routesChunkNames[key])));
}

/** Chunk asset URLs already prefetched: routes share chunks (their layouts), each is fetched once. */
const prefetchedAssets = new Set();

/**
 * Prefetches in flight at once, at most. The links in view name dozens of chunks: started together, they took
 * a slow connection whole for a second or more after the page had loaded, ahead of anything the reader asks for
 * next (on HTTP/1.1 a browser opens 6 connections to a host, and a click waits behind them).
 */
const PREFETCHES_IN_FLIGHT = 2;
/**
 * A prefetch that has not settled by then gives its place up: core's fallback for browsers without
 * `rel=prefetch` (an XMLHttpRequest) never settles when the request fails on the network.
 */
const PREFETCH_GIVE_UP_MS = 10_000;
const waitingAssets = [];
let assetsInFlight = 0;

function startWaitingPrefetches() {
  while (assetsInFlight < PREFETCHES_IN_FLIGHT && waitingAssets.length > 0) {
    const {chunkAsset, resolve} = waitingAssets.shift();
    assetsInFlight += 1;
    // core's helper settles when the link has loaded or failed (it swallows the failure).
    Promise.race([prefetchHelper(chunkAsset), new Promise((giveUp) => setTimeout(giveUp, PREFETCH_GIVE_UP_MS))]).then(
      () => {
        assetsInFlight -= 1;
        resolve();
        startWaitingPrefetches();
      },
    );
  }
}

function prefetchAsset(chunkAsset) {
  return new Promise((resolve) => {
    waitingAssets.push({chunkAsset, resolve});
    startWaitingPrefetches();
  });
}

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
      return prefetchAsset(chunkAsset);
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
