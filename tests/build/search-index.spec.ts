import {readFileSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import type {PageOutline} from '../../tools/search-index.mjs';
import {operationsOf} from '../../src/openapi';
import {posts} from '../support/blog';
import {markdownFiles} from '../support/content';
import {loadSpec} from '../support/openapi';

const INDEX = 'build/pagefind';
const outline = JSON.parse(readFileSync(`${INDEX}/outline.json`, 'utf8')) as Record<string, PageOutline>;
const pages = Object.values(outline);
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
  const api = titles('API');
  for (const operation of operations) expect(api, `operation ${operation.operationId}`).toContain(operation.summary);
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
