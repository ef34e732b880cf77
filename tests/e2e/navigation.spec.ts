import type {Page} from '@playwright/test';
import {expect, frontMatter, openPage, takeExpectedConsole, test, waitForHydration} from '../support/site';

const FEATURES_TITLE = String(frontMatter('docs/features/index.md').title);
const PRODUCT_TITLE = String(frontMatter('docs/product/index.md').title);

/** Marks the current document; a full page load loses the mark, client-side navigation keeps it. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as {documentMark: number}).documentMark = 1;
  });
}

async function documentIsMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as {documentMark?: number}).documentMark === 1);
}

test('client-side navigation renders the next page without a full page load', async ({page}) => {
  await openPage(page, '/docs/intro');
  await markDocument(page);
  const documentRequests: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) documentRequests.push(request.url());
  });
  await page.locator('nav.navbar').getByRole('link', {name: 'Features', exact: true}).click();
  await expect(page).toHaveURL(/\/docs\/features\/$/);
  await expect(page.locator('article h1').first()).toHaveText(FEATURES_TITLE);
  await expect(page).toHaveTitle(`${FEATURES_TITLE} | Vigil`);
  expect(await documentIsMarked(page)).toBe(true);
  expect(documentRequests).toEqual([]);
});

test('navigating to a new path scrolls to the top', async ({page}) => {
  await openPage(page, '/docs/configuring-datastore/snowflake');
  await page.locator('footer.footer').scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.locator('footer.footer').getByRole('link', {name: 'Data Catalog'}).click();
  await expect(page).toHaveURL(/\/docs\/onboarding-catalog\/$/);
  await expect(page.locator('article h1').first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('changing only the query string does not scroll', async ({page}) => {
  await openPage(page, '/docs/configuring-datastore/snowflake');
  // The app/API tabs keep the chosen tab in the query string (?interface=api), a shareable link.
  const apiTab = page.getByRole('tab', {name: 'API'}).first();
  await apiTab.scrollIntoViewIfNeeded();
  // An instant scroll: a wheel scroll can still be moving the page when the position is read.
  await page.evaluate(() => window.scrollBy({top: -120, behavior: 'instant'}));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  const before = await page.evaluate(() => window.scrollY);
  await apiTab.click();
  await expect(page).toHaveURL(/\?interface=api$/);
  await expect(apiTab).toHaveAttribute('aria-selected', 'true');
  expect(await page.evaluate(() => window.scrollY)).toBe(before);
});

test('a slow route change shows the progress bar after 200 ms, without a spinner', async ({page}) => {
  await openPage(page, '/docs/intro');
  // Hold back the scripts of the next page so that the change takes longer than the bar's delay.
  await page.route('**/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.locator('nav.navbar').getByRole('link', {name: 'Product', exact: true}).click();
  await expect(page.locator('#nprogress .bar')).toBeVisible();
  await expect(page.locator('#nprogress .spinner')).toHaveCount(0);
  await expect(page.locator('article h1').first()).toHaveText(PRODUCT_TITLE);
  await expect(page.locator('#nprogress')).toHaveCount(0);
});

test('when the next page cannot be preloaded, the site falls back to a full page load of it', async ({
  page,
  consoleGuard,
}) => {
  const target = '/docs/features/';
  let blockScripts = false;
  await page.route('**/*.js', (route) => (blockScripts ? route.abort('failed') : route.continue()));
  page.on('request', (request) => {
    // The full load of the target lifts the block so that the reloaded page can hydrate.
    if (request.isNavigationRequest() && new URL(request.url()).pathname === target) blockScripts = false;
  });
  await openPage(page, '/docs/intro');
  await markDocument(page);
  blockScripts = true;
  const fullLoad = page.waitForEvent('load');
  await page.locator('nav.navbar').getByRole('link', {name: 'Features', exact: true}).click();
  await fullLoad;
  await waitForHydration(page);
  expect(new URL(page.url()).pathname).toBe(target);
  expect(await documentIsMarked(page)).toBe(false);
  await expect(page.locator('article h1').first()).toHaveText(FEATURES_TITLE);
  // The warning Docusaurus logs before it reloads.
  takeExpectedConsole(consoleGuard, /^console warning: .*Loading chunk \d+ failed/);
  // Viewport prefetches of other links may have failed while scripts were blocked; the browser may log them.
  takeExpectedConsole(
    consoleGuard,
    /^(page error: Loading chunk \d+ failed|console error: Failed to load resource: net::ERR_FAILED)/,
    {optional: true},
  );
});

test('on a 2g or data-saver connection nothing is prefetched', async ({page}) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', {
      value: {effectiveType: 'slow-2g', saveData: true},
      configurable: true,
    });
  });
  await openPage(page, '/docs/intro');
  await page.locator('footer.footer').scrollIntoViewIfNeeded();
  await page.locator('nav.navbar').getByRole('link', {name: 'Product', exact: true}).hover();
  // Links prefetch on hover and, for those in view, when the browser is next idle: let two idle periods pass.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
  expect(await page.locator('link[rel="prefetch"]').count()).toBe(0);
});

test('on a fast connection the links in view are prefetched, each chunk once and two at a time', async ({
  page,
  consoleGuard,
}) => {
  // Each prefetched chunk is answered after 100 ms, so that prefetches started together are seen in flight
  // together; the first one fails, which must not hold the others up.
  const inFlight = new Set<string>();
  let mostInFlight = 0;
  let failed = '';
  await page.route(/\/assets\/js\/[^/]+\.js$/, async (route) => {
    if (route.request().resourceType() !== 'other') return route.continue();
    if (!failed) {
      failed = route.request().url();
      return route.abort();
    }
    inFlight.add(route.request().url());
    mostInFlight = Math.max(mostInFlight, inFlight.size);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const response = await route.fetch();
    inFlight.delete(route.request().url());
    await route.fulfill({response});
  });
  await openPage(page, '/docs/intro');
  await page.locator('nav.navbar').getByRole('link', {name: 'Product', exact: true}).hover();
  await expect.poll(() => page.locator('link[rel="prefetch"]').count()).toBeGreaterThan(0);
  // The links in view share chunks (layouts, the docs sidebar): once the idle-time prefetching has settled
  // (no new link over two idle periods and half a second), each chunk was requested once.
  const hrefs = await page.evaluate(async () => {
    const idle = () => new Promise((resolve) => requestIdleCallback(resolve));
    const count = () => document.querySelectorAll('link[rel="prefetch"]').length;
    for (let before = -1; before !== count();) {
      before = count();
      await idle();
      await idle();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return [...document.querySelectorAll('link[rel="prefetch"]')].map((link) => link.getAttribute('href'));
  });
  expect(hrefs.length).toBeGreaterThan(10);
  expect(failed).not.toBe('');
  // The browser logs the failed one.
  takeExpectedConsole(consoleGuard, /^console error: Failed to load resource: net::ERR_FAILED/, {first: true});
  expect(hrefs.filter((href, index) => hrefs.indexOf(href) !== index)).toEqual([]);
  // They went two at a time: a slow connection keeps room for what the reader asks for next.
  expect(mostInFlight).toBeGreaterThan(0);
  expect(mostInFlight).toBeLessThanOrEqual(2);
  // Prefetches still delayed when the test ends are dropped with the page.
  await page.unrouteAll({behavior: 'ignoreErrors'});
});
