import {navbar} from '../../config/navbar';
import {metaContent, servedPage, textsOf} from '../support/html';
import {BASE_URL, expect, openPage, takeExpectedConsole, test} from '../support/site';

// What the not-found page offers a reader who followed a broken or mistyped link. The served page (the same for
// every missing address) works without scripts; in the browser it searches the words of the address.

/** The sections of the navbar, which the not-found page lists. */
const SECTIONS = navbar.items.flatMap((item) => ('to' in item && item.to && 'label' in item ? [item.to] : []));

test('without scripts, the not-found page keeps noindex and offers a search form and every section', async ({
  request,
}) => {
  const $ = await servedPage(request, '/docs/configuring-datastore/snowflak', {status: 404});
  expect(metaContent($, 'robots')).toBe('noindex, follow');
  const form = $('main form[role="search"]');
  expect(form.attr('action')).toBe(`${BASE_URL}search`);
  expect(form.attr('method')).toBe('get');
  expect(form.find('input[name="q"]').length).toBe(1);
  const hrefs = $('main nav li > a')
    .toArray()
    .map((link) => $(link).attr('href'));
  expect(SECTIONS.length).toBeGreaterThan(5);
  expect(hrefs).toEqual(SECTIONS.map((to) => `${BASE_URL}${to.replace(/^\//, '')}`));
  expect(textsOf($, 'main h1')).toEqual(['Page Not Found']);
});

/** A misspelt datastore page at each width: the search is filled in and the datastore's page is proposed. */
const MISSPELT = [
  {
    width: 390,
    path: '/docs/configuring-datastore/snowflak',
    words: 'configuring datastore snowflak',
    page: 'snowflake',
  },
  {
    width: 1280,
    path: '/docs/configuring-datastore/bigqeury',
    words: 'configuring datastore bigqeury',
    page: 'bigquery',
  },
];

for (const {width, path, words, page: wanted} of MISSPELT) {
  test(`at ${width} px, ${path} proposes the ${wanted} setup page among the three nearest`, async ({
    page,
    consoleGuard,
  }) => {
    await page.setViewportSize({width, height: 900});
    const response = await openPage(page, path);
    expect(response?.status()).toBe(404);
    const main = page.getByRole('main');
    await expect(main.getByRole('searchbox', {name: 'Search the docs, the API reference and the blog'})).toHaveValue(
      words,
    );
    const nearest = main.getByRole('region', {name: 'Nearest pages'}).getByRole('listitem');
    await expect(nearest).toHaveCount(3, {timeout: 30_000});
    const hrefs = await nearest
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toContain(`${BASE_URL}configuring-datastore/${wanted}`);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      'the page scrolls sideways',
    ).toBeLessThanOrEqual(width);
    // The browser logs the document's own 404 status; that one is the point of this page.
    takeExpectedConsole(consoleGuard, /status of 404 \(Not Found\)/);
  });
}
