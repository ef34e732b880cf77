import {documentTitle, elementTexts} from '../support/html';
import {BASE_PATH, expect, frontMatter, openPage, test} from '../support/site';
import {COPYRIGHT_YEAR, EDIT_URL, GITHUB_URL, SITE_TAGLINE, SITE_TITLE} from '../../config/site-constants';

/** The section routes of the specification and the Markdown file each one is built from. */
const DOC_ROUTES: Array<[string, string]> = [
  ['/docs/intro', 'docs/intro.md'],
  ['/docs/configuring-datastore/', 'docs/configuring-datastore/index.md'],
  ['/docs/onboarding-catalog/', 'docs/onboarding-catalog/index.md'],
  ['/docs/features/', 'docs/features/index.md'],
  ['/docs/product/', 'docs/product/index.md'],
];

/** Top navigation of the specification, in order. */
const NAVBAR: Array<[string, string]> = [
  ['Getting Started', '/docs/intro'],
  ['Configure Datastore', '/docs/configuring-datastore/'],
  ['Data Catalog', '/docs/onboarding-catalog/'],
  ['Features', '/docs/features/'],
  ['Product', '/docs/product/'],
  ['API', '/docs/api'],
  ['Blog', '/docs/blog'],
];

test.describe('routes and titles', () => {
  for (const [route, source] of DOC_ROUTES) {
    test(`${route} answers 200 with "<front matter title> | Vigil"`, async ({request}) => {
      const response = await request.get(route, {maxRedirects: 0});
      expect(response.status()).toBe(200);
      const html = await response.text();
      const title = String(frontMatter(source).title);
      expect(documentTitle(html)).toBe(`${title} | ${SITE_TITLE}`);
      expect(elementTexts(html, 'h1')).toEqual([title]);
    });
  }

  test('the landing page shows the tagline and links into every section', async ({page}) => {
    const response = await openPage(page, BASE_PATH);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(new RegExp(` \\| ${SITE_TITLE}$`));
    await expect(page.locator('main header')).toContainText(SITE_TAGLINE);
    const sectionLinks = page.getByRole('region', {name: 'Find your way'}).getByRole('link');
    const hrefs = await sectionLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    for (const [, href] of NAVBAR.filter(([label]) => label !== 'Blog')) {
      expect(hrefs).toContain(href);
    }
  });

  test('the markdown page renders from src/pages', async ({request}) => {
    const response = await request.get('/docs/markdown-page', {maxRedirects: 0});
    expect(response.status()).toBe(200);
    const html = await response.text();
    const {title} = frontMatter('src/pages/markdown-page.md');
    expect(documentTitle(html)).toBe(`${String(title)} | ${SITE_TITLE}`);
    expect(elementTexts(html, 'h1')).toEqual([String(title)]);
  });
});

test.describe('navbar and footer', () => {
  test('navbar items and hrefs follow the specification, GitHub on the right', async ({page}) => {
    await openPage(page, '/docs/intro');
    const left = page.locator('.navbar__items:not(.navbar__items--right) > a.navbar__item');
    const items = await left.evaluateAll((links) =>
      links.map((link) => [link.textContent?.trim() ?? '', link.getAttribute('href') ?? '']),
    );
    expect(items).toEqual(NAVBAR);
    const right = page.locator('.navbar__items--right');
    await expect(right.getByRole('link', {name: 'Vigil on GitHub'})).toHaveAttribute('href', GITHUB_URL);
    await expect(right.locator('.navbar__item.dropdown').filter({hasText: 'English'})).toBeVisible();
    await expect(right.getByRole('link', {name: 'Next'})).toBeVisible();
    await expect(right.getByRole('button', {name: /Switch between dark and light mode/})).toBeVisible();
    await expect(right.getByRole('combobox', {name: 'Search'})).toBeVisible();
  });

  test('only the navbar item of the current section is highlighted', async ({page}) => {
    for (const [route, label] of [
      ['/docs/configuring-datastore/snowflake', 'Configure Datastore'],
      ['/docs/features/rules', 'Features'],
      ['/docs/intro', 'Getting Started'],
    ]) {
      await openPage(page, route);
      await expect(page.locator('.navbar__items:not(.navbar__items--right) a.navbar__link--active')).toHaveText([label]);
    }
  });

  test('footer has the three columns of the specification and the copyright line', async ({page}) => {
    await openPage(page, '/docs/intro');
    const columns = page.locator('.footer__col');
    await expect(columns.locator('.footer__title')).toHaveText(['Documentation', 'Product', 'Community']);
    await expect(columns.nth(0).locator('a')).toHaveText(['Getting Started', 'Configure Datastore', 'Data Catalog']);
    await expect(columns.nth(1).locator('a')).toHaveText(['Features', 'Product Overview', 'API Reference']);
    await expect(columns.nth(2).locator('a')).toHaveText(['GitHub', 'Blog']);
    await expect(columns.nth(1).getByRole('link', {name: 'API Reference'})).toHaveAttribute('href', '/docs/api');
    await expect(page.locator('.footer__copyright')).toHaveText(`Copyright © ${COPYRIGHT_YEAR} ${SITE_TITLE}.`);
  });
});

test.describe('head metadata', () => {
  test('social and search tags are present with values', async ({page, request}) => {
    await openPage(page, '/docs/intro');
    const meta = async (selector: string) => page.locator(`head meta[${selector}]`).first().getAttribute('content');
    for (const selector of [
      'name="description"',
      'name="keywords"',
      'property="og:title"',
      'property="og:description"',
      'property="og:image"',
      'name="twitter:title"',
      'name="twitter:description"',
      'name="twitter:image"',
    ]) {
      expect((await meta(selector))?.trim(), selector).toBeTruthy();
    }
    const {title, description} = frontMatter('docs/intro.md');
    expect(await meta('name="twitter:title"')).toBe(`${String(title)} | ${SITE_TITLE}`);
    expect(await meta('name="twitter:description"')).toBe(String(description));
    expect(await meta('name="twitter:card"')).toBe('summary_large_image');
    expect(await meta('name="viewport"')).toBe('width=device-width, initial-scale=1.0');
    expect(await meta('name="generator"')).toBe('Docusaurus v3.7.0');
    const image = new URL(String(await meta('property="og:image"')));
    const png = await request.get(image.pathname);
    expect(png.status()).toBe(200);
    const bytes = await png.body();
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    expect(await page.locator('head link[rel="icon"]').getAttribute('href')).toBe('/docs/img/favicon.svg');
  });
});

test.describe('page layout', () => {
  test('headings carry "Direct link to {heading}" anchors', async ({page}) => {
    await openPage(page, '/docs/intro');
    const headings = page.locator('article .markdown :is(h2, h3)');
    expect(await headings.count()).toBeGreaterThan(2);
    const pairs = await headings.evaluateAll((nodes) =>
      nodes.map((node) => ({
        id: node.id,
        text: node.childNodes.length === 2 && node.firstChild?.nodeType === Node.TEXT_NODE ? node.firstChild.textContent : null,
        title: node.querySelector('a.hash-link')?.getAttribute('title'),
        href: node.querySelector('a.hash-link')?.getAttribute('href'),
      })),
    );
    for (const {id, text, title, href} of pairs) {
      expect(href).toBe(`#${id}`);
      expect(title).toBe(`Direct link to ${text ?? id}`);
    }
  });

  test('the table of contents lists exactly the h2 and h3 headings', async ({page}) => {
    const pagesWithDeepHeadings: string[] = [];
    for (const [route] of DOC_ROUTES.concat([['/docs/configuring-datastore/snowflake', '']])) {
      await openPage(page, route);
      const headingIds = await page.locator('article .markdown :is(h2, h3)').evaluateAll((nodes) => nodes.map((node) => `#${node.id}`));
      const deeper = await page.locator('article .markdown :is(h4, h5, h6)[id]').count();
      if (deeper > 0) pagesWithDeepHeadings.push(route);
      const tocLinks = await page.locator('.table-of-contents a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(tocLinks, route).toEqual(headingIds);
    }
    // At least one of these pages has an h4, so a table of contents that listed it would fail above.
    expect(pagesWithDeepHeadings).toContain('/docs/configuring-datastore/snowflake');
  });

  test('the skip link is the first focusable element and moves focus to the main content', async ({page}) => {
    await openPage(page, '/docs/intro');
    await page.keyboard.press('Tab');
    const skip = page.locator(':focus');
    await expect(skip).toHaveText('Skip to main content');
    await page.keyboard.press('Enter');
    // Focus moves to <main>; the next Tab reaches the first control inside it, not the navbar.
    await page.keyboard.press('Tab');
    const focusedInMain = await page.evaluate(() => {
      const main = document.querySelector('main');
      return Boolean(main && (document.activeElement === main || main.contains(document.activeElement)));
    });
    expect(focusedInMain).toBe(true);
  });

  test('docs and blog pages link to their source in the edit repository', async ({page}) => {
    await openPage(page, '/docs/intro');
    await expect(page.getByRole('link', {name: 'Edit this page'})).toHaveAttribute('href', `${EDIT_URL}docs/intro.md`);
    await openPage(page, '/docs/blog');
    const firstPost = page.locator('article h2 a').first();
    await firstPost.click();
    await expect(page.getByRole('link', {name: 'Edit this page'})).toHaveAttribute('href', new RegExp(`^${EDIT_URL.replace(/[.]/g, '\\.')}blog/.+\\.mdx?$`));
  });

  test('at 1280 px the navbar fits on one line', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await openPage(page, '/docs/intro');
    const heights = await page.locator('.navbar__item').evaluateAll((items) =>
      items.filter((item) => item.getBoundingClientRect().height > 0).map((item) => item.getBoundingClientRect().top),
    );
    expect(Math.max(...heights) - Math.min(...heights)).toBeLessThan(8);
  });
});
