import {metaContent, parseHtml, textsOf} from '../support/html';
import {sidewaysScrolling} from '../support/sideways-scrolling';
import {expect, nameConsoleProblems, openPage, sitemapPaths, test} from '../support/site';

// Every page of the production build, from its sitemap: a page added tomorrow is tested tomorrow.
const paths = sitemapPaths();

test('every page is served complete: 200, one h1, its title and a description in the HTML', async ({request}) => {
  const problems: string[] = [];
  for (const path of paths) {
    const response = await request.get(path, {maxRedirects: 0});
    if (response.status() !== 200) {
      problems.push(`${path}: status ${response.status()}`);
      continue;
    }
    const $ = parseHtml(await response.text());
    const headings = textsOf($, 'h1').filter(Boolean);
    if (headings.length !== 1) problems.push(`${path}: ${headings.length} h1 elements (${headings.join(' / ')})`);
    const [title] = textsOf($, 'head > title');
    if (!/ \| Vigil$/.test(title ?? '')) problems.push(`${path}: title "${title}"`);
    if (!metaContent($, 'description')) problems.push(`${path}: no meta description`);
  }
  expect(paths.length).toBeGreaterThan(150);
  expect(problems).toEqual([]);
});

// Each page loaded in full and hydrated, at a phone's width: the layout every reader's browser renders
// first on a small screen, where nothing may scroll the page sideways (tests/support/sideways-scrolling.ts), and one where the API request panel (below the operation there) does not load,
// so that the sweep measures hydration; tests/e2e/api-reference.spec.ts renders the panel of every operation.
// Pages are loaded in batches, one browser page per batch, which keeps the HTTP and code caches as a
// reader's browser does; the batches run in parallel on the workers.
const PAGES_PER_BATCH = 24;
const batches = Array.from({length: Math.ceil(paths.length / PAGES_PER_BATCH)}, (_, index) =>
  paths.slice(index * PAGES_PER_BATCH, (index + 1) * PAGES_PER_BATCH),
);

test.describe('every page', () => {
  test.describe.configure({mode: 'parallel'});
  for (const batch of batches) {
    test(`${batch[0]} … ${batch.at(-1)} (${batch.length} pages) hydrate without console errors, and nothing but a code block or a labelled region scrolls sideways`, async ({
      page,
      consoleGuard,
    }) => {
      // A hang guard, generous for a loaded machine.
      test.setTimeout(batch.length * 30_000);
      await page.setViewportSize({width: 390, height: 844});
      const sideways: string[] = [];
      for (const path of batch) {
        const before = consoleGuard.length;
        await openPage(page, path);
        await expect.soft(page.locator('h1').first(), path).toBeVisible();
        nameConsoleProblems(consoleGuard, before, path);
        sideways.push(...(await sidewaysScrolling(page)).map((problem) => `${path}: ${problem}`));
      }
      expect(sideways, 'what scrolls sideways at 390 px').toEqual([]);
    });
  }
});
