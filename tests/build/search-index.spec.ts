import {existsSync, readFileSync, readdirSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {
  API_OUTLINE_FOLDER,
  apiOutlineShardOf,
  outlineOfPages,
  type ApiOutlineShard,
  type OutlineFile,
} from '../../src/components/SiteSearch/outline';
import {pageTextFile} from '../../src/components/SiteSearch/index-files.cjs';
import type {PageTextRun} from '../../src/components/SiteSearch/page-text';
import {coverage, wordsOf} from '../../src/components/SiteSearch/query';
import {operationsOf} from '../../src/openapi';
import {posts} from '../support/blog';
import {markdownFiles} from '../support/content';
import {loadSpec} from '../support/openapi';

const INDEX = 'build/pagefind';
const outline = JSON.parse(readFileSync(`${INDEX}/outline.json`, 'utf8')) as OutlineFile;
const pages = Object.values(outline.pages);
const shards = new Map(
  readdirSync(`${INDEX}/${API_OUTLINE_FOLDER}`).map((file) => [
    file.replace(/\.json$/, ''),
    JSON.parse(readFileSync(`${INDEX}/${API_OUTLINE_FOLDER}/${file}`, 'utf8')) as ApiOutlineShard,
  ]),
);
/** The operation pages whose title holds every word of `text`, as the search reads them from the shards of its words. */
function operationPagesTitled(text: string): string[] {
  const words = wordsOf(text);
  const lists = words.map((word) => shards.get(apiOutlineShardOf(word))?.[word]?.title ?? []);
  return lists.reduce((common, list) => common.filter((id) => list.includes(id)));
}
const docs = markdownFiles('docs');
const operations = operationsOf(loadSpec());

/** A page's fragment: its URL and the text Pagefind indexed, read as the indexer reads it. */
async function fragmentOf(url: string) {
  // An ES module that reads import.meta: imported as itself, not transpiled with the tests.
  const {fragmentsOf} = await import('../../tools/search-index.mjs');
  for (const fragment of fragmentsOf(INDEX)) if (fragment.url === url) return fragment;
  throw new Error(`no page ${url} in ${INDEX}/fragment`);
}

test('the search index holds every doc, operation and blog post under its section, and no list or tag page', () => {
  const titles = (section: string) => pages.filter((page) => page.section === section).map((page) => page.title);
  expect(titles('Docs').sort()).toEqual(docs.map((doc) => String(doc.frontMatter.title)).sort());
  expect(titles('API')).toEqual([]);
  for (const operation of operations)
    expect(operationPagesTitled(operation.summary), `operation ${operation.operationId}`).not.toEqual([]);
  expect(titles('Blog').sort()).toEqual(posts.map((post) => post.title).sort());
  expect(pages.filter((page) => /tagged with|^Blog$|^Archive$|^Authors$/.test(page.title))).toEqual([]);
});

test('the outline keeps the headings that say what a page is about, not the skeleton every operation has', () => {
  const glossary = pages.find((page) => page.title === 'Glossary');
  expect(glossary?.glossary).toBe(true);
  expect(glossary?.headings).toContain('Domain');
  expect(pages.filter((page) => page.glossary).length).toBe(1);
  const everyHeading = pages.flatMap((page) => page.headings);
  for (const skeleton of ['Responses', 'Request', '200 OK']) expect(everyHeading).not.toContain(skeleton);
  // An operation's headings "Request" and "Responses" are the skeleton of every operation page.
  const [createDatastore] = operationPagesTitled(
    operations.find((operation) => operation.operationId === 'createDatastore')!.summary,
  );
  for (const skeleton of ['responses', 'request']) {
    const headings = shards.get(apiOutlineShardOf(skeleton))?.[skeleton]?.headings ?? [];
    expect(headings.filter((heading) => heading.startsWith(`${createDatastore}#`))).toEqual([]);
  }
});

test('the API outline is in shards the browser finds by the words typed, and ranks an operation by its title', () => {
  expect([...shards.keys()].sort()).toEqual(outline.apiShards);
  for (const [name, shard] of shards) {
    for (const word of Object.keys(shard)) expect(apiOutlineShardOf(word), `"${word}" in shard ${name}`).toBe(name);
  }
  // The page of createDatastore, as the search outlines it from the shards of a query's words.
  const createDatastore = operations.find((operation) => operation.operationId === 'createDatastore')!;
  const [id] = operationPagesTitled(createDatastore.summary);
  const terms = ['datastore', 'secret'];
  const page = outlineOfPages(
    outline,
    terms.map((term) => shards.get(apiOutlineShardOf(term))!),
    [id],
  )[id];
  expect(page.section).toBe('API');
  expect(coverage(page.title, terms)).toBe(coverage(createDatastore.summary, terms));
  expect(coverage(page.title, terms)).toBeGreaterThan(0);
});

test('an operation page is indexed with its fields and without its six request samples', async () => {
  const createDatastore = operations.find((operation) => operation.operationId === 'createDatastore')!;
  const {content} = await fragmentOf(`/docs/api/${createDatastore.slug}`);
  expect(content).toContain(createDatastore.summary);
  expect(content).toContain('connection');
  // The samples' own code (Python requests, OkHttp) would repeat the request six times.
  expect(content).not.toContain('import requests');
  expect(content).not.toContain('OkHttpClient');
});

test('the vocabulary for misspelt words holds the site’s words, most frequent first', () => {
  const vocabulary = JSON.parse(readFileSync(`${INDEX}/vocabulary.json`, 'utf8')) as string[];
  for (const word of ['databricks', 'snowflake', 'webhook', 'anomaly', 'quality']) expect(vocabulary).toContain(word);
  expect(vocabulary.indexOf('dataset')).toBeLessThan(vocabulary.indexOf('webhook'));
  expect(vocabulary.every((word) => word.length >= 4 && !/^\d+$/.test(word))).toBe(true);
});

test('each page’s text is in runs that results read their excerpts from: every word in order, each heading at its location', async () => {
  const {fragmentsOf} = await import('../../tools/search-index.mjs');
  const fragment = [...fragmentsOf(INDEX)].find(
    (candidate) => candidate.url === '/docs/configuring-datastore/postgresql',
  )!;
  const runs: PageTextRun[] = [];
  for (let run = 0; existsSync(`${INDEX}/${pageTextFile(fragment.id, run)}`); run += 1) {
    runs.push(JSON.parse(readFileSync(`${INDEX}/${pageTextFile(fragment.id, run)}`, 'utf8')) as PageTextRun);
  }
  expect(runs.length).toBeGreaterThan(1);
  const words = runs.flatMap((run) => run.words);
  expect(words.join(' ')).toBe(fragment.content.trim().replace(/\s+/g, ' '));
  expect(runs.every((run) => run.wordCount === words.length && run.url === fragment.url)).toBe(true);
  const {headings} = runs[0];
  expect(headings.map(([, , text]) => text)).toContain('Check the grants');
  // Pagefind's locations count the words as the runs split them: each heading's words start at its location.
  for (const [location, id, text] of headings) {
    const headingWords = text.split(/\s+/);
    // Pagefind ends the text of a block with a full stop.
    const atLocation = words.slice(location, location + headingWords.length).map((word) => word.replace(/\.$/, ''));
    expect(atLocation, `heading #${id}`).toEqual(headingWords);
  }
});

test('the indexer sends Pagefind each page without its docs sidebar, and the part Pagefind indexes whole', async () => {
  const {withoutDocsSidebar} = await import('../../tools/search-index.mjs');
  const {fileForPath, sitemapPaths} = await import('../../tools/build-output.cjs');
  const withSidebar = sitemapPaths()
    .map((path) => fileForPath('build', path))
    .flatMap((file) => (file?.endsWith('.html') ? [readFileSync(file, 'utf8')] : []))
    .filter((html) => html.includes('<nav aria-label="Docs sidebar"'));
  // Every docs page and every API page has one.
  expect(withSidebar.length).toBeGreaterThan(docs.length);
  for (const html of withSidebar) {
    const sent = withoutDocsSidebar(html);
    expect(sent).not.toContain('aria-label="Docs sidebar"');
    const body = (page: string) => page.slice(page.indexOf('data-pagefind-body'));
    expect(body(sent)).toBe(body(html));
    expect(html.length - sent.length).toBeGreaterThan(0);
  }
});
