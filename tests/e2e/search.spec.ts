import {firstSearch, FIRST_SEARCH} from '../../tools/first-search.mjs';
import {operationsOf} from '../../src/openapi';
import {readMarkdown} from '../support/content';
import {loadSpec} from '../support/openapi';
import {searchBox, suggestedPages, suggestions} from '../support/search-box';
import {FIRST_SEARCH_TIMEOUT, expect, openPage, test} from '../support/site';

const operations = operationsOf(loadSpec());
const operationPage = (operationId: string) => {
  const found = operations.find((candidate) => candidate.operationId === operationId);
  if (!found) throw new Error(`openapi/vigil-api.yaml has no operation ${operationId}`);
  return {path: `/docs/api/${found.slug}`, title: found.summary};
};
const titleOf = (file: string) => String(readMarkdown(file).frontMatter.title);

/** The words of a query a marked word of an excerpt may be: the word itself or a form of it ("grant" for "grants"). */
const formOf = (query: string) => (marked: string) =>
  query.split(/\s+/).some((word) => marked.toLowerCase().startsWith(word.toLowerCase().slice(0, 5)));

test.describe('the search box', () => {
  test('a suggestion shows its section, its title, the heading it matched and an excerpt with the words marked; Enter opens the first', async ({
    page,
  }) => {
    await openPage(page, '/docs/intro');
    await page.keyboard.press('Control+k');
    await expect(searchBox(page)).toBeFocused();
    const query = 'snowflake grants';
    const suggested = await suggestedPages(page, query);
    expect(suggested[0]).toMatch(/^\/docs\/configuring-datastore\/snowflake#/);
    const first = suggestions(page).first();
    await expect(first).toContainText('Docs');
    await expect(first).toContainText(titleOf('docs/configuring-datastore/snowflake.md'));
    const marked = await first.locator('mark').allTextContents();
    expect(marked.length, 'words marked in the excerpt').toBeGreaterThan(0);
    expect(
      marked.filter((word) => !formOf(query)(word)),
      'marked words that are not the query',
    ).toEqual([]);
    const suggestion = (await first.textContent()) ?? '';

    await page.keyboard.press('Enter');
    const anchor = suggested[0].split('#')[1];
    await page.waitForURL(
      (url) => url.pathname === '/docs/configuring-datastore/snowflake' && url.hash === `#${anchor}`,
    );
    await expect(page.getByRole('heading', {level: 1})).toHaveText(titleOf('docs/configuring-datastore/snowflake.md'));
    // The suggestion named the heading it opens at.
    const heading = (await page.locator(`[id="${anchor}"]`).textContent())?.replace(/\u200b/g, '').trim() ?? '';
    expect(heading).not.toBe('');
    expect(suggestion).toContain(heading);
  });

  test('an API action finds its operation first, labelled API; a how-to question finds the doc page first', async ({
    page,
  }) => {
    await openPage(page, '/docs/intro');
    const createDatastore = operationPage('createDatastore');
    expect((await suggestedPages(page, 'create a datastore api'))[0]).toBe(createDatastore.path);
    await expect(suggestions(page).first()).toContainText('API');
    await expect(suggestions(page).first()).toContainText(createDatastore.title);
    expect((await suggestedPages(page, 'how do i connect a datastore'))[0].replace(/#.*/, '')).toBe(
      '/docs/configuring-datastore/',
    );
  });

  test('a misspelt word is searched as the closest word of the site, and says so', async ({page}) => {
    await openPage(page, '/docs/intro');
    const suggested = await suggestedPages(page, 'databriks');
    await expect(page.getByText('Showing results for “databricks”')).toBeVisible();
    expect(suggested[0].replace(/#.*/, '')).toBe('/docs/configuring-datastore/databricks');
  });

  test('the keyboard reaches the link to all results: up from the box, then Enter opens the search page', async ({
    page,
  }) => {
    await openPage(page, '/docs/intro');
    await suggestedPages(page, 'kafka');
    await page.keyboard.press('ArrowUp');
    const all = suggestions(page).last();
    await expect(all).toHaveAttribute('aria-selected', 'true');
    await expect(all).toContainText(/See all \d+ results for “kafka”/);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/docs/search' && url.searchParams.get('q') === 'kafka');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Search results for “kafka”');
  });

  test('the link to all results counts them in words that agree with the number: one result, many results', async ({
    page,
  }) => {
    await openPage(page, '/docs/intro');
    // "glacier" is on one page of the site (the S3 datastore page), "kafka" on many.
    for (const [query, count] of [
      ['glacier', 'one'],
      ['kafka', 'many'],
    ] as const) {
      await suggestedPages(page, query);
      const all = suggestions(page).last();
      if (count === 'one') await expect(all).toHaveText(`See all 1 result for “${query}”`);
      else await expect(all).toHaveText(new RegExp(`^See all ([2-9]|\\d{2,}) results for “${query}”$`));
      await all.click();
      await page.waitForURL((url) => url.pathname === '/docs/search' && url.searchParams.get('q') === query);
      const status = page.getByRole('status');
      if (count === 'one') await expect(status).toHaveText('1 result', {timeout: FIRST_SEARCH_TIMEOUT});
      else await expect(status).toHaveText(/^([2-9]|\d{2,}) results$/, {timeout: FIRST_SEARCH_TIMEOUT});
    }
  });

  test('an excerpt shows its code in the code font, from the start of a line of code', async ({page}) => {
    await openPage(page, '/docs/intro');
    // The snowflake page's check-grants.sql starts with "USE ROLE SECURITYADMIN;".
    await suggestedPages(page, 'snowflake grants');
    const code = suggestions(page).first().locator('code');
    await expect(code.first()).toContainText(/^USE ROLE SECURITYADMIN; SHOW GRANTS TO ROLE/);
    await expect(code.first().locator('mark').first()).toHaveText('GRANTS');
    const font = (node: HTMLElement | SVGElement) => getComputedStyle(node).fontFamily;
    const pageCode = await page.locator('article code').first().evaluate(font);
    expect(await code.first().evaluate(font)).toBe(pageCode);
    expect(await suggestions(page).first().evaluate(font)).not.toBe(pageCode);
  });

  for (const query of [FIRST_SEARCH.query, ...FIRST_SEARCH.oneWordQueries]) {
    test(`the first search of "${query}" on a phone downloads at most ${FIRST_SEARCH.budget.bytes / 1000} kB (bench/budgets.json)`, async ({
      browser,
      baseURL,
    }) => {
      const search = await firstSearch(browser, baseURL!, {query});
      const files = search.files.map(({path, bytes}) => `${path} ${bytes}`).join(', ');
      expect(
        search.files.some(({path}) => path.endsWith('.pf_index')),
        `the index chunks were downloaded: ${files}`,
      ).toBe(true);
      // The suggestions' excerpts come from runs of their pages' text, not from Pagefind's fragment of each page.
      expect(
        search.files.filter(({path}) => path.endsWith('.pf_fragment')),
        files,
      ).toEqual([]);
      expect(
        search.files.some(({path}) => path.includes('/pagefind/page-text/')),
        files,
      ).toBe(true);
      expect(search.bytes, `first search of "${search.query}": ${files}`).toBeLessThanOrEqual(
        FIRST_SEARCH.budget.bytes,
      );
    });
  }
});

test.describe('the search page', () => {
  test('lists results for the query, with a filter by section that shows each section’s count', async ({page}) => {
    await openPage(page, '/docs/search?q=kafka');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Search results for “kafka”');
    const results = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({has: page.getByRole('heading', {level: 2})});
    await expect(
      page.getByRole('link', {name: titleOf('docs/configuring-datastore/kafka.md'), exact: true}).first(),
    ).toBeVisible({timeout: FIRST_SEARCH_TIMEOUT});
    const filters = page.getByRole('navigation', {name: 'Filter results by section'});
    const apiFilter = filters.getByRole('link', {name: /^API \(\d+\)$/});
    const apiCount = Number((await apiFilter.textContent())?.match(/\((\d+)\)/)?.[1]);
    expect(apiCount).toBeGreaterThan(0);
    await apiFilter.click();
    await page.waitForURL((url) => url.searchParams.get('section') === 'API');
    await expect(filters.getByRole('link', {name: /^API/})).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('status')).toHaveText(`${apiCount} ${apiCount === 1 ? 'result' : 'results'} in API`);
    await expect(results).toHaveCount(Math.min(apiCount, 10));
    for (const label of await results.locator('> span').allTextContents()) expect(label).toBe('API');
  });

  test('shows ten results, and ten more on request', async ({page}) => {
    await openPage(page, '/docs/search?q=dataset');
    const results = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({has: page.getByRole('heading', {level: 2})});
    await expect(results).toHaveCount(10, {timeout: FIRST_SEARCH_TIMEOUT});
    const total = Number((await page.getByRole('status').textContent())?.match(/^(\d+) results/)?.[1]);
    expect(total).toBeGreaterThan(20);
    await page.getByRole('button', {name: 'Show more results'}).click();
    await expect(results).toHaveCount(20);
  });

  test('the form is in the served HTML: a search works as a plain GET before the scripts run', async ({request}) => {
    const html = await (await request.get('/docs/search')).text();
    expect(html).toMatch(
      /<form[^>]*action="?\/docs\/search"?[^>]*method="?get"?|<form[^>]*method="?get"?[^>]*action="?\/docs\/search"?/,
    );
    expect(html).toMatch(/<input[^>]*name="?q"?/);
    expect(html).toMatch(/<meta[^>]*name="?robots"?[^>]*content="noindex, follow"/);
  });
});
