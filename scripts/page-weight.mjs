// Page weight of the production build: HTML bytes, and the JS and CSS a page loads before it is
// interactive, raw, gzip and brotli. Used by the benchmark (scripts/bench.mjs) and by the budget test
// (tests/e2e/page-weight.spec.ts). Byte counts are read from the files in `build/`.
//
// "Loaded before interactive" is what the browser must download and run before React hydrates the
// server-rendered page (the moment Docusaurus sets `data-has-hydrated` on <html>):
//   1. the assets the HTML references: `<script src>`, `<link rel="preload"|"modulepreload" as="script">`
//      and `<link rel="stylesheet">` (with Docusaurus 3.7 these are the runtime, the main bundle and the
//      global stylesheet: the route chunks are not written into the HTML);
//   2. the route chunks: before hydrating, Docusaurus loads the components and content of every route
//      matching the URL (its `preload()` of the matched routes: layout, sidebar, version data, page
//      component, page content) and the shared chunks they depend on, by inserting `<script>` tags.
// Both are observed in Chromium as the scripts (loaded by `<script>` elements or preloaded as scripts) and
// stylesheets (`<link rel="stylesheet">`) whose loading starts before `data-has-hydrated` is set, each file
// counted once. The set depends only on the build, so the figures are deterministic. It excludes what
// loads after hydration: chunks loaded on demand (the API request panel, Mermaid, the search index) and
// the chunks Docusaurus prefetches for links in the viewport or under the pointer (`<link rel="prefetch">`).
// Compressed sizes are of each file on its own, as a server sends it: gzip level 9 and brotli quality 11.
import {existsSync, readFileSync, readdirSync, statSync} from 'node:fs';
import {join} from 'node:path';
import {brotliCompressSync, constants as zlib, gzipSync} from 'node:zlib';
import {BASE_PATH} from './build-output.cjs';


/** Sizes of one file or a sum of files: raw, gzip -9, brotli -q 11. */
export function sizesOf(buffer) {
  return {
    raw: buffer.length,
    gzip: gzipSync(buffer, {level: 9}).length,
    brotli: brotliCompressSync(buffer, {params: {[zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: buffer.length}}).length,
  };
}

function sum(sizes) {
  return sizes.reduce((total, size) => ({raw: total.raw + size.raw, gzip: total.gzip + size.gzip, brotli: total.brotli + size.brotli}), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });
}

/** Records, in the page, the moment Docusaurus marks it hydrated (run before any script of the page). */
function recordHydrationTime() {
  // The <html> element does not exist yet: observe the whole document.
  new MutationObserver((_records, observer) => {
    if (document.documentElement?.dataset.hasHydrated === 'true') {
      Reflect.set(window, '__hydratedAt', performance.now());
      observer.disconnect();
    }
  }).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-has-hydrated']});
}

/**
 * Opens `url` in a Playwright page and returns the same-site script and stylesheet URLs the page starts
 * loading before React has hydrated it (from the Resource Timing entries), prefetches excluded.
 * Scripts are those loaded by `<script>` elements plus those the page preloads as scripts; stylesheets
 * are those loaded by `<link rel="stylesheet">`.
 */
export async function assetsBeforeInteractive(page, url) {
  await page.addInitScript(recordHydrationTime);
  const response = await page.goto(url, {timeout: 120_000});
  await page.waitForFunction(() => typeof Reflect.get(window, '__hydratedAt') === 'number', undefined, {timeout: 60_000});
  const entries = await page.evaluate(() => {
    const hydratedAt = Number(Reflect.get(window, '__hydratedAt'));
    const preloaded = new Set(
      [...document.querySelectorAll('link[rel="preload"][as="script"], link[rel="modulepreload"]')].map((link) => link.href),
    );
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime < hydratedAt)
      .map((entry) => {
        const {name, initiatorType} = entry;
        return {name, initiatorType, preloaded: preloaded.has(name)};
      });
  });
  const js = new Set();
  const css = new Set();
  for (const {name, initiatorType, preloaded} of entries) {
    const {pathname} = new URL(name);
    if (!pathname.startsWith(BASE_PATH)) continue;
    if (pathname.endsWith('.js') && (initiatorType === 'script' || preloaded)) js.add(pathname);
    if (pathname.endsWith('.css') && initiatorType === 'link') css.add(pathname);
  }
  return {status: response?.status() ?? 0, js: [...js], css: [...css]};
}

/** The file in `buildDir` an URL under /docs/ is served from; `404.html` for an unknown page when `notFound`. */
export function fileOf(buildDir, url, {notFound = false} = {}) {
  const pathname = decodeURIComponent(new URL(url, 'http://localhost').pathname);
  if (!pathname.startsWith(BASE_PATH)) throw new Error(`${url} is not under ${BASE_PATH}`);
  const relative = pathname.slice(BASE_PATH.length);
  for (const candidate of [join(buildDir, relative), join(buildDir, relative, 'index.html'), join(buildDir, `${relative}.html`)]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  if (notFound) return join(buildDir, '404.html');
  throw new Error(`${url} has no file in ${buildDir}/`);
}

/**
 * Page weight of the page at `path`: its HTML file in `buildDir` (`404.html` for an unknown path) and the build files of the asset URLs it loads
 * before it is interactive (from assetsBeforeInteractive). `cache` keeps the sizes of files seen before.
 */
export function pageWeight(buildDir, path, {js, css}, cache = new Map()) {
  const measure = (url) => {
    const file = fileOf(buildDir, url);
    if (!cache.has(file)) cache.set(file, sizesOf(readFileSync(file)));
    return cache.get(file);
  };
  return {
    html: sizesOf(readFileSync(fileOf(buildDir, path, {notFound: true}))),
    js: {files: js.length, ...sum(js.map(measure))},
    css: {files: css.length, ...sum(css.map(measure))},
  };
}

