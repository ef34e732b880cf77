// @ts-check
// Page weight: what a reader's browser downloads for one page of the production build, at a desktop and
// at a phone viewport. Used by the benchmark (scripts/bench.mjs) and by the budget test
// (tests/e2e/page-weight.spec.ts).
//
// Definition (also in bench/budgets.json): every response of resource type `script`, and separately of
// type `stylesheet`, that the page downloads while nobody touches it, from the navigation until the
// network has been idle for 2 s (no request in flight, none started), each URL counted once, measured as
// the gzip -9 (and brotli -q 11) size of its body compressed on its own. That includes the chunks a page
// loads by itself after hydration (a diagram or the API request panel that starts in or near the viewport)
// and excludes what only a reader's action loads (a click, a hover, a search).
//
// Prefetches of other pages are left out. Docusaurus prefetches the route chunks of every link that comes
// into view by appending `<link rel="prefetch" href=…>` to <head> (@docusaurus/core
// lib/client/prefetch.js). Chromium gives such a request the resource type `other` (CDP `Prefetch` in
// some versions), never `script`, so counting by resource type leaves them out; when the page runs a
// prefetched file itself, webpack's `<script>` for it is a second request, of type `script`, and counts.
// So that nothing is left out silently, every `.js` or `.css` response of another type must be the URL of
// a `link[rel="prefetch"]` element of the document: any other is an error naming the file.
//
// Fonts (resource type `font`, the woff2 files of static/fonts) are reported beside them, by their bytes as
// downloaded: woff2 is compressed already, so their gzip and brotli sizes are not what travels.
//
// "Idle" waits on conditions, never on a fixed sleep: Docusaurus has marked the page hydrated (what a
// page loads by itself, such as a LazyChunk, starts after that), then no request has been in
// flight or started for 2 s (a request counter, see waitForQuietNetwork), then the page's main thread
// has been idle (requestIdleCallback) and still no request started; otherwise the 2 s start over. On a
// busy machine the network can be quiet for 2 s while the page is still running its scripts, so without
// the first and last conditions a chunk the page loads itself would sometimes not be counted. The 2 s are
// part of the definition: a page that starts a download later is not counted.
import {createHash} from 'node:crypto';
import {brotliCompressSync, constants as zlib, gzipSync} from 'node:zlib';

/** @typedef {import('@playwright/test').Page} Page */
/** @typedef {import('@playwright/test').Request} Request */
/** @typedef {'desktop' | 'phone'} Viewport */
/** @typedef {{raw: number, gzip: number, brotli?: number}} Sizes */
/** @typedef {Sizes & {path: string}} FileSizes */
/** @typedef {{type: 'script' | 'stylesheet' | 'font', url: string, path: string, status: number, body: Buffer}} Download */
/** @typedef {{status: number, html: Buffer, js: Download[], css: Download[], fonts: Download[], prefetched: string[]}} PageDownloads */
/**
 * @typedef {{status: number, html: Sizes, js: Sizes & {files: number, list: FileSizes[]}, css: Sizes & {files: number, list: FileSizes[]}, fonts: {files: number, bytes: number, list: {path: string, bytes: number}[]}}} PageWeight
 */
/** @typedef {{brotli?: boolean, cache?: Map<string, Sizes>}} WeightOptions */
/** @typedef {{inFlight: Set<Request>, started: number, listeners: Set<() => void>, stop: () => void}} RequestTracker */

/**
 * The two viewports a page is weighed at: Playwright context options.
 * @type {Record<Viewport, import('@playwright/test').BrowserContextOptions>}
 */
export const VIEWPORTS = {
  desktop: {viewport: {width: 1280, height: 900}, deviceScaleFactor: 1, isMobile: false, hasTouch: false},
  phone: {
    viewport: {width: 390, height: 844},
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    // Chrome on Android, as Playwright's phone descriptors give it.
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
  },
};

/** How long the network must stay idle before the page is taken to have downloaded all it downloads unasked. */
export const QUIET_MS = 2000;

/**
 * Sizes of one body: raw, gzip -9 and, with `brotli`, brotli -q 11.
 * @param {Buffer} buffer
 * @param {{brotli?: boolean}} [options]
 */
export function sizesOf(buffer, {brotli = true} = {}) {
  /** @type {Sizes} */
  const sizes = {raw: buffer.length, gzip: gzipSync(buffer, {level: 9}).length};
  if (brotli) {
    sizes.brotli = brotliCompressSync(buffer, {
      params: {[zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: buffer.length},
    }).length;
  }
  return sizes;
}

/**
 * @param {FileSizes[]} files
 * @returns {Sizes & {files: number}}
 */
function total(files) {
  /** @type {Sizes & {files: number}} */
  const sum = {files: files.length, raw: 0, gzip: 0};
  if (files.every((file) => file.brotli !== undefined)) sum.brotli = 0;
  for (const file of files) {
    sum.raw += file.raw;
    sum.gzip += file.gzip;
    if (sum.brotli !== undefined) sum.brotli += file.brotli ?? 0;
  }
  return sum;
}

/**
 * Counts the page's requests in flight and calls `onChange` after each request starts or ends. Requests
 * served from the memory cache start and end like the others.
 * @param {Page} page
 * @returns {RequestTracker}
 */
export function trackRequests(page) {
  /** @type {RequestTracker} */
  const state = {inFlight: new Set(), started: 0, listeners: new Set(), stop: () => {}};
  const notify = () => state.listeners.forEach((listener) => listener());
  const started = (/** @type {Request} */ request) => {
    state.started += 1;
    state.inFlight.add(request);
    notify();
  };
  const ended = (/** @type {Request} */ request) => {
    state.inFlight.delete(request);
    notify();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  state.stop = () => {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  };
  return state;
}

/**
 * Resolves once no request has been in flight, and none has started or ended, for `quietMs`: the timer
 * starts over on every request event. Rejects after `timeoutMs`, naming the requests still in flight.
 * @param {RequestTracker} tracker
 * @param {{quietMs?: number, timeoutMs?: number}} [options]
 * @returns {Promise<void>}
 */
export function waitForQuietNetwork(tracker, {quietMs = QUIET_MS, timeoutMs = 90_000} = {}) {
  return new Promise((resolve, reject) => {
    /** @type {NodeJS.Timeout | undefined} */
    let quiet;
    const done = (/** @type {Error} */ error) => {
      clearTimeout(quiet);
      clearTimeout(deadline);
      tracker.listeners.delete(check);
      if (error) reject(error);
      else resolve();
    };
    const check = () => {
      clearTimeout(quiet);
      if (tracker.inFlight.size === 0) quiet = setTimeout(() => done(), quietMs);
    };
    const deadline = setTimeout(() => {
      const pending = [...tracker.inFlight].map((request) => request.url()).join(', ');
      done(
        new Error(
          `the network did not stay idle for ${quietMs} ms within ${timeoutMs} ms; in flight: ${pending || 'none'}`,
        ),
      );
    }, timeoutMs);
    tracker.listeners.add(check);
    check();
  });
}

/**
 * Opens `url` in `page` (a fresh browser context, so nothing is cached), waits until the network has been
 * quiet for QUIET_MS and returns the page's downloads: the document (status and body) and each script,
 * stylesheet and font URL once, with its body. `prefetched` lists the `.js`/`.css` URLs fetched by
 * `<link rel="prefetch">` (not counted).
 * @param {Page} page
 * @param {string} url
 * @returns {Promise<PageDownloads>}
 */
export async function pageDownloads(page, url) {
  const tracker = trackRequests(page);
  /** @type {Promise<Omit<Download, 'body'> & {body?: Buffer, error?: Error}>[]} */
  const bodies = [];
  /** @type {Set<string>} */
  const other = new Set();
  const onResponse = (/** @type {import('@playwright/test').Response} */ response) => {
    const type = response.request().resourceType();
    const {pathname} = new URL(response.url());
    if (type === 'script' || type === 'stylesheet' || type === 'font') {
      // Read at once: a body is no longer available once the page has gone.
      const download = {
        type: /** @type {Download['type']} */ (type),
        url: response.url(),
        path: pathname,
        status: response.status(),
      };
      bodies.push(
        response.body().then(
          (body) => ({...download, body}),
          (/** @type {Error} */ error) => ({...download, error}),
        ),
      );
    } else if (/\.(js|css)$/.test(pathname)) {
      other.add(response.url());
    }
  };
  page.on('response', onResponse);
  try {
    const response = await page.goto(url, {timeout: 120_000});
    if (!response) throw new Error(`${url}: no response`);
    const documentBody = await response.body();
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true', undefined, {
      timeout: 90_000,
    });
    for (;;) {
      await waitForQuietNetwork(tracker);
      const started = tracker.started;
      await page.evaluate(
        () => new Promise((resolve) => requestIdleCallback(() => resolve(undefined), {timeout: 10_000})),
      );
      if (tracker.started === started && tracker.inFlight.size === 0) break;
    }
    const prefetchLinks = new Set(
      await page.evaluate(() =>
        [...document.querySelectorAll('link[rel="prefetch"]')].map(
          (link) => /** @type {HTMLLinkElement} */ (link).href,
        ),
      ),
    );
    const unexplained = [...other].filter((href) => !prefetchLinks.has(href));
    if (unexplained.length > 0) {
      throw new Error(
        `${url}: scripts or stylesheets fetched neither as script/stylesheet nor by <link rel=prefetch> (see tools/page-weight.mjs): ${unexplained.join(', ')}`,
      );
    }
    /** @type {Map<string, Download>} */
    const seen = new Map();
    for (const download of await Promise.all(bodies)) {
      if (download.error) throw new Error(`${url}: no body for ${download.url}: ${download.error.message}`);
      if (download.status >= 400) throw new Error(`${url}: ${download.url} answered ${download.status}`);
      if (!seen.has(download.url)) seen.set(download.url, /** @type {Download} */ (download));
    }
    const files = [...seen.values()];
    return {
      status: response.status(),
      html: documentBody,
      js: files.filter((file) => file.type === 'script'),
      css: files.filter((file) => file.type === 'stylesheet'),
      fonts: files.filter((file) => file.type === 'font'),
      prefetched: [...other],
    };
  } finally {
    page.off('response', onResponse);
    tracker.stop();
  }
}

/**
 * The page weight of `downloads` (from pageDownloads): HTML, JS and CSS sizes, each list of files largest
 * (gzipped) first. `cache` keeps the sizes of bodies seen before (keyed by content), since most files are
 * shared by every page.
 * @param {PageDownloads} downloads
 * @param {WeightOptions} [options]
 * @returns {PageWeight}
 */
export function pageWeight(downloads, {brotli = true, cache = new Map()} = {}) {
  /** @type {(download: Download) => FileSizes} */
  const measure = ({path, body}) => {
    const key = `${createHash('sha256').update(body).digest('hex')}:${brotli}`;
    if (!cache.has(key)) cache.set(key, sizesOf(body, {brotli}));
    return {path, .../** @type {Sizes} */ (cache.get(key))};
  };
  const list = (/** @type {Download[]} */ files) => files.map(measure).sort((a, b) => b.gzip - a.gzip);
  const js = list(downloads.js);
  const css = list(downloads.css);
  const fonts = downloads.fonts.map(({path, body}) => ({path, bytes: body.length})).sort((a, b) => b.bytes - a.bytes);
  return {
    status: downloads.status,
    html: sizesOf(downloads.html, {brotli}),
    js: {...total(js), list: js},
    css: {...total(css), list: css},
    fonts: {files: fonts.length, bytes: fonts.reduce((sum, font) => sum + font.bytes, 0), list: fonts},
  };
}

/**
 * Opens a fresh context at `viewport` (a key of VIEWPORTS) in `browser`, weighs `url` and closes it.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {Viewport} viewport
 * @param {WeightOptions} [options]
 */
export async function weighPage(browser, url, viewport, options = {}) {
  const context = await browser.newContext(VIEWPORTS[viewport]);
  try {
    return pageWeight(await pageDownloads(await context.newPage(), url), options);
  } finally {
    await context.close();
  }
}
