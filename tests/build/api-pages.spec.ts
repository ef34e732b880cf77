// The API pages of the build against the OpenAPI file, read from build/ and the API sidebar.
import {existsSync, readFileSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {apiPageSlug, apiPagesOf, deref, operationsOf, type JsonObject} from '../../src/openapi';
import {decodeEntities} from '../support/html';
import {generateApiDocs} from '../support/api-generator';
import {pageFrameBytes, tocOf} from '../support/api-page-frame';
import {apiPageComponents, articleBound, pageFileOf, serverHtml, servedBytes} from '../support/api-page-html';
import {API_PAGE_BUDGET, compileMdxPage} from '../support/openapi-corpus';
import {loadSpec, topLevelPropertyNames} from '../support/openapi';
import {CHANGELOG_PAGE_ID} from '../../src/plugins/api-reference/changelog';
import {load} from 'cheerio';

const spec = loadSpec();
const operations = operationsOf(spec);
/** Every page of the reference: the operations and the webhooks. */
const pages = apiPagesOf(spec);
const tags = (spec.tags as JsonObject[]).map((tag) => String(tag.name));

test.describe('generated pages match the OpenAPI file one to one', () => {
  test('every operation and webhook has exactly one built page, and every built API page comes from the file', () => {
    const built = readdirSync('build/api', {withFileTypes: true})
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    // And the API changelog (src/plugins/api-reference/changelog), a page of the API reference made from the file's history.
    // And the objects' pages, under objects/ (tests/unit/api-objects.spec.ts).
    const expected = [...pages.map((op) => op.slug), ...tags.map(apiPageSlug), CHANGELOG_PAGE_ID, 'objects'];
    expect(built.sort()).toEqual([...new Set(expected)].sort());
    expect(new Set(pages.map((op) => op.slug)).size).toBe(pages.length);
    expect(pages.filter((op) => op.kind === 'webhook').length).toBeGreaterThan(0);
    expect(existsSync('build/api/index.html')).toBe(true);
    for (const op of pages) {
      const html = readFileSync(`build/api/${op.slug}/index.html`, 'utf8');
      expect(html, op.operationId).toContain(`>${op.summary}</h1>`);
    }
  });

  test('every operation and webhook is in the API sidebar of the served pages, grouped under its tag', () => {
    /** The sidebar a page is served with: its top-level categories, and the links of the one it is in (open). */
    const sidebarOf = (slug: string) => {
      const $ = load(readFileSync(`build/api/${slug}/index.html`, 'utf8'));
      const menu = $('.theme-doc-sidebar-menu').first();
      const categories = menu.children('.theme-doc-sidebar-item-category-level-1');
      const open = categories.filter((_, item) => $(item).children('ul.menu__list').length > 0);
      return {
        labels: categories.map((_, item) => $(item).find('> div > .menu__link').text().trim()).get(),
        open: open.find('> div > .menu__link').text().trim(),
        links: open
          .find('> ul .menu__link')
          .map((_, link) => $(link).attr('href'))
          .get(),
      };
    };
    // A category per tag of an operation, in the file's order, then the webhooks in their own group, then the objects.
    const labels = [...tags.filter((tag) => operations.some((op) => op.tags[0] === tag)), 'Webhooks', 'Objects'];
    for (const op of pages) {
      const sidebar = sidebarOf(op.slug);
      expect(sidebar.labels, op.slug).toEqual(labels);
      const group = op.kind === 'webhook' ? 'Webhooks' : op.tags[0];
      expect(sidebar.open, `${op.slug} is in the category of its first tag`).toBe(group);
      const expected = pages
        .filter((other) => (other.kind === 'webhook' ? 'Webhooks' : other.tags[0]) === group)
        .map((other) => `/docs/api/${other.slug}`);
      expect(sidebar.links.sort(), `the pages of ${group}`).toEqual(expected.sort());
    }
  });
});

/** The text of the page's article as the server sends it, tags removed. */
function articleText(html: string): string {
  const article = html.slice(html.indexOf('<article'), html.lastIndexOf('</article>'));
  return decodeEntities(article.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
}

test.describe('the served HTML of every operation page is the whole reference', () => {
  for (const op of operations) {
    test(`${op.operationId}: parameters, bodies, statuses and field anchors`, () => {
      const html = readFileSync(`build/api/${op.slug}/index.html`, 'utf8');
      const text = articleText(html);
      // The build's HTML is minified: attribute values are quoted only where they must be.
      const value = '(?:"([^"]*)"|([^\\s">]+))';
      const article = html.slice(html.indexOf('<article'), html.lastIndexOf('</article>'));
      const valuesOf = (pattern: string, within = html) =>
        [...within.matchAll(new RegExp(pattern.replaceAll('VALUE', value), 'g'))].map((match) =>
          match.slice(1).filter((part) => part !== undefined),
        );
      const ids = new Set(valuesOf('\\sid=VALUE').map(([id]) => id));
      for (const parameter of op.parameters) {
        expect(text, `${op.operationId}: parameter ${parameter.name}`).toContain(` ${parameter.name} `);
        expect(
          ids.has(
            `${parameter.in}-${String(parameter.name)
              .toLowerCase()
              .replace(/[^a-z0-9]+/g, '-')}`,
          ),
          `${op.operationId}: anchor of ${parameter.name}`,
        ).toBe(true);
      }
      const body = deref(spec, op.definition.requestBody);
      for (const media of Object.values<JsonObject>(body?.content ?? {})) {
        for (const name of topLevelPropertyNames(spec, media.schema, 'request', {variants: true})) {
          expect(text, `${op.operationId}: request body property ${name}`).toContain(` ${name} `);
        }
      }
      for (const [status, rawResponse] of Object.entries<JsonObject>(op.definition.responses ?? {})) {
        expect(ids.has(`response-${status}`), `${op.operationId}: heading of status ${status}`).toBe(true);
        expect(text, `${op.operationId}: status ${status}`).toContain(
          status === 'default' ? ' Any other status (default) ' : ` ${status} `,
        );
        for (const media of Object.values<JsonObject>(deref(spec, rawResponse)?.content ?? {})) {
          for (const name of topLevelPropertyNames(spec, media.schema, 'response', {variants: true})) {
            expect(text, `${op.operationId}: ${status} response property ${name}`).toContain(` ${name} `);
          }
        }
      }
      // Every field links to its own anchor, and every in-page link of the article lands on an element of the page.
      const fieldLinks = valuesOf('<li id=VALUE[^>]*><div[^>]*><a[^>]*href=VALUE');
      expect(fieldLinks.length, `${op.operationId}: fields with a link to themselves`).toBeGreaterThan(0);
      for (const [id, target] of fieldLinks) expect(target).toBe(`#${id}`);
      for (const [target] of valuesOf('href=VALUE', article)
        .filter(([href]) => href.startsWith('#'))
        .map(([href]) => [href.slice(1)])) {
        expect(ids.has(decodeURIComponent(target)), `${op.operationId}: link to #${target}`).toBe(true);
      }
      expect(text, `${op.operationId}: a curl sample`).toMatch(new RegExp(`curl (-X ${op.method.toUpperCase()} )?`));
    });
  }
});

test('every API URL and page title of the reference before the site made its own pages is still there', () => {
  // tests/fixtures/api-routes-before.json: the sitemap's /docs/api URLs and each page's <title>, read from the
  // production build of 1d97c1b, the last one made by docusaurus-plugin-openapi-docs. A URL a reader bookmarked
  // must not move, nor its page change title; a new operation may add a URL.
  const before = JSON.parse(readFileSync('tests/fixtures/api-routes-before.json', 'utf8')) as Array<{
    path: string;
    title: string;
  }>;
  const sitemap = readFileSync('build/sitemap.xml', 'utf8');
  const now = new Map(
    [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
      .map((match) => new URL(match[1]).pathname)
      .filter((pathname) => pathname.startsWith('/docs/api'))
      .map((pathname) => {
        const html = readFileSync(`build/${pathname.replace(/^\/docs\//, '').replace(/\/$/, '')}/index.html`, 'utf8');
        return [pathname, decodeEntities(/<title[^>]*>([^<]*)<\/title>/.exec(html)![1])] as const;
      }),
  );
  expect(before.length).toBeGreaterThan(100);
  expect(before.filter(({path, title}) => now.get(path) !== title).map(({path, title}) => `${path}: ${title}`)).toEqual(
    [],
  );
});

test('every API page is within its budget: 300 kB of HTML, 100 kB of Markdown', () => {
  // The pages the build generated (api/, beside their data modules), each with the HTML served for it; the
  // changelog's pages too (a year each: changelog/pages.ts).
  const generated = readdirSync('api', {recursive: true, encoding: 'utf8'}).filter((file) => file.endsWith('.mdx'));
  expect(generated).toContain(`${CHANGELOG_PAGE_ID}.mdx`);
  expect(generated.length).toBeGreaterThan(200);
  const problems: string[] = [];
  for (const file of generated) {
    const mdx = readFileSync(path.join('api', file), 'utf8');
    const slug = /^slug: "?\/"?$/m.test(mdx) ? '' : file.replace(/\.(api|tag|info|object)?\.?mdx$/, '');
    const served = statSync(path.join('build/api', slug, 'index.html')).size;
    const markdown = statSync(path.join('build/api', `${slug || '../api'}.md`)).size;
    if (served > API_PAGE_BUDGET.html) problems.push(`${slug}: ${served} bytes of HTML`);
    if (markdown > API_PAGE_BUDGET.markdown) problems.push(`${slug}: ${markdown} bytes of Markdown`);
  }
  expect(problems).toEqual([]);
});

/** The bytes of a built page's article: its Markdown container, from its start tag to its end. */
function articleBytes(html: string): number {
  const start = html.lastIndexOf('<div', html.indexOf('class="theme-doc-markdown markdown"'));
  const tags = /<(\/?)div\b[^>]*>/g;
  tags.lastIndex = start;
  let depth = 0;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    depth += tag[1] ? -1 : 1;
    if (depth === 0) return Buffer.byteLength(html.slice(start, tags.lastIndex));
  }
  throw new Error('the page has no article');
}

test("the corpus test's estimate of a page's HTML holds on every API page of the site: the article the components render, and the page around it", async () => {
  // The corpus test cannot build other organisations' descriptions: it renders each page's article with the site's
  // components and adds the page around it (tests/support/api-page-frame.ts). Here both are held to the build.
  test.setTimeout(120_000);
  const generated = generateApiDocs(path.resolve('openapi/vigil-api.yaml'));
  expect(generated.status, generated.output).toBe(0);
  const components = apiPageComponents();
  const problems: string[] = [];
  for (const page of generated.build!.pages) {
    const file = pageFileOf(generated.files, page);
    const mdx = readFileSync(path.join(generated.outputDir, file), 'utf8');
    const rendered = await servedBytes(
      compileMdxPage(mdx, path.dirname(path.join(generated.outputDir, file)))(components, serverHtml),
    );
    const served = readFileSync(path.join('build', page.permalink.replace(/^\/docs\/?/, ''), 'index.html'), 'utf8');
    const article = articleBytes(served);
    if (article > articleBound(rendered) || rendered > articleBound(article))
      problems.push(`${page.id}: the article is ${article} bytes built, ${rendered} rendered by the test's components`);
    const frame = pageFrameBytes(generated.build!, page, tocOf(mdx));
    const total = Buffer.byteLength(served);
    if (total > article + frame)
      problems.push(`${page.id}: ${total} bytes served, ${total - article} around the article, estimated at ${frame}`);
  }
  expect(generated.build!.pages.length).toBeGreaterThan(200);
  expect(problems).toEqual([]);
});
