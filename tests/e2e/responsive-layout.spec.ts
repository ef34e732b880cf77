import {readFileSync} from 'node:fs';
import type {Page} from '@playwright/test';
import {fileForPath, sitemapPaths} from '../../tools/build-output.cjs';
import {axeViolations} from '../support/axe';
import {expect, openPage, test} from '../support/site';

// Wide content on narrow screens, on the pages of the build under test (its sitemap and HTML, so that a page
// added tomorrow is measured tomorrow): diagrams are drawn with labels a reader can read, tables stack on a phone,
// and the pages with a table or a diagram pass axe. That nothing scrolls a page sideways on a phone is checked on
// every page by tests/e2e/every-page.spec.ts.

const BUILD_DIR = process.env.VIGIL_BUILD_DIR ?? 'build';
const PHONE = {width: 390, height: 844};
const DESKTOP = {width: 1280, height: 800};
/** The smallest size a diagram's label may be drawn at, in CSS pixels (scripts/render-diagrams.mjs). */
const SMALLEST_LABEL_PX = 12;
/** The browser tests run on two workers: each page list is cut in this many parts, one test each. */
const WORKERS = 2;

// A trace of hundreds of page loads would cost more than the checks themselves; a failure names the page, the
// width, the mode and the element.
test.use({trace: 'off'});

const paths = sitemapPaths(BUILD_DIR);
const builtHtml = (path: string) => {
  const file = fileForPath(BUILD_DIR, path);
  if (!file) throw new Error(`${BUILD_DIR} has no page for ${path}, which its sitemap lists`);
  return readFileSync(file, 'utf8');
};
/** The pages with a diagram or a table, as the build writes them (minified HTML may drop the quotes). */
const widePages = paths
  .map((path) => ({path, html: builtHtml(path)}))
  .filter(({html}) => /<table[\s>]|class="?mermaid-diagram[\s">]/.test(html))
  .map(({path, html}) => ({path, hasDiagram: /class="?mermaid-diagram[\s">]/.test(html)}));

/** `list` in `parts` interleaved parts of about equal length (neighbours in the sitemap are pages of one kind). */
function split<T>(list: T[], parts: number): T[][] {
  return Array.from({length: parts}, (_, part) => list.filter((_, index) => index % parts === part));
}

/** The drawn size of the smallest label of each diagram the page shows, with the name of its figure. */
async function smallestLabels(page: Page): Promise<Array<{diagram: string; id: string; px: number}>> {
  return page.locator('.mermaid-diagram svg').evaluateAll((svgs) =>
    (svgs as SVGSVGElement[])
      .filter((svg) => svg.getClientRects().length > 0)
      .map((svg) => {
        // The SVG is drawn at its rendered width over its viewBox width; a label's font size is in viewBox units.
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        const sizes = [...svg.querySelectorAll('text')].map((text) => parseFloat(getComputedStyle(text).fontSize));
        return {
          diagram: svg.closest('figure')?.getAttribute('aria-label') ?? '(no label)',
          id: svg.id,
          px: Math.round(Math.min(...sizes) * scale * 10) / 10,
        };
      }),
  );
}

test.describe('pages with a table or a diagram, at 1280 and 390 px, light and dark', () => {
  test.describe.configure({mode: 'parallel'});
  test('the build has pages with diagrams and pages with tables', () => {
    expect(widePages.filter(({hasDiagram}) => hasDiagram).length).toBeGreaterThanOrEqual(10);
    expect(widePages.filter(({hasDiagram}) => !hasDiagram).length).toBeGreaterThanOrEqual(20);
  });

  for (const [part, batch] of split(widePages, WORKERS).entries()) {
    test(`part ${part + 1} of ${WORKERS} (${batch.length} pages): readable diagrams, stacked tables, axe`, async ({
      page,
    }) => {
      test.setTimeout(batch.length * 30_000);
      const problems: string[] = [];
      for (const [index, {path, hasDiagram}] of batch.entries()) {
        await openPage(page, path);
        // Both modes and both widths on every page, axe in two of the four: light at 1280 and dark at 390 on one
        // page, the other two on the next (the pages of a kind share their style sheets; four axe runs a page
        // took two minutes of the browser tests).
        const axeIn = (index + Number(hasDiagram)) % 2 === 0 ? ['light 1280', 'dark 390'] : ['dark 1280', 'light 390'];
        for (const mode of ['light', 'dark'] as const) {
          // The theme's own attribute, as its toggle sets it: the style sheets follow it.
          await page.evaluate((theme) => document.documentElement.setAttribute('data-theme', theme), mode);
          for (const [width, viewport] of [
            ['1280', DESKTOP],
            ['390', PHONE],
          ] as const) {
            await page.setViewportSize(viewport);
            const where = `${path} ${mode} ${width} px`;
            if (hasDiagram) {
              const labels = await smallestLabels(page);
              if (labels.length === 0) problems.push(`${where}: no diagram shown`);
              for (const {diagram, id, px} of labels) {
                if (!id.endsWith(`-${mode}`)) problems.push(`${where}: ${diagram} shows its ${id} SVG`);
                if (px < SMALLEST_LABEL_PX) problems.push(`${where}: ${diagram}: smallest label ${px} px`);
              }
            }
            if (viewport === PHONE) {
              // Each row of a labelled table is a card: no table scrolls; axe below hears each cell's header.
              const tables = await page.locator('main table.stacked-table').evaluateAll((elements) =>
                elements.map((table) => ({
                  scrolls: table.scrollWidth > table.clientWidth + 1,
                  rows: getComputedStyle(table.querySelector('tbody tr') ?? table).display,
                })),
              );
              for (const {scrolls, rows} of tables) {
                if (scrolls || rows !== 'block') problems.push(`${where}: a table scrolls (${rows} rows)`);
              }
            }
            // The tables and diagrams, which this layout changes: tests/e2e/accessibility.spec.ts runs axe on the
            // whole of one page of each kind; the whole of an API page takes seconds per run.
            if (axeIn.includes(`${mode} ${width}`)) {
              problems.push(
                ...(await axeViolations(page, {include: 'main table, main .mermaid-diagram'})).map(
                  (violation) => `${where}: ${violation}`,
                ),
              );
            }
          }
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
