#!/usr/bin/env node
// Writes the search index of a build (tools/search-index.mjs says what is indexed and how). The build runs it
// after writing the pages (src/plugins/search-index.ts); it can also be run on a build on its own, to try a
// change of what is indexed without building again:
//
//   node scripts/write-search-index.mjs [--build <dir>]     indexes the pages the build's sitemap lists
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {BASE_URL} from '../config/base-url.cjs';
import {sitemapPaths} from '../tools/build-output.cjs';
import {SEARCH_INDEX_FOLDER, searchablePages, writeSearchIndex} from '../tools/search-index.mjs';

/** @param {string[]} args */
async function main(args) {
  const buildDir = args.includes('--build') ? args[args.indexOf('--build') + 1] : 'build';
  // From the build (src/plugins/search-index.ts): the routes as JSON on standard input, since the sitemap
  // is written at the same time.
  const routes = args.includes('--routes-from-stdin') ? JSON.parse(readFileSync(0, 'utf8')) : sitemapPaths(buildDir);
  const basePath = args.includes('--base-path') ? args[args.indexOf('--base-path') + 1] : BASE_URL;
  const count = await writeSearchIndex(buildDir, searchablePages(buildDir, routes, basePath));
  console.log(`Search index: ${count} pages indexed into ${join(buildDir, SEARCH_INDEX_FOLDER)}`);
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
