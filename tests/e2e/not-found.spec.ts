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
  test(`${path} shows the not-found page with the navbar and footer`, async ({page, consoleGuard}) => {
    const response = await openPage(page, path);
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Page Not Found | Vigil');
    expect((await page.locator('head meta[name="description"]').getAttribute('content'))?.trim()).toBeTruthy();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Page Not Found');
    await expect(page.locator('nav.navbar')).toBeVisible();
    await expect(page.locator('footer.footer')).toBeVisible();
    // From there the reader gets back into the docs with client-side navigation.
    await page.locator('nav.navbar').getByRole('link', {name: 'Getting Started'}).click();
    await expect(page).toHaveURL(/\/docs\/intro$/);
    await expect(page.locator('article h1').first()).toBeVisible();
    // The browser logs the document's own 404 status; that one is the point of this test.
    takeExpectedConsole(consoleGuard, /status of 404 \(Not Found\)/);
  });
}
