#!/usr/bin/env node
// Reports the bytes the offline search index of a production build spends on each kind of page: docs,
// blog posts and the API reference (operations, and the overview and tag pages). The index (`search-index*.json`, written by
// @easyops-cn/docusaurus-search-local) is one JSON array of lunr indexes (page titles, headings,
// descriptions, keywords, section contents). For each kind, the script keeps only that kind's documents,
// field vectors and postings, and measures the result raw and gzipped: the index that kind alone would
// need. Terms shared by several kinds are counted in each, so the kinds add up to a little more than the
// whole file, which is reported on its own line.
//
//   node scripts/search-index-size.mjs [buildDir]          prints a Markdown table
//   node scripts/search-index-size.mjs --json [buildDir]   prints the figures as JSON
//   import {searchIndexSizes} from './scripts/search-index-size.mjs'   returns the figures
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {pathToFileURL} from 'node:url';
import {gzipSync} from 'node:zlib';
import {BASE_PATH} from './build-output.cjs';

/** Page kinds; an API page is an operation when its HTML shows the operation's method and endpoint. */
export const PAGE_KINDS = [
  {kind: 'docs', label: 'docs'},
  {kind: 'blog', label: 'blog (posts, archive, authors)'},
  {kind: 'api-operation', label: 'API operations'},
  {kind: 'api-other', label: 'API overview and tag pages'},
];

/** The class of the method and URL line of an operation page (src/components/ApiEndpoint). */
const OPERATION_MARKER = 'api-endpoint';

/** The kind of an indexed page, from its URL (which starts with the base URL) and its HTML in `buildDir`. */
export function pageKind(url, baseUrl, buildDir) {
  if (!url.startsWith(baseUrl)) {
    throw new Error(`search index: page URL ${url} does not start with the base URL ${baseUrl}`);
  }
  const path = url.slice(baseUrl.length).replace(/\/$/, '');
  if (/^blog(\/|$)/.test(path)) return 'blog';
  if (!/^api(\/|$)/.test(path)) return 'docs';
  const html = join(buildDir, path, 'index.html');
  if (!existsSync(html)) {
    throw new Error(`search index: ${html}, the page of ${url}, does not exist`);
  }
  return readFileSync(html, 'utf8').includes(OPERATION_MARKER) ? 'api-operation' : 'api-other';
}

/** The search index files of a build (one per search context; this site has one). */
export function searchIndexFiles(buildDir = 'build') {
  if (!existsSync(buildDir)) {
    throw new Error(`${buildDir}/ does not exist: run npm run build first`);
  }
  const files = readdirSync(buildDir).filter((name) => /^search-index.*\.json$/.test(name));
  if (files.length === 0) {
    throw new Error(`${buildDir}/ holds no search-index*.json: is @easyops-cn/docusaurus-search-local configured?`);
  }
  return files.map((name) => join(buildDir, name));
}

function bytes(value) {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const buffer = Buffer.from(text, 'utf8');
  return {raw: buffer.length, gzip: gzipSync(buffer).length};
}

/** The part of one serialized lunr index that belongs to the documents whose refs are in `refs`. */
function filterLunrIndex(index, refs) {
  return {
    ...index,
    fieldVectors: index.fieldVectors.filter(([fieldRef]) => refs.has(fieldRef.slice(fieldRef.indexOf('/') + 1))),
    invertedIndex: index.invertedIndex
      .map(([term, posting]) => {
        const kept = {_index: posting._index};
        let any = false;
        for (const [field, byRef] of Object.entries(posting)) {
          if (field === '_index') continue;
          kept[field] = Object.fromEntries(Object.entries(byRef).filter(([ref]) => refs.has(ref)));
          any ||= Object.keys(kept[field]).length > 0;
        }
        return any ? [term, kept] : null;
      })
      .filter(Boolean),
  };
}

/**
 * Sizes of the search index of `buildDir` in bytes, raw and gzipped: the whole files, and the share of each
 * page kind. `baseUrl` is the site's base URL that every indexed page URL starts with.
 */
export function searchIndexSizes(buildDir = 'build', baseUrl = BASE_PATH) {
  const files = searchIndexFiles(buildDir);
  const kinds = new Map(PAGE_KINDS.map(({kind, label}) => [kind, {kind, label, pages: 0, raw: 0, gzip: 0}]));
  const total = {kind: 'total', label: 'whole index', pages: 0, raw: 0, gzip: 0};
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    let parts;
    try {
      parts = JSON.parse(text);
    } catch (error) {
      throw new Error(`${file} is not valid JSON: ${error.message}`);
    }
    if (!Array.isArray(parts) || parts.some((part) => !Array.isArray(part?.documents) || !part.index?.invertedIndex)) {
      throw new Error(`${file} is not an array of {documents, index} lunr indexes`);
    }
    const whole = bytes(text);
    total.raw += whole.raw;
    total.gzip += whole.gzip;
    // The first index holds one document per page (its title).
    total.pages += parts[0].documents.length;
    const kindOfUrl = new Map(parts[0].documents.map((document) => [document.u, pageKind(document.u, baseUrl, buildDir)]));
    for (const {kind} of PAGE_KINDS) {
      const share = parts.map(({documents, index}) => {
        const kept = documents.filter((document) => {
          if (!kindOfUrl.has(document.u)) throw new Error(`${file}: ${document.u} has sections but no page title entry`);
          return kindOfUrl.get(document.u) === kind;
        });
        return {documents: kept, index: filterLunrIndex(index, new Set(kept.map((document) => String(document.i))))};
      });
      const size = bytes(share);
      const entry = kinds.get(kind);
      entry.pages += share[0].documents.length;
      entry.raw += size.raw;
      entry.gzip += size.gzip;
    }
  }
  return {files, kinds: [...kinds.values()], total};
}

/** The figures as a Markdown table. */
export function formatSearchIndexSizes({files, kinds, total}) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const rows = [...kinds, total].map(
    ({label, pages, raw, gzip}) => `| ${label} | ${pages} | ${kb(raw)} | ${kb(gzip)} | ${pages ? kb(gzip / pages) : '-'} |`,
  );
  return [
    `Search index (${files.join(', ')})`,
    '',
    '| page kind | pages | raw | gzip | gzip per page |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? '')).href) {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const buildDir = args.find((arg) => arg !== '--json') ?? 'build';
  try {
    const sizes = searchIndexSizes(buildDir);
    console.log(json ? JSON.stringify(sizes, null, 2) : formatSearchIndexSizes(sizes));
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
