import {readFileSync} from 'node:fs';
import type {Page} from '@playwright/test';
import type * as Axe from 'axe-core';

/** WCAG 2.0, 2.1 and 2.2 levels A and AA: the standard the site meets. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core's browser build. */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

type AxeWindow = Window & {axe?: typeof Axe};

/**
 * axe violations of the page (or of the part `include` selects) as one readable line each: rule, impact, elements.
 * axe is evaluated once per document and run in it: the site has no iframes, so nothing needs axe's cross-frame
 * runner, and a test checks one page several times (both color modes, both widths), where evaluating the half
 * megabyte of axe again for every check cost more than some of the checks.
 */
export async function axeViolations(page: Page, {include}: {include?: string} = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({selector, tags}) => {
      const {axe} = window as AxeWindow;
      // The theme eases colors and menus over a few hundred milliseconds after a color mode switch, a resize or an
      // opened menu, and a block far below the fold (content-visibility, src/plugins/offscreen-blocks) starts its
      // easing only when axe styles it to read its colors: axe would rate colors halfway. Without transitions, every
      // running easing ends at once and axe reads the final colors.
      const settled = document.createElement('style');
      settled.textContent = '*, *::before, *::after { transition: none !important; }';
      document.head.append(settled);
      try {
        const results = await axe!.run(selector ? {include: [selector]} : document, {
          runOnly: {type: 'tag', values: tags},
          resultTypes: ['violations'],
        });
        return results.violations.map(({id, impact, help, nodes}) => ({
          id,
          impact,
          help,
          targets: nodes.map((node) => node.target.join(' ')),
        }));
      } finally {
        settled.remove();
      }
    },
    {selector: include, tags: WCAG_TAGS},
  );
  return violations.map(
    ({id, impact, help, targets}) =>
      `${id} (${impact}): ${help} -> ${targets.slice(0, 5).join(' | ')}${targets.length > 5 ? ` and ${targets.length - 5} more` : ''}`,
  );
}
