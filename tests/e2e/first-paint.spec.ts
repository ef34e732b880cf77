import {budgets} from '../support/budgets';
import {SCRIPT_URLS, expect, holdScripts, takeExpectedConsole, test, waitForHydration} from '../support/site';

// A page shows what the server sent without waiting for its scripts: Docusaurus' page template names the
// runtime and the main bundle with `defer`, so neither their download nor their evaluation holds back reading
// and painting the HTML. On a slow network the reader sees the page, then it hydrates once they arrive.

test('every kind of page paints what the server sent while its scripts are still downloading, then hydrates', async ({
  page,
  consoleGuard,
}) => {
  // The page of each kind of bench/budgets.json: the pages the benchmark weighs.
  for (const {kind, path} of budgets.pages) {
    const release = await holdScripts(page);
    await page.goto(path, {waitUntil: 'commit'});
    await expect(page.locator('h1').first(), `${path}: the heading`).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length), {
        message: `${path}: painted before any script arrived`,
      })
      .toBe(1);
    expect(
      await page.evaluate(() => document.documentElement.dataset.hasHydrated),
      `${path}: not hydrated yet`,
    ).not.toBe('true');
    release();
    await waitForHydration(page);
    // The browser logs the not-found page's own 404 status, which is what that page is for.
    if (kind === 'notFound') takeExpectedConsole(consoleGuard, /status of 404 \(Not Found\)/, {first: true});
    await page.unroute(SCRIPT_URLS);
  }
});
