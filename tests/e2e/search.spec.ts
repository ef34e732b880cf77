import {expect, openPage, test} from '../support/site';

/** Query, and the page its first suggestion must open. */
const QUERIES: Array<[string, string]> = [
  // An operation by its summary, and by a segment of its path.
  ['Create a datastore', '/docs/api/create-datastore'],
  ['test-connection', '/docs/api/test-datastore-connection'],
  ['snowflake grants', '/docs/configuring-datastore/snowflake'],
  ['data contract status', '/docs/api/set-data-contract-status'],
  ['watermark', '/docs/api/set-dataset-watermark'],
];

for (const [query, target] of QUERIES) {
  test(`offline search: "${query}" opens ${target} first`, async ({page}) => {
    await openPage(page, '/docs/intro');
    const search = page.locator('input.navbar__search-input');
    await search.click();
    await search.fill(query);
    await expect(page.getByRole('option').first()).toBeVisible();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === target);
    await expect(page.locator('article h1').first()).toBeVisible();
  });
}

test('the search results page lists matches for a query', async ({page}) => {
  await openPage(page, '/docs/search?q=kafka');
  await expect(page.getByRole('heading', {level: 1})).toContainText('kafka');
  await expect(page.locator('article h2 a[href="/docs/configuring-datastore/kafka"]').first()).toBeVisible();
});
