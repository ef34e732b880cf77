import {metaContent, servedPage, textsOf} from '../support/html';
import {expect, openPage, takeExpectedConsole, test} from '../support/site';

/** Unknown paths in every part of the site, with and without a trailing slash. */
const UNKNOWN_PATHS = [
  '/docs/no-such-page',
  '/docs/configuring-datastore/oracle',
  '/docs/features/rules/extra/',
  '/docs/api/delete-everything',
  '/docs/blog/2031/01/01/no-such-post',
  '/docs/blog/tags/no-such-tag',
];

for (const path of UNKNOWN_PATHS) {
  test(`${path} answers 404 with the not-found page, its navbar and footer`, async ({request}) => {
    const $ = await servedPage(request, path, {status: 404});
    expect(textsOf($, 'head > title')).toEqual(['Page Not Found | Vigil']);
    expect(metaContent($, 'description')?.trim()).toBeTruthy();
    expect(textsOf($, 'h1')).toEqual(['Page Not Found']);
    expect($('nav.navbar').length).toBe(1);
    expect($('footer.footer').length).toBe(1);
  });
}

test('from the not-found page the reader gets back into the docs with client-side navigation', async ({
  page,
  consoleGuard,
}) => {
  const response = await openPage(page, UNKNOWN_PATHS[0]);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Page Not Found');
  await expect(page.locator('nav.navbar')).toBeVisible();
  await expect(page.locator('footer.footer')).toBeVisible();
  const documentRequests: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) documentRequests.push(request.url());
  });
  await page.locator('nav.navbar').getByRole('link', {name: 'Getting Started'}).click();
  await expect(page).toHaveURL(/\/docs\/intro$/);
  await expect(page.locator('article h1').first()).toBeVisible();
  expect(documentRequests, 'no full page load').toEqual([]);
  // The browser logs the document's own 404 status; that one is the point of this page.
  takeExpectedConsole(consoleGuard, /status of 404 \(Not Found\)/);
});
