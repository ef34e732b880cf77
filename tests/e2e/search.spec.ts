import {FIRST_SEARCH_TIMEOUT, expect, openPage, test} from '../support/site';
import {operationsOf} from '../../src/openapi';
import {loadSpec} from '../support/openapi';
import {readMarkdown} from '../support/content';

const operations = operationsOf(loadSpec());
const operation = (operationId: string) => {
  const found = operations.find((candidate) => candidate.operationId === operationId);
  if (!found) throw new Error(`openapi/vigil-api.yaml has no operation ${operationId}`);
  return found;
};

/** The text of a heading of a Markdown file, which must have it. */
function heading(file: string, text: RegExp): string {
  const line = readMarkdown(file).body.split('\n').find((candidate) => /^#{2,3} /.test(candidate) && text.test(candidate));
  if (!line) throw new Error(`${file} has no heading matching ${text}`);
  return line.replace(/^#+ /, '').trim();
}

/**
 * Query, the page its first suggestion must open, and the explanation a reader must also be offered.
 *
 * The plugin ranks a page whose title holds every word of the query above any section heading or text.
 * "data contract status" and "watermark" are the names of two API operations ("Set a data contract
 * status", "Set a dataset watermark"), so those pages come first; each states what the value is and which
 * changes are allowed. The conceptual explanations (the glossary's "Data contract status" entry, the
 * "Watermarks" section of Streaming monitoring) follow in the same list. Putting them first would take
 * renaming pages after search terms, which this site does not do.
 */
const QUERIES: Array<{query: string; first: string; alsoOffered?: {title: string; path: string}}> = [
  // An operation by its summary, and by a segment of its path.
  {query: operation('createDatastore').summary, first: `/docs/api/${operation('createDatastore').slug}`},
  {query: 'test-connection', first: `/docs/api/${operation('testDatastoreConnection').slug}`},
  // The Snowflake page is the one that lists the grants Vigil needs.
  {query: 'snowflake grants', first: '/docs/configuring-datastore/snowflake'},
  {
    query: 'data contract status',
    first: `/docs/api/${operation('setDataContractStatus').slug}`,
    alsoOffered: {title: heading('docs/product/glossary.md', /^### Data contract status$/i), path: '/docs/product/glossary'},
  },
  {
    query: 'watermark',
    first: `/docs/api/${operation('setDatasetWatermark').slug}`,
    alsoOffered: {title: heading('docs/features/streaming-monitoring.md', /^## Watermarks$/), path: '/docs/features/streaming-monitoring'},
  },
];

test('offline search: each query opens the right page first', async ({page}) => {
  await openPage(page, '/docs/intro');
  const search = page.locator('input.navbar__search-input');
  for (const {query, first, alsoOffered} of QUERIES) {
    await page.keyboard.press('Control+k');
    await expect(search).toBeFocused();
    await search.fill(query);
    const options = page.getByRole('option');
    await expect(options.first()).toBeVisible({timeout: FIRST_SEARCH_TIMEOUT});
    if (alsoOffered) {
      await expect(options.filter({hasText: alsoOffered.title}).first(), `"${query}" offers ${alsoOffered.path}`).toBeVisible();
    }
    const previousTitle = await page.title();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === first, {timeout: 10_000}).catch(() => undefined);
    expect.soft(new URL(page.url()).pathname, `first suggestion for "${query}"`).toBe(first);
    // The address changes at once, while the previous page stays on screen until the chunks of the next one
    // have loaded; the next page has replaced it when the document title is its own.
    await expect(page).not.toHaveTitle(previousTitle);
    await expect(page.locator('article h1').first()).toBeVisible();
  }
});

test('the search results page lists matches for a query', async ({page}) => {
  await openPage(page, '/docs/search?q=kafka');
  await expect(page.getByRole('heading', {level: 1})).toContainText('kafka');
  await expect(page.locator('article h2 a[href="/docs/configuring-datastore/kafka"]').first()).toBeVisible({timeout: FIRST_SEARCH_TIMEOUT});
});
