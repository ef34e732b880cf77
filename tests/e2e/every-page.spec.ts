import {expect, openPage, sitemapPaths, test} from '../support/site';

// Every page of the production build, from its sitemap: a page added tomorrow is tested tomorrow.
for (const path of sitemapPaths()) {
  test(`${path} renders without console errors`, async ({page}) => {
    const response = await openPage(page, path);
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(page).toHaveTitle(/ \| Vigil$/);
  });
}
