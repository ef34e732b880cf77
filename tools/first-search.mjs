// @ts-check
// The first search on a phone: what the reader's browser downloads, and how long it takes, from typing a
// query into the navbar's search box of a page nobody has searched from, to the first suggestions on screen.
// Used by the benchmark (scripts/bench.mjs, throttled) and by the budget test (tests/e2e/search.spec.ts).
//
// Definition (also in bench/budgets.json, with the page, the query and the budget): a fresh phone context (VIEWPORTS.phone) opens FIRST_SEARCH.path and
// waits until the network has been quiet for 2 s after hydration; then the query is entered into the search
// box at once (as a paste, so no search of a partial word runs) and every response from then until the
// suggestions are shown and the network has been quiet for 1 s is counted, each URL once: the search library,
// its WebAssembly, the page outline, the index chunks of the words and the fragments of the suggested pages.
// Requests of the page and of its workers count, prefetches of other pages' chunks (resource type other) do
// not. A body the server sends compressed already (Pagefind's index files, gzip inside) counts as sent; any
// other as its gzip -9 size. The times, on the machine's clock: from the input to the first suggestion on
// screen, and from the end of the last download before it to the first suggestion.
import {readFileSync} from 'node:fs';
import {gzipSync} from 'node:zlib';
import {VIEWPORTS, trackRequests, waitForQuietNetwork} from './page-weight.mjs';

/** The page and the queries of the measurement (the query, then the one-word queries the budget test also runs), with the budget: bench/budgets.json's `firstSearch` (run from the repository's root). */
/** @type {{definition: string, path: string, query: string, oneWordQueries: string[], budget: {bytes: number, afterLastDownloadMs: number}}} */
export const FIRST_SEARCH = JSON.parse(readFileSync('bench/budgets.json', 'utf8')).firstSearch;

/**
 * The benchmark's throttled phone: Lighthouse's mobile profile (4× slower CPU, 150 ms round trips, 1.6 Mbit/s
 * down, 750 kbit/s up), applied through the DevTools protocol. Chromium slows the page's main thread only, not
 * its workers (it refuses to throttle a worker target), so Pagefind's searching in its worker runs at full speed:
 * the throttled times measure the page's own work, rendering the suggestions, under the slowdown.
 */
export const PHONE_THROTTLING = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBitsPerSecond: 1.6 * 1024 * 1024,
  uploadBitsPerSecond: 750 * 1024,
};

/**
 * One measurement: the files downloaded (path and bytes sent), their total, and the two times in ms.
 * @typedef {{query: string, throttled: boolean, files: {path: string, bytes: number}[], bytes: number, toFirstSuggestionMs: number, afterLastDownloadMs: number}} FirstSearch
 */

/** Pagefind's index files are gzipped by Pagefind itself: served as they are, sent as they are. */
const SENT_AS_IS = /\.(pf_index|pf_fragment|pf_meta|pf_filter|pagefind)$/;

/**
 * Runs the first search of FIRST_SEARCH.query (or `query`) on a phone against the site at `baseURL`; with
 * `throttled`, under PHONE_THROTTLING. Returns the files downloaded, their total, and the two times.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} baseURL
 * @param {{query?: string, throttled?: boolean}} [options]
 * @returns {Promise<FirstSearch>}
 */
export async function firstSearch(browser, baseURL, {query = FIRST_SEARCH.query, throttled = false} = {}) {
  const context = await browser.newContext({...VIEWPORTS.phone, baseURL});
  try {
    const page = await context.newPage();
    const tracker = trackRequests(page);
    await page.goto(FIRST_SEARCH.path);
    await page.waitForSelector('html[data-has-hydrated="true"]', {state: 'attached'});
    await waitForQuietNetwork(tracker);
    if (throttled) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', {rate: PHONE_THROTTLING.cpuSlowdown});
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: PHONE_THROTTLING.latencyMs,
        downloadThroughput: PHONE_THROTTLING.downloadBitsPerSecond / 8,
        uploadThroughput: PHONE_THROTTLING.uploadBitsPerSecond / 8,
      });
    }
    // The page's clock marks the first suggestion the moment it is added.
    await page.evaluate(() => {
      const listbox = document.querySelector('[role="listbox"][aria-label="Search suggestions"]');
      if (!listbox) throw new Error('the page has no search suggestions list');
      new MutationObserver((_, observer) => {
        if (listbox.querySelector('[role="option"]')) {
          /** @type {Window & {__firstSuggestionAt?: number}} */ (window).__firstSuggestionAt =
            performance.timeOrigin + performance.now();
          observer.disconnect();
        }
      }).observe(listbox, {childList: true, subtree: true});
    });
    // Requests of the page and of its workers (Pagefind searches in a worker), each URL once, with the time it
    // ended on the machine's clock, which the page's clock (performance.timeOrigin) shares.
    /** @type {Map<string, {finishedAt: number, body: Promise<Buffer>}>} */
    const responses = new Map();
    page.context().on('requestfinished', (request) => {
      if (responses.has(request.url()) || request.resourceType() === 'other') return;
      const finishedAt = Date.now();
      responses.set(request.url(), {
        finishedAt,
        body: request
          .response()
          .then((response) => response?.body() ?? Buffer.alloc(0))
          .catch(() => Buffer.alloc(0)),
      });
    });
    const box = page.getByRole('combobox', {name: 'Search'});
    await box.click();
    const typedAt = Date.now();
    await box.fill(query);
    await page
      .getByRole('listbox', {name: 'Search suggestions'})
      .getByRole('option')
      .first()
      .waitFor({timeout: 60_000});
    await waitForQuietNetwork(tracker, {quietMs: 1000});
    const shownAt = await page.evaluate(
      () => /** @type {Window & {__firstSuggestionAt?: number}} */ (window).__firstSuggestionAt ?? Infinity,
    );
    // The last download the suggestions waited for: the last to end before they were shown.
    const lastDownloadEnd = Math.max(
      typedAt,
      ...[...responses.values()].map(({finishedAt}) => finishedAt).filter((finishedAt) => finishedAt <= shownAt),
    );
    const files = [];
    for (const [url, {body}] of responses) {
      const bytes = await body;
      const path = new URL(url).pathname;
      files.push({path, bytes: SENT_AS_IS.test(path) ? bytes.length : gzipSync(bytes, {level: 9}).length});
    }
    files.sort((a, b) => b.bytes - a.bytes);
    return {
      query,
      throttled,
      files,
      bytes: files.reduce((sum, file) => sum + file.bytes, 0),
      toFirstSuggestionMs: Math.round(shownAt - typedAt),
      afterLastDownloadMs: Math.round(shownAt - lastDownloadEnd),
    };
  } finally {
    await context.close();
  }
}
