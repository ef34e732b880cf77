import {statSync} from 'node:fs';
import type {Page} from '@playwright/test';
import {fileForPath} from '../../tools/build-output.cjs';
import {axeViolations} from '../support/axe';
import {searchBox, suggestedPages, suggestions} from '../support/search-box';
import {BASE_URL, FIRST_SEARCH_TIMEOUT, expect, openPage, takeExpectedConsole, test} from '../support/site';
import {docId, docTags, readMarkdown} from '../support/content';
import {blogTags, posts} from '../support/blog';
import {apiPageSlug, operationsOf, webhooksOf, type ApiOperation} from '../../src/openapi';
import {loadSpec} from '../support/openapi';

const VIEWPORTS = {
  desktop: {width: 1280, height: 800},
  // Below the 996 px breakpoint: navbar items move into the menu, the TOC collapses.
  mobile: {width: 390, height: 844},
};

const DOC_WITH_MERMAID = 'docs/intro.md';
if (!/```mermaid/.test(readMarkdown(DOC_WITH_MERMAID).body)) {
  throw new Error(`${DOC_WITH_MERMAID} no longer holds a Mermaid diagram: pick another doc page that does`);
}
const firstDocTag = Object.values(docTags)[0];
const firstBlogTag = Object.values(blogTags)[0];
const spec = loadSpec();
const hasPathParameter = (operation: ApiOperation) => operation.parameters.some((parameter) => parameter.in === 'path');
/** The size of the built HTML of `path`. */
function builtPageBytes(path: string): number {
  const file = fileForPath('build', path);
  if (!file) throw new Error(`build/ has no page for ${path}: run npm run build`);
  return statSync(file).size;
}

// The operation page with the most to render (the largest HTML of the build) among those with path
// parameters: their table, a request body with variants and several responses on one page.
const richestOperation = operationsOf(spec)
  .filter(hasPathParameter)
  .map((operation) => ({operation, bytes: builtPageBytes(`${BASE_URL}api/${operation.slug}`)}))
  .sort((a, b) => b.bytes - a.bytes)[0]?.operation;
if (!richestOperation?.definition.requestBody) {
  throw new Error('no operation with path parameters and a request body in the OpenAPI description');
}

/** A webhook of the description: its page has the webhook's badge and the payload the API sends. */
const webhook = webhooksOf(spec)[0];
if (!webhook) throw new Error('no webhook in the OpenAPI description');
/** The search page with the results of a query, which it renders once the index has answered. */
const SEARCH_RESULTS = 'search results';

/** One page of each kind the site has; each is checked in both color modes at both viewport sizes. */
const PAGE_KINDS: Array<[string, string]> = [
  ['landing', BASE_URL],
  ['doc (with a Mermaid diagram)', `${BASE_URL}${docId(DOC_WITH_MERMAID)}`],
  ['docs tag list', '/docs/tags'],
  ['docs tag page', `/docs/tags${firstDocTag.permalink}`],
  ['blog list', '/docs/blog'],
  ['blog post', `/docs/blog/${posts[0].slug}`],
  ['blog tags', '/docs/blog/tags'],
  ['blog tag page', `/docs/blog/tags${firstBlogTag.permalink}`],
  ['authors', '/docs/blog/authors'],
  ['archive', '/docs/blog/archive'],
  ['API root', '/docs/api'],
  ['API operation', `/docs/api/${richestOperation.slug}`],
  ['API webhook', `/docs/api/${webhook.slug}`],
  ['API tag page', `/docs/api/${apiPageSlug(String(richestOperation.tag))}`],
  ['not-found', '/docs/no-such-page'],
  ['markdown page', '/docs/markdown-page'],
  [SEARCH_RESULTS, '/docs/search?q=kafka'],
];

/** The page kinds checked with the "your values" panel of their request samples open. */
const PANEL_KINDS = new Set(['API operation', 'API webhook']);

/**
 * Waits until the page shows the current color mode.
 */
async function settle(page: Page, mode: 'light' | 'dark') {
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
}

/**
 * The two of the four layouts axe checks a kind in: each kind in both modes and at both widths, and neighbouring kinds
 * in the other two combinations, so that together they cover all four. Axe on the API operation page (about 4,700
 * elements) takes several seconds a run: the four runs of every kind were 200 s of the browser tests' workers.
 */
function axeLayouts(index: number): string[] {
  return index % 2 === 0 ? ['light desktop', 'dark mobile'] : ['dark desktop', 'light mobile'];
}

test.describe('axe reports no WCAG 2.2 AA violation', () => {
  test.describe.configure({mode: 'parallel', timeout: 180_000});

  for (const [index, [kind, path]] of PAGE_KINDS.entries()) {
    const layouts = axeLayouts(index);
    test(`${kind} (${path}): ${layouts.join(' and ')}`, async ({page, consoleGuard}) => {
      await page.setViewportSize(VIEWPORTS.desktop);
      await openPage(page, path);
      if (kind === SEARCH_RESULTS) {
        await expect(page.getByRole('link', {name: 'Connect Apache Kafka'}).first()).toBeVisible({
          timeout: FIRST_SEARCH_TIMEOUT,
        });
      }
      if (PANEL_KINDS.has(kind)) {
        // With the "your values" panel open: its form is part of the page a reader checks.
        await page.getByRole('button', {name: 'Your values'}).click();
        await expect(page.getByRole('form', {name: 'Your values'})).toBeVisible();
      }
      if (kind === 'not-found') {
        // The browser logs the document's own 404 status, which is what this page is for.
        takeExpectedConsole(consoleGuard, /status of 404/, {first: true});
      }
      const found: string[] = [];
      for (const mode of ['light', 'dark'] as const) {
        if (mode === 'dark') {
          // The reader's way: the navbar toggle (shown at desktop width).
          await page.setViewportSize(VIEWPORTS.desktop);
          await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
        }
        for (const [viewport, size] of Object.entries(VIEWPORTS)) {
          if (!layouts.includes(`${mode} ${viewport}`)) continue;
          await page.setViewportSize(size);
          await settle(page, mode);
          for (const violation of await axeViolations(page)) {
            found.push(`${mode} ${viewport}: ${violation}`);
          }
        }
      }
      expect(found, `axe violations on ${path}`).toEqual([]);
    });
  }

  test('the check reports what it is for: text below 4.5:1 contrast and a button without a name', async ({page}) => {
    await openPage(page, BASE_URL);
    await page.locator('main').evaluate((main) => {
      main.insertAdjacentHTML(
        'afterbegin',
        '<p style="color:#aaa;background:#fff">Faint text</p><button type="button"><svg width="16" height="16"></svg></button>',
      );
    });
    const rules = (await axeViolations(page)).map((violation) => violation.split(' ')[0]);
    expect(rules).toEqual(expect.arrayContaining(['color-contrast', 'button-name']));
  });

  test('the open mobile menu, and the open search suggestions in both color modes', async ({page}) => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await openPage(page, '/docs/intro');
    const found: string[] = [];
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    await expect(page.locator('.navbar-sidebar')).toBeVisible();
    found.push(...(await axeViolations(page)).map((violation) => `mobile menu: ${violation}`));
    await page.keyboard.press('Escape');
    await page.getByRole('button', {name: 'Close navigation bar'}).click();
    await page.setViewportSize(VIEWPORTS.desktop);
    for (const mode of ['light', 'dark'] as const) {
      if (mode === 'dark') await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
      await settle(page, mode);
      await suggestedPages(page, mode === 'light' ? 'kafka' : 'snowflake grants');
      // The second suggestion highlighted, as the arrow keys leave it.
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      found.push(...(await axeViolations(page)).map((violation) => `search suggestions, ${mode}: ${violation}`));
    }
    expect(found).toEqual([]);
  });
});

/** How the focused element shows its focus: an outline or a box shadow, or null when it shows none. */
async function focusIndicator(page: Page): Promise<{element: string; indicator: string | null}> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    const outline =
      style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
        ? `outline ${style.outlineStyle} ${style.outlineWidth}`
        : null;
    const shadow = style.boxShadow !== 'none' ? `box-shadow ${style.boxShadow}` : null;
    // Numbered on first focus, so that two controls with the same look and text count as two.
    element.dataset.focusOrder ??= String(document.querySelectorAll('[data-focus-order]').length + 1);
    const name = (element.textContent?.trim() || element.getAttribute('aria-label') || '').slice(0, 30);
    const label = `#${element.dataset.focusOrder} ${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''} "${name}"`;
    return {element: label, indicator: outline ?? shadow};
  });
}

/** Presses Tab until the focused element matches `predicate` (at most `limit` times). */
async function tabTo(page: Page, predicate: (element: Element) => boolean, limit = 40) {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const active = await page.evaluateHandle(() => document.activeElement ?? document.body);
    if (await active.evaluate(predicate)) return;
  }
  throw new Error(`no element reached by Tab within ${limit} presses`);
}

test.describe('keyboard', () => {
  test('the skip link comes first and moves focus to the content; every control shows its focus', async ({page}) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await openPage(page, '/docs/intro');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', {name: 'Skip to main content'});
    await expect(skip).toBeFocused();
    expect((await focusIndicator(page)).indicator).not.toBeNull();
    await page.keyboard.press('Enter');
    // The next Tab starts in the page content, past the navbar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);

    // Every link, button and field of the navbar, sidebar and article start shows a focus indicator.
    await openPage(page, '/docs/intro');
    const missing: string[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < 45; i += 1) {
      await page.keyboard.press('Tab');
      const {element, indicator} = await focusIndicator(page);
      seen.add(element);
      if (!indicator) missing.push(element);
    }
    expect(seen.size, 'distinct elements reached by Tab').toBeGreaterThan(30);
    expect(missing, 'focused elements without a visible focus indicator').toEqual([]);
  });

  test('ctrl+K focuses search; arrows and Enter open a result; Escape closes the suggestions', async ({page}) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await openPage(page, '/docs/intro');
    const search = searchBox(page);
    await page.keyboard.press('Control+k');
    await expect(search).toBeFocused();
    await page.keyboard.type('kafka');
    const options = suggestions(page);
    await expect(options.last()).toContainText('“kafka”', {timeout: FIRST_SEARCH_TIMEOUT});
    await expect(search).toHaveAttribute('aria-expanded', 'true');

    // Escape closes the list; typing opens it again.
    await page.keyboard.press('Escape');
    await expect(options.first()).toBeHidden();
    await expect(search).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.type(' ');
    await expect(options.first()).toBeVisible();

    // The arrows move the highlight: down twice is the second suggestion; Enter opens that page.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const second = options.nth(1);
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(search).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id')) ?? '');
    // A suggestion names the page it opens: its title, or the title with the heading it matched.
    const suggestion = (await second.textContent()) ?? '';
    const titleBefore = await page.title();
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveTitle(titleBefore);
    expect(new URL(page.url()).pathname).not.toBe('/docs/intro');
    const opened = (await page.title()).replace(/ \| Vigil$/, '');
    expect(suggestion, 'the suggestion names the page it opened').toContain(opened);
  });

  test('the locale dropdown opens with Enter and closes with Escape, focus back on its toggle', async ({page}) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await openPage(page, '/docs/intro');
    await tabTo(
      page,
      (element) => element.getAttribute('aria-haspopup') === 'true' && /English/.test(element.textContent ?? ''),
    );
    const toggle = page.locator('.navbar__item.dropdown [aria-haspopup="true"]').filter({hasText: 'English'});
    const menu = page.locator('.navbar__item.dropdown', {hasText: 'English'}).locator('.dropdown__menu');
    await expect(menu).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.dropdown__menu')))).toBe(true);
    expect((await focusIndicator(page)).indicator).not.toBeNull();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
  });
});
