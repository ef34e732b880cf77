import {metaContent, parseHtml, textsOf} from '../support/html';
import {sidewaysScrolling} from '../support/sideways-scrolling';
import {expect, nameConsoleProblems, openPage, sitemapPaths, test} from '../support/site';
import {WIDE_LAYOUTS, wideContentOf, wideContentProblems} from '../support/wide-content';

// A trace of hundreds of page loads would cost more than the checks themselves; a failure names the page, the
// width, the mode and the element.
test.use({trace: 'off'});

// Every page of the production build, from its sitemap: a page added tomorrow is tested tomorrow.
const paths = sitemapPaths();
/** The pages with a diagram or a table, as the build writes them: their wide content is checked where they load. */
const wide = new Map(
  paths.flatMap((path) => {
    const content = wideContentOf('build', path);
    return content ? [[path, content] as const] : [];
  }),
);

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
// A page with a table or a diagram is then checked, in the same load, at 1280 and 390 px in both color modes
// (tests/support/wide-content.ts: readable diagram labels, tables stacked on a phone, axe in one of the four
// layouts, neighbouring pages in the others).
// Pages are loaded in batches, one browser page per batch, which keeps the HTTP and code caches as a
// reader's browser does; the batches run in parallel on the workers.
const PAGES_PER_BATCH = 24;
const batches = Array.from({length: Math.ceil(paths.length / PAGES_PER_BATCH)}, (_, index) =>
  paths.slice(index * PAGES_PER_BATCH, (index + 1) * PAGES_PER_BATCH),
);

test.describe('every page', () => {
  test.describe.configure({mode: 'parallel'});
  test('the build has pages with diagrams and pages with tables', () => {
    expect([...wide.values()].filter(({hasDiagram}) => hasDiagram).length).toBeGreaterThanOrEqual(10);
    expect([...wide.values()].filter(({hasDiagram}) => !hasDiagram).length).toBeGreaterThanOrEqual(20);
  });

  for (const batch of batches) {
    test(`${batch[0]} … ${batch.at(-1)} (${batch.length} pages, ${batch.filter((path) => wide.has(path)).length} with a table or a diagram) hydrate without console errors, nothing but a code block or a labelled region scrolls sideways, wide content reads at both widths`, async ({
      page,
      consoleGuard,
    }) => {
      // A hang guard, generous for a loaded machine.
      test.setTimeout(batch.length * 30_000);
      await page.setViewportSize({width: 390, height: 844});
      const sideways: string[] = [];
      const wideProblems: string[] = [];
      // Pages with a diagram and pages with a table only take turns apart: each kind goes through the four layouts.
      const widePages = {diagram: 0, table: 0};
      for (const path of batch) {
        const before = consoleGuard.length;
        await openPage(page, path);
        await expect.soft(page.locator('h1').first(), path).toBeVisible();
        nameConsoleProblems(consoleGuard, before, path);
        sideways.push(...(await sidewaysScrolling(page)).map((problem) => `${path}: ${problem}`));
        const content = wide.get(path);
        if (content) {
          // Neighbouring pages share the four layouts between them for axe (the pages of a kind share their sheets).
          const kind = content.hasDiagram ? 'diagram' : 'table';
          const axeIn = WIDE_LAYOUTS[widePages[kind] % WIDE_LAYOUTS.length];
          widePages[kind] += 1;
          wideProblems.push(...(await wideContentProblems(page, path, {...content, axeIn})));
        }
      }
      expect(sideways, 'what scrolls sideways at 390 px').toEqual([]);
      expect(wideProblems, 'tables and diagrams at 1280 and 390 px, light and dark').toEqual([]);
    });
  }
});
