import {metaContent, servedPage, textOf, textsOf, type CheerioAPI} from '../support/html';
import {BASE_URL, expect, frontMatter, openPage, test} from '../support/site';
import {COPYRIGHT_YEAR, EDIT_URL, GITHUB_URL, SITE_TAGLINE, SITE_TITLE} from '../../config/site-constants';

// What the server sends is checked over HTTP; the every-page sweep (every-page.spec.ts) proves that each page
// hydrates to the same content without a console error. The browser checks layout and the keyboard.

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

const LEFT_NAVBAR_LINKS = '.navbar__items:not(.navbar__items--right) > a.navbar__item';

test.describe('routes and titles', () => {
  for (const [route, source] of DOC_ROUTES) {
    test(`${route} answers 200 with "<front matter title> | Vigil"`, async ({request}) => {
      const $ = await servedPage(request, route);
      const title = String(frontMatter(source).title);
      expect(textsOf($, 'head > title')).toEqual([`${title} | ${SITE_TITLE}`]);
      expect(textsOf($, 'h1')).toEqual([title]);
    });
  }

  test('the landing page shows the tagline and links into every section', async ({request}) => {
    const $ = await servedPage(request, BASE_URL);
    expect(textOf($('head > title'))).toMatch(new RegExp(` \\| ${SITE_TITLE}$`));
    expect(textOf($('main header'))).toContain(SITE_TAGLINE);
    const region = $('section[aria-labelledby]').filter(
      (_, section) => textOf($(`[id="${$(section).attr('aria-labelledby')}"]`)) === 'Find your way',
    );
    expect(region.length, 'a region named "Find your way"').toBe(1);
    const hrefs = region
      .find('a')
      .toArray()
      .map((link) => $(link).attr('href'));
    for (const [, href] of NAVBAR.filter(([label]) => label !== 'Blog')) {
      expect(hrefs).toContain(href);
    }
  });

  test('the markdown page renders from src/pages', async ({request}) => {
    const $ = await servedPage(request, '/docs/markdown-page');
    const {title} = frontMatter('src/pages/markdown-page.md');
    expect(textsOf($, 'head > title')).toEqual([`${String(title)} | ${SITE_TITLE}`]);
    expect(textsOf($, 'h1')).toEqual([String(title)]);
  });
});

test.describe('navbar and footer', () => {
  test('navbar items and hrefs follow the specification, with the version, language, color mode, search and GitHub on the right', async ({
    request,
  }) => {
    const $ = await servedPage(request, '/docs/intro');
    expect(
      $(LEFT_NAVBAR_LINKS)
        .toArray()
        .map((link) => [textOf($(link)), $(link).attr('href')]),
    ).toEqual(NAVBAR);
    const right = $('.navbar__items--right');
    expect(right.find('a[aria-label="Vigil on GitHub"]').attr('href')).toBe(GITHUB_URL);
    expect(textsOf($, '.navbar__items--right .navbar__item.dropdown > a')).toEqual(['English']);
    expect(textsOf($, '.navbar__items--right > a.navbar__link')).toContain('Next');
    expect(right.find('button[aria-label^="Switch between dark and light mode"]').length).toBe(1);
    expect(right.find('[role="combobox"][aria-label="Search"]').length).toBe(1);
  });

  test('only the navbar item of the current section is highlighted', async ({request}) => {
    for (const [route, label] of [
      ['/docs/configuring-datastore/snowflake', 'Configure Datastore'],
      ['/docs/features/rules', 'Features'],
      ['/docs/intro', 'Getting Started'],
    ]) {
      const $ = await servedPage(request, route);
      expect(textsOf($, `${LEFT_NAVBAR_LINKS}.navbar__link--active`), route).toEqual([label]);
    }
  });

  test('footer has the three columns of the specification and the copyright line', async ({request}) => {
    const $ = await servedPage(request, '/docs/intro');
    const columns = $('.footer__col')
      .toArray()
      .map((column) => $(column));
    expect(columns.map((column) => textOf(column.find('.footer__title')))).toEqual([
      'Documentation',
      'Product',
      'Community',
    ]);
    const links = columns.map((column) =>
      column
        .find('a')
        .toArray()
        .map((link) => textOf($(link))),
    );
    expect(links).toEqual([
      ['Getting Started', 'Configure Datastore', 'Data Catalog'],
      ['Features', 'Product Overview', 'API Reference'],
      ['GitHub', 'Blog'],
    ]);
    expect(
      columns[1]
        .find('a')
        .filter((_, link) => textOf($(link)) === 'API Reference')
        .attr('href'),
    ).toBe('/docs/api');
    expect(textsOf($, '.footer__copyright')).toEqual([`Copyright © ${COPYRIGHT_YEAR} ${SITE_TITLE}.`]);
  });

  test('at 1280 px the navbar shows every item on one line', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await openPage(page, '/docs/intro');
    const navbar = page.locator('nav.navbar');
    for (const [label] of NAVBAR) await expect(navbar.getByRole('link', {name: label, exact: true})).toBeVisible();
    const right = page.locator('.navbar__items--right');
    for (const control of [
      right.getByRole('link', {name: 'Vigil on GitHub'}),
      right.locator('.navbar__item.dropdown').filter({hasText: 'English'}),
      right.getByRole('link', {name: 'Next'}),
      right.getByRole('button', {name: /Switch between dark and light mode/}),
      right.getByRole('combobox', {name: 'Search'}),
    ]) {
      await expect(control).toBeVisible();
    }
    const heights = await page
      .locator('.navbar__item')
      .evaluateAll((items) =>
        items.filter((item) => item.getBoundingClientRect().height > 0).map((item) => item.getBoundingClientRect().top),
      );
    expect(Math.max(...heights) - Math.min(...heights)).toBeLessThan(8);
  });
});

test.describe('head metadata', () => {
  test('social and search tags are present with values', async ({request}) => {
    const $ = await servedPage(request, '/docs/intro');
    for (const name of [
      'description',
      'keywords',
      'og:title',
      'og:description',
      'og:image',
      'twitter:title',
      'twitter:description',
      'twitter:image',
    ]) {
      expect(metaContent($, name)?.trim(), name).toBeTruthy();
    }
    const {title, description} = frontMatter('docs/intro.md');
    expect(metaContent($, 'twitter:title')).toBe(`${String(title)} | ${SITE_TITLE}`);
    expect(metaContent($, 'twitter:description')).toBe(String(description));
    expect(metaContent($, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent($, 'viewport')).toBe('width=device-width, initial-scale=1.0');
    expect(metaContent($, 'generator')).toBe('Docusaurus v3.7.0');
    const image = new URL(String(metaContent($, 'og:image')));
    const png = await request.get(image.pathname);
    expect(png.status()).toBe(200);
    const bytes = await png.body();
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
    expect($('html').attr('lang')).toBe('en');
    expect($('html').attr('dir')).toBe('ltr');
    expect($('head link[rel="icon"]').attr('href')).toBe('/docs/img/favicon.svg');
  });
});

test.describe('page layout', () => {
  test('headings carry "Direct link to {heading}" anchors', async ({request}) => {
    const $ = await servedPage(request, '/docs/intro');
    const headings = $('article .markdown').find('h2, h3').toArray();
    expect(headings.length).toBeGreaterThan(2);
    for (const heading of headings) {
      const id = $(heading).attr('id');
      const anchor = $(heading).find('a.hash-link');
      expect(anchor.attr('href'), `${id}`).toBe(`#${id}`);
      // A heading of plain text is named by its text; one with markup inside (code, a link) by its id.
      const [first, ...rest] = $(heading).contents().toArray();
      const plain = first?.type === 'text' && rest.length === 1 && $(rest[0]).is('a.hash-link');
      expect(anchor.attr('title'), `${id}`).toBe(`Direct link to ${plain ? textOf($(first)) : id}`);
    }
  });

  test('the table of contents lists exactly the h2 and h3 headings', async ({request}) => {
    const pagesWithDeepHeadings: string[] = [];
    for (const [route] of DOC_ROUTES.concat([['/docs/configuring-datastore/snowflake', '']])) {
      const $ = await servedPage(request, route);
      const markdown = $('article .markdown');
      const headingIds = markdown
        .find('h2, h3')
        .toArray()
        .map((heading) => `#${$(heading).attr('id')}`);
      if (markdown.find('h4[id], h5[id], h6[id]').length > 0) pagesWithDeepHeadings.push(route);
      const tocLinks = $('.theme-doc-toc-desktop .table-of-contents a')
        .toArray()
        .map((link) => $(link).attr('href'));
      expect(tocLinks, route).toEqual(headingIds);
    }
    // At least one of these pages has an h4, so a table of contents that listed it would fail above.
    expect(pagesWithDeepHeadings).toContain('/docs/configuring-datastore/snowflake');
  });

  test('docs and blog pages link to their source in the edit repository', async ({request}) => {
    const editLink = (html: CheerioAPI) =>
      html('a')
        .filter((_, link) => textOf(html(link)) === 'Edit this page')
        .attr('href');
    expect(editLink(await servedPage(request, '/docs/intro'))).toBe(`${EDIT_URL}docs/intro.md`);
    const blog = await servedPage(request, '/docs/blog');
    const firstPost = blog('article h2 a').first().attr('href');
    expect(firstPost).toMatch(/^\/docs\/blog\//);
    expect(editLink(await servedPage(request, String(firstPost)))).toMatch(
      new RegExp(`^${EDIT_URL.replace(/[.]/g, '\\.')}blog/.+\\.mdx?$`),
    );
  });
});
