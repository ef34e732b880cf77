import type {Locator, Page} from '@playwright/test';
import {searchBox, suggestions} from '../support/search-box';
import {BASE_URL, FIRST_SEARCH_TIMEOUT, expect, openPage, takeExpectedConsole, test} from '../support/site';
import {docId, readMarkdown} from '../support/content';
import {posts} from '../support/blog';
import {operationsOf, webhooksOf} from '../../src/openapi';
import {loadSpec} from '../support/openapi';

/**
 * What the site looks like, page kind by page kind, at a phone and a desktop width in both color modes, against
 * the baselines in tests/e2e/screenshots.spec.ts-snapshots/. A difference over the threshold fails the test and
 * writes the baseline, the new screenshot and their difference to .artifacts/test-results/. To change the look
 * on purpose, update the baselines and commit them (README, "Screenshots").
 */

const WIDTHS = {phone: {width: 390, height: 844}, desktop: {width: 1280, height: 800}};
const MODES = ['light', 'dark'] as const;

/** A doc page holding `pattern` in its Markdown, checked so the kind keeps its meaning when the docs change. */
function docHolding(file: string, pattern: RegExp, what: string): string {
  if (!pattern.test(readMarkdown(file).body)) throw new Error(`${file} no longer holds ${what}: pick another page`);
  return `${BASE_URL}${docId(file)}`;
}

const spec = loadSpec();
const operation = operationsOf(spec).find((item) => item.definition.requestBody && item.method === 'post');
const webhook = webhooksOf(spec)[0];
if (!operation || !webhook) throw new Error('the OpenAPI description has no POST operation with a body, or no webhook');

/** A page kind, where it is, and what to show of it: the top of the page, or an element scrolled into view. */
type Kind = {name: string; path: string; show?: string; before?: (page: Page) => Promise<void>};

const KINDS: Kind[] = [
  {name: 'landing', path: BASE_URL},
  {name: 'doc', path: `${BASE_URL}intro`},
  {
    name: 'doc with a table',
    path: docHolding('docs/onboarding-catalog/aws-glue.md', /^\|[-: |]+\|$/m, 'a table'),
    show: 'article table',
  },
  {
    name: 'doc with a diagram',
    path: docHolding('docs/product/architecture.md', /```mermaid/, 'a diagram'),
    show: 'article .mermaid-diagram',
  },
  {name: 'API root', path: `${BASE_URL}api`},
  {name: 'operation', path: `${BASE_URL}api/${operation.slug}`},
  {name: 'webhook', path: `${BASE_URL}api/${webhook.slug}`},
  {name: 'object', path: `${BASE_URL}api/objects/dataset`},
  {name: 'blog list', path: `${BASE_URL}blog`},
  {name: 'blog post', path: `${BASE_URL}blog/${posts[0].slug}`},
  {
    name: '404',
    path: `${BASE_URL}no-such-page`,
    async before(page) {
      // The nearest pages come from the offline index after hydration: the first search of a cold browser may
      // still be loading when the page is otherwise still, so the picture waits for the list it is compared with.
      await expect(page.getByRole('region', {name: 'Nearest pages'}).getByRole('listitem')).toHaveCount(3, {
        timeout: FIRST_SEARCH_TIMEOUT,
      });
    },
  },
  {
    name: 'search open',
    path: `${BASE_URL}intro`,
    async before(page) {
      const box = searchBox(page);
      if (!(await box.isVisible()))
        await page
          .getByRole('button', {name: /search/i})
          .first()
          .click();
      await searchBox(page).fill('snowflake grants');
      await expect(suggestions(page).last()).toContainText('“snowflake grants”', {timeout: FIRST_SEARCH_TIMEOUT});
    },
  },
];

/**
 * Scrolls an element to the middle of the window. A block far from the viewport has an estimated height until it
 * is laid out (content-visibility, src/plugins/offscreen-blocks), so the first scroll brings it near and the
 * second centers it at its own height.
 */
async function showInMiddle(locator: Locator) {
  for (let scroll = 0; scroll < 2; scroll += 1) {
    await locator.evaluate(async (element) => {
      element.scrollIntoView({block: 'center'});
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
  }
}

/** Hides what a screenshot may show or not by timing alone: the back-to-top button (the file says why). */
const SCREENSHOT_STYLE = 'tests/e2e/screenshots.css';

test.describe('the site looks as its baselines', () => {
  test.describe.configure({mode: 'parallel'});

  for (const kind of KINDS) {
    test(`${kind.name} (${kind.path}): phone and desktop, light and dark`, async ({page, consoleGuard}) => {
      for (const mode of MODES) {
        // The reader's stored choice, as the color mode toggle leaves it (site-spec: key `theme`).
        await page.addInitScript((value) => window.localStorage.setItem('theme', value), mode);
        let loaded = false;
        for (const [width, size] of Object.entries(WIDTHS)) {
          await page.setViewportSize(size);
          // One load per color mode: the page is drawn again at the other width, as a reader's window resized. A
          // kind whose state depends on the width (the search box's place, the nearest pages of the 404) or that
          // scrolls to an element (a resize reflows the page above it, as content-visibility lays blocks out) loads at
          // each width.
          if (!loaded || kind.before || kind.show) {
            await openPage(page, kind.path);
            await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
            loaded = true;
          } else {
            await page.evaluate(() => window.scrollTo(0, 0));
            await page.evaluate(
              () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
            );
          }
          await page.evaluate(async () => {
            await document.fonts.ready;
          });
          await kind.before?.(page);
          if (kind.show) await showInMiddle(page.locator(kind.show).first());
          // The site's own fonts draw the same pixels on every run: 100 pixels are room for antialiasing, and a
          // token's change is more (the link color of the doc page changes 431).
          await expect(page, `${kind.name}, ${width}, ${mode}`).toHaveScreenshot(
            `${kind.name.replace(/\W+/g, '-')}-${width}-${mode}.png`,
            {animations: 'disabled', caret: 'hide', maxDiffPixels: 100, stylePath: SCREENSHOT_STYLE},
          );
        }
      }
      // The browser logs the document's own 404 status on each load, which is what that page is for.
      if (kind.name === '404') takeExpectedConsole(consoleGuard, /status of 404/);
    });
  }
});
