import type {Page} from '@playwright/test';
import {docRoute, markdownFiles} from '../support/content';
import {expect, openPage, takeExpectedConsole, test} from '../support/site';

// Parts of a page whose code loads after the page is interactive (diagrams, the API request panel): a
// spinner after 200 ms while the code loads, and on a failure an error box with a Retry button (spec
// "Shared layout"). Whole pages never show either: Docusaurus loads the next page's code before it leaves
// the current one, and reloads the page in full when that fails (navigation.spec.ts).

/** The doc whose first diagram stands furthest down the page: it loads only once the reader scrolls there. */
const diagramPage = markdownFiles('docs')
  .map((doc) => ({doc, line: doc.body.split('\n').findIndex((line) => line.startsWith('```mermaid'))}))
  .filter(({line}) => line >= 0)
  .sort((a, b) => b.line - a.line)[0];
const DIAGRAM_PATH = docRoute(diagramPage.doc);

const spinnerOf = (page: Page) => page.getByRole('status').filter({hasText: 'Loading…'});
const diagramOf = (page: Page) => page.locator('.docusaurus-mermaid-container svg').first();

/** Scrolls down as a reader does until `target` shows. */
async function scrollUntilVisible(page: Page, target: ReturnType<Page['locator']>) {
  await expect(async () => {
    await page.mouse.wheel(0, 500);
    await expect(target.first()).toBeVisible({timeout: 500});
  }).toPass({timeout: 30_000});
}

test.beforeEach(async ({page}) => {
  await page.setViewportSize({width: 1280, height: 700});
  await openPage(page, DIAGRAM_PATH);
  await expect(diagramOf(page), `the diagram of ${DIAGRAM_PATH} does not load before the reader scrolls to it`).toHaveCount(0);
});

test('while a diagram loads, a spinner shows after 200 ms, then the diagram replaces it', async ({page}) => {
  // When the chunk's script is added and when the spinner appears, by the page's own clock.
  await page.evaluate(() => {
    const times: {script?: number; spinner?: number} = {};
    (window as unknown as {lazyTimes: typeof times}).lazyTimes = times;
    new MutationObserver((records) => {
      for (const node of records.flatMap((record) => [...record.addedNodes])) {
        if (!(node instanceof HTMLElement)) continue;
        if (node instanceof HTMLScriptElement && node.src.includes('/assets/js/')) times.script ??= performance.now();
        if (node.matches('[role="status"]') || node.querySelector('[role="status"]')) times.spinner ??= performance.now();
      }
    }).observe(document, {childList: true, subtree: true});
  });
  // The network holds the diagram's code back until the spinner has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/js/**', async (route) => {
    await held;
    await route.continue();
  });
  await scrollUntilVisible(page, spinnerOf(page));
  const {script, spinner} = await page.evaluate(() => (window as unknown as {lazyTimes: {script?: number; spinner?: number}}).lazyTimes);
  expect(script, 'the diagram code was requested').toBeDefined();
  expect((spinner ?? 0) - (script ?? 0), 'milliseconds from the request to the spinner').toBeGreaterThanOrEqual(200);
  release();
  await expect(diagramOf(page)).toBeVisible();
  await expect(spinnerOf(page)).toHaveCount(0);
});

test('when a diagram cannot load, an error box offers Retry, which loads it', async ({page, consoleGuard}) => {
  let failing = true;
  await page.route('**/assets/js/**', (route) => (failing ? route.abort('failed') : route.continue()));
  const alert = page.getByRole('alert').filter({hasText: 'could not be loaded'});
  await scrollUntilVisible(page, alert);
  await expect(diagramOf(page)).toHaveCount(0);
  failing = false;
  await alert.getByRole('button', {name: 'Retry'}).click();
  await expect(diagramOf(page)).toBeVisible();
  await expect(alert).toHaveCount(0);
  // The browser reports the requests the test made fail.
  takeExpectedConsole(consoleGuard, /^console error: Failed to load resource: net::ERR_FAILED$/);
});
