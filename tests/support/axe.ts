import AxeBuilder from '@axe-core/playwright';
import type {Page} from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2 levels A and AA: the standard the site meets. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

// @axe-core/playwright types its page with its own playwright-core release; the API it uses is the same.
type AxePage = ConstructorParameters<typeof AxeBuilder>[0]['page'];

/**
 * axe violations of the page (or of the part `include` selects) as one readable line each: rule, impact, elements.
 * Legacy mode runs axe.run in the page itself: the default (runPartial, then finishRun) opens a blank page for
 * every analysis, about a third of the accessibility tests' time, and is needed only to reach cross-origin
 * iframes, which the site has none of. `options()` comes before `withTags()` because it replaces the rule
 * selection `withTags()` sets.
 */
export async function axeViolations(page: Page, {include}: {include?: string} = {}): Promise<string[]> {
  const builder = new AxeBuilder({page: page as unknown as AxePage}).options({resultTypes: ['violations']}).withTags(WCAG_TAGS).setLegacyMode();
  const {violations} = await (include ? builder.include(include) : builder).analyze();
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} -> ${violation.nodes
        .slice(0, 5)
        .map((node) => node.target.join(' '))
        .join(' | ')}${violation.nodes.length > 5 ? ` and ${violation.nodes.length - 5} more` : ''}`,
  );
}
