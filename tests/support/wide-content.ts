/**
 * Wide content on narrow screens (tests/e2e/every-page.spec.ts runs it on the pages it has already loaded): a page
 * with a diagram or a table, as the build writes it, at 1280 and 390 px in both color modes. Diagrams are drawn with
 * labels a reader can read, in the mode's own SVG; tables stack as cards on a phone; axe checks the tables and
 * diagrams in one of the four layouts, neighbouring pages in the others (the pages of a kind share their style sheets:
 * four axe runs a page took two minutes of the browser tests; tests/e2e/accessibility.spec.ts runs axe on the whole
 * of one page of each kind).
 */
import {readFileSync} from 'node:fs';
import type {Page} from '@playwright/test';
import {fileForPath} from '../../tools/build-output.cjs';
import {axeViolations} from './axe';

const PHONE = {width: 390, height: 844};
const DESKTOP = {width: 1280, height: 800};
/** The smallest size a diagram's label may be drawn at, in CSS pixels (scripts/render-diagrams.mjs). */
export const SMALLEST_LABEL_PX = 12;

/** What of a page is wide: a table, a diagram (minified HTML may drop the quotes); undefined for neither. */
export function wideContentOf(buildDir: string, path: string): {hasDiagram: boolean} | undefined {
  const file = fileForPath(buildDir, path);
  if (!file) throw new Error(`${buildDir} has no page for ${path}, which its sitemap lists`);
  const html = readFileSync(file, 'utf8');
  const hasDiagram = /class="?mermaid-diagram[\s">]/.test(html);
  return hasDiagram || /<table[\s>]/.test(html) ? {hasDiagram} : undefined;
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

/** The four layouts a page's wide content is checked in, each named as `<mode> <width>`. */
export const WIDE_LAYOUTS = ['light 1280', 'dark 390', 'dark 1280', 'light 390'] as const;

/**
 * The problems of the wide content of the page open in `page`, in both modes at both widths; axe runs in one of the
 * four layouts, `axeIn`, so that neighbouring pages of a kind share the four between them (a table-scoped axe run
 * is most of the check's time). Leaves the page in light mode at 390 px.
 */
export async function wideContentProblems(
  page: Page,
  path: string,
  {hasDiagram, axeIn}: {hasDiagram: boolean; axeIn: (typeof WIDE_LAYOUTS)[number]},
): Promise<string[]> {
  const problems: string[] = [];
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
      if (axeIn === `${mode} ${width}`) {
        problems.push(
          ...(await axeViolations(page, {include: 'main table, main .mermaid-diagram'})).map(
            (violation) => `${where}: ${violation}`,
          ),
        );
      }
    }
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  return problems;
}
