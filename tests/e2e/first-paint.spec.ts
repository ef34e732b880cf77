import type {Page} from '@playwright/test';
import {budgets} from '../support/budgets';
import {expect, openPage, takeExpectedConsole, test} from '../support/site';

// A page shows what the server sent before any script of the bundle runs: the page shell
// (config/ssr-template.ts) preloads the scripts and starts them once the browser reports the first
// contentful paint, so neither their evaluation nor the hydration holds that paint back. A tab in the
// background paints nothing, so there they start at once.

type ScriptStart = {src: string; afterFirstPaint: boolean; readyState: DocumentReadyState};

/** Records every script element with a `src` as it enters the document: whether the page had painted by then, and the document's ready state. */
async function recordScriptStarts(page: Page) {
  await page.addInitScript(() => {
    const starts: ScriptStart[] = [];
    (window as unknown as {scriptStarts: ScriptStart[]}).scriptStarts = starts;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLScriptElement && node.src) {
            starts.push({
              src: new URL(node.src).pathname,
              afterFirstPaint: performance.getEntriesByName('first-contentful-paint').length > 0,
              readyState: document.readyState,
            });
          }
        }
      }
    }).observe(document, {childList: true, subtree: true});
  });
}

const scriptStartsOf = (page: Page) => page.evaluate(() => (window as unknown as {scriptStarts: ScriptStart[]}).scriptStarts);

/** The scripts the server's page names, in order: the preloads the shell starts. */
const preloadedScriptsOf = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=script]')].map((link) => new URL(link.href).pathname));

test('every kind of page paints what the server sent before its scripts start, then hydrates', async ({page, consoleGuard}) => {
  await recordScriptStarts(page);
  // The page of each kind of bench/budgets.json: the pages the benchmark weighs and scores.
  for (const {kind, path} of budgets.pages) {
    await openPage(page, path);
    // The browser logs the not-found page's own 404 status, which is what that page is for.
    if (kind === 'notFound') takeExpectedConsole(consoleGuard, /status of 404 \(Not Found\)/, {first: true});
    const preloaded = await preloadedScriptsOf(page);
    expect(preloaded, `${path}: the runtime and the main bundle are preloaded`).toEqual([
      expect.stringMatching(/\/assets\/js\/runtime~main\.[0-9a-f]+\.js$/),
      expect.stringMatching(/\/assets\/js\/main\.[0-9a-f]+\.js$/),
    ]);
    const starts = await scriptStartsOf(page);
    expect(starts.slice(0, preloaded.length).map((start) => start.src), `${path}: the preloaded scripts start first, in order`).toEqual(preloaded);
    expect(starts.filter((start) => !start.afterFirstPaint), `${path}: scripts that started before the first paint`).toEqual([]);
  }
});

test('a page opened in a background tab starts its scripts without waiting for a paint', async ({page}) => {
  // A hidden document paints no frame; a headless page is never hidden, so the document says it is.
  await page.addInitScript(() => {
    Object.defineProperty(Document.prototype, 'hidden', {configurable: true, get: () => true});
    Object.defineProperty(Document.prototype, 'visibilityState', {configurable: true, get: () => 'hidden'});
  });
  await recordScriptStarts(page);
  await openPage(page, '/docs/intro');
  const starts = await scriptStartsOf(page);
  expect(starts.slice(0, 2).map((start) => start.src)).toEqual(await preloadedScriptsOf(page));
  // Started by the shell's inline script itself, while the browser was still reading the page: a start that
  // waits for the paint comes in a later task, after the document has been read.
  expect(starts.slice(0, 2).map((start) => start.readyState), 'started while the page was being read').toEqual(['loading', 'loading']);
});
