import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {expect, test} from '@playwright/test';
import {excerptParts} from '../../src/components/SiteSearch/excerpt';
import {bestHeading} from '../../src/components/SiteSearch/headings';
import {excerptRegion, markedWord} from '../../src/components/SiteSearch/page-text';
import {coverage, sameWord, searchTerms} from '../../src/components/SiteSearch/query';
import {rankPages, type PageOutline} from '../../src/components/SiteSearch/ranking';
import {closestWord, editDistance} from '../../src/components/SiteSearch/spelling';

test.describe('search query', () => {
  test('the words of a question are left out; the API named by "api" or "endpoint", not by "API token"', () => {
    expect(searchTerms('How do I rotate secrets?')).toEqual({
      terms: ['rotate', 'secrets'],
      namesApi: false,
      asksQuestion: true,
      asksDefinition: false,
    });
    expect(searchTerms('create datastore via api')).toMatchObject({
      terms: ['create', 'datastore'],
      namesApi: true,
      asksQuestion: false,
    });
    expect(searchTerms('list datasets endpoint')).toMatchObject({terms: ['list', 'datasets'], namesApi: true});
    expect(searchTerms('revoke an api token')).toMatchObject({terms: ['revoke', 'api', 'token'], namesApi: false});
    expect(searchTerms('what is a domain')).toMatchObject({
      terms: ['domain'],
      asksQuestion: true,
      asksDefinition: true,
    });
    // Only ignored words: searched as typed.
    expect(searchTerms('vigil').terms).toEqual(['vigil']);
    expect(searchTerms('api').terms).toEqual(['api']);
  });

  test('two words are the same when only their ending differs', () => {
    expect(sameWord('grants', 'grant')).toBe(true);
    expect(sameWord('rotate', 'rotation')).toBe(true);
    expect(sameWord('data', 'datastore')).toBe(false);
    expect(sameWord('api', 'apis')).toBe(false);
    expect(coverage('Grant read access to the data', ['snowflake', 'grants'])).toBe(0.5);
  });
});

test.describe('misspelt words', () => {
  test('the edit distance counts a swap of neighbours as one edit', () => {
    expect(editDistance('quailty', 'quality')).toBe(1);
    expect(editDistance('databriks', 'databricks')).toBe(1);
    expect(editDistance('bigqeury', 'bigquery')).toBe(1);
    expect(editDistance('kafka', 'kafka')).toBe(0);
    expect(editDistance('snowflake', 'bigquery', 3)).toBe(3);
  });

  test('a word is corrected to the most frequent word of the site within one edit (two from 6 letters)', () => {
    const vocabulary = ['datasets', 'quality', 'quantity', 'databricks', 'webhook', 'anomaly'];
    expect(closestWord('databriks', vocabulary)).toBe('databricks');
    expect(closestWord('webhok', vocabulary)).toBe('webhook');
    expect(closestWord('quailty', vocabulary)).toBe('quality');
    // Two edits away: corrected from 6 letters, not below.
    expect(closestWord('anomolie', vocabulary)).toBe(undefined);
    expect(closestWord('datsets', vocabulary)).toBe('datasets');
    // Too short to correct, or nothing close.
    expect(closestWord('dbt', ['dbx'])).toBe(undefined);
    expect(closestWord('zzzzzz', vocabulary)).toBe(undefined);
    // On a tie, the earlier (more frequent) word.
    expect(closestWord('quanlity', ['quantity', 'quality'])).toBe('quantity');
  });
});

test.describe('ranking', () => {
  const outline: Record<string, PageOutline> = {
    doc: {section: 'Docs', title: 'Store credentials as secrets', headings: ['Rotate a secret']},
    operation: {section: 'API', title: 'Update or rotate a secret', headings: []},
    glossary: {section: 'Docs', title: 'Glossary', headings: ['Domain', 'Dataset'], glossary: true},
    catalog: {section: 'Docs', title: 'Sync from DataHub', headings: ['Domains']},
    getDomain: {section: 'API', title: 'Get a domain', headings: []},
  };
  const order = (query: string, pages: Array<{id: string; held: number; score: number}>) =>
    rankPages(pages, outline, searchTerms(query)).map(({id}) => id);

  test('a doc page comes first for a question, an operation when the API is named', () => {
    const pages = [
      {id: 'doc', held: 2, score: 15},
      {id: 'operation', held: 2, score: 25},
    ];
    expect(order('how do i rotate secrets', pages)).toEqual(['doc', 'operation']);
    expect(order('rotate secret api', pages)).toEqual(['operation', 'doc']);
  });

  test('a page that holds fewer than half of the words is left out; fewer words rank lower', () => {
    const pages = [
      {id: 'doc', held: 3, score: 5},
      {id: 'operation', held: 2, score: 40},
      {id: 'catalog', held: 1, score: 90},
    ];
    const ranked = rankPages(pages, outline, searchTerms('rotate stored secret values'));
    expect(ranked.map(({id}) => id)).not.toContain('catalog');
    expect(ranked.find(({id}) => id === 'operation')!.rank).toBeLessThan(40 * (2 / 4) ** 2 * 1.5 * 4);
  });

  test('a question that asks what a term means ranks the glossary entry of the term first', () => {
    const pages = [
      {id: 'catalog', held: 1, score: 12},
      {id: 'getDomain', held: 1, score: 30},
      {id: 'glossary', held: 1, score: 4},
    ];
    expect(order('what is a domain', pages)[0]).toBe('glossary');
    expect(order('domain', pages)[0]).not.toBe('glossary');
  });
});

test.describe('results', () => {
  test('an excerpt starts where it holds the most matches, as Pagefind chooses it', () => {
    expect(excerptRegion([], 24)).toBe(0);
    // A page shorter than an excerpt starts at its first word.
    expect(excerptRegion([3, 10], 24)).toBe(0);
    // One match far down, three close together further on: the window holds the three.
    const start = excerptRegion([5, 100, 104, 110], 24);
    expect(start).toBeGreaterThan(5);
    for (const location of [100, 104, 110]) expect(location - start).toBeLessThan(24);
  });

  test('a matched word is marked when it is a form of a word searched, its punctuation outside the mark', () => {
    expect(markedWord('Snowflake.', ['snowflake'])).toBe('<mark>Snowflake</mark>.');
    expect(markedWord('grant', ['grants'])).toBe('<mark>grant</mark>');
    expect(markedWord('"granted_on",', ['grant'])).toBe('"<mark>granted_on</mark>",');
    // Pagefind matches the parts of a compound word too: a file name is not the word searched.
    expect(markedWord('check-grants.sql.', ['grants'])).toBe('check-grants.sql.');
    expect(markedWord('<role>', ['role'])).toBe('&lt;<mark>role</mark>&gt;');
  });

  test('an excerpt is text: entities decoded, the marked words apart, no markup', () => {
    expect(
      excerptParts('GRANT USAGE ON WAREHOUSE &lt;wh&gt; TO ROLE; <mark>grants</mark> &amp; <mark>roles</mark>'),
    ).toEqual([
      {text: 'GRANT USAGE ON WAREHOUSE <wh> TO ROLE; ', marked: false},
      {text: 'grants', marked: true},
      {text: ' & ', marked: false},
      {text: 'roles', marked: true},
    ]);
    expect(excerptParts('<mark>kafka</mark>')).toEqual([{text: 'kafka', marked: true}]);
  });

  test('the heading shown is one that names a word the title does not', () => {
    const parts = [
      {title: 'Connect Snowflake', url: '/docs/s', excerpt: 'top', locations: [1, 2, 3]},
      {
        title: 'Grant read access to the data',
        url: '/docs/s#grant',
        excerpt: 'grant',
        locations: [9],
        anchor: {id: 'grant'},
      },
      {
        title: 'Troubleshooting',
        url: '/docs/s#troubleshooting',
        excerpt: 'grants',
        locations: [20, 21],
        anchor: {id: 'troubleshooting'},
      },
    ];
    expect(bestHeading('/docs/s', 'Connect Snowflake', parts, 'snowflake grants')).toEqual({
      title: 'Grant read access to the data',
      url: '/docs/s#grant',
      excerpt: 'grant',
    });
    // The title names every word: the page alone.
    expect(bestHeading('/docs/s', 'Connect Snowflake', parts, 'snowflake')).toBe(undefined);
    const operation = [
      {
        title: '201 Created',
        url: '/docs/api/c#response-201',
        excerpt: 'created',
        locations: [4],
        anchor: {id: 'response-201'},
      },
    ];
    expect(bestHeading('/docs/api/c', 'Create a datastore', operation, 'create datastore')).toBe(undefined);
  });
});

test.describe('the pages indexed', () => {
  const page = (htmlClass: string, body: string) =>
    `<!doctype html><html lang=en class="${htmlClass}"><body><article>${body}</article></body></html>`;
  let build: string;
  test.beforeEach(() => {
    build = mkdtempSync(join(tmpdir(), 'search-index-'));
    for (const [folder, html] of Object.entries({
      intro: page(
        'docs-wrapper docs-doc-page',
        '<div data-pagefind-body="" data-pagefind-filter="section:Docs"><h1>Intro</h1></div>',
      ),
      tags: page('docs-wrapper docs-tags-list-page', '<h1>Tags</h1>'),
      welcome: page('blog-wrapper blog-post-page', '<h1>Welcome</h1>'),
    })) {
      mkdirSync(join(build, folder));
      writeFileSync(join(build, folder, 'index.html'), html);
    }
  });
  test.afterEach(() => rmSync(build, {recursive: true, force: true}));

  // An ES module that reads import.meta: imported as itself, not transpiled with the tests.
  const indexer = () => import('../../tools/search-index.mjs');

  test('a doc or blog post page without searchable content fails the index, naming the page', async () => {
    const {searchablePages} = await indexer();
    expect(() => [...searchablePages(build, ['/docs/intro', '/docs/tags', '/docs/welcome'], '/docs/')]).toThrow(
      /welcome\/index\.html \(\/docs\/welcome\) is a doc or blog post page without data-pagefind-body/,
    );
  });

  test('searchable pages are indexed under their route; other pages are not', async () => {
    const {searchablePages} = await indexer();
    expect([...searchablePages(build, ['/docs/tags', '/docs/intro'], '/docs/')].map(({url}) => url)).toEqual([
      '/docs/intro',
    ]);
    expect(() => [...searchablePages(build, ['/docs/intro', '/docs/intro/'], '/docs/')]).toThrow(
      /served at \/docs\/intro and \/docs\/intro\//,
    );
  });
});
