// @ts-check
// The site's search index: Pagefind indexes the searchable pages of a build into <build>/pagefind/. The build
// runs it after writing the pages (src/plugins/search-index.ts, through scripts/write-search-index.mjs).
//
// The index is split into chunks by word and each page's text into a fragment, so a search downloads only
// the chunks of the words typed and the fragments of the results it shows, however large the site grows.
import {mkdirSync, readFileSync, readdirSync, statSync, writeFileSync} from 'node:fs';
import {gunzipSync} from 'node:zlib';
import {join, relative} from 'node:path';
import * as pagefind from 'pagefind';
import {BASE_URL} from '../config/base-url.cjs';
import {fileForPath} from './build-output.cjs';
import {
  API_OUTLINE_FOLDER,
  PAGE_TEXT_FOLDER,
  PAGE_TEXT_RUN_WORDS,
  apiOutlineShardOf,
  pageTextFile,
} from '../src/components/SiteSearch/index-files.cjs';

/** The folder of the build (and of the site, under the base path) that holds the index and its library. */
export const SEARCH_INDEX_FOLDER = 'pagefind';

/** A page is searchable when its HTML marks its content so (`src/components/SearchableContent`). */
const SEARCHABLE = /<[a-z]+\s[^>]*\bdata-pagefind-body\b/;

/** Pages that must be searchable: every doc, API reference and blog post page (the theme's `<html>` classes). */
const MUST_BE_SEARCHABLE = /<html[^>]*\bclass="[^"]*\b(docs-doc-page|blog-post-page)\b/;

/**
 * Parts of a searchable page left out of the index, besides those a component marks `data-pagefind-ignore` (the
 * request samples of an operation page, the API changelog's entries):
 * - the labels of a diagram's two SVGs (light and dark), which repeat the diagram's title and description;
 * - the date, reading time and authors under a blog post's title, and the tags and edit link under it;
 * - the version badge and the Export menu of the API root, and the `#` of every heading link.
 */
const LEFT_OUT = [
  '.mermaid-diagram',
  'article > header > div',
  'article > footer',
  '.theme-doc-version-badge',
  '.export-button',
  '.export-dropdown',
  '.hash-link',
];

/**
 * The searchable pages among `routes` (paths under `basePath`), in route order, each with its HTML, read as it
 * is iterated: a thousand API pages are hundreds of megabytes of HTML, which the indexer never needs at once.
 * Throws on a doc or blog post page that is not searchable, and on a page served under two routes.
 * @param {string} buildDir
 * @param {string[]} routes
 * @returns {Generator<{url: string, content: string}>}
 */
export function* searchablePages(buildDir, routes, basePath = BASE_URL) {
  /** @type {Map<string, string>} */
  const routeOfFile = new Map();
  for (const route of [...new Set(routes)].sort()) {
    const file = fileForPath(buildDir, route, basePath);
    if (!file?.endsWith('.html')) continue;
    const content = readFileSync(file, 'utf8');
    if (!SEARCHABLE.test(content)) {
      if (MUST_BE_SEARCHABLE.test(content)) {
        throw new Error(
          `${relative(process.cwd(), file)} (${route}) is a doc or blog post page without data-pagefind-body: its content would be missing from search`,
        );
      }
      continue;
    }
    const earlier = routeOfFile.get(file);
    if (earlier)
      throw new Error(
        `${relative(process.cwd(), file)} is served at ${earlier} and ${route}: the search index would hold it twice`,
      );
    routeOfFile.set(file, route);
    yield {url: route, content};
  }
}

/** The files of the index folder that list the site's words (to correct a misspelt one) and its pages' outlines. */
export const VOCABULARY_FILE = 'vocabulary.json';
export const OUTLINE_FILE = 'outline.json';

/**
 * A page as Pagefind indexed it: its id, URL, text, title and other metadata, filters and anchors (headings).
 * @typedef {{id: string, url: string, content: string, meta?: Record<string, string>, filters?: Record<string, string[]>, anchors?: {element: string, id: string, text: string, location?: number}[]}} Fragment
 */

/**
 * What the search knows of a page before it loads its text (OUTLINE_FILE, by page id).
 * @typedef {{section: 'Docs' | 'API' | 'Blog', title: string, headings: string[], glossary?: boolean}} PageOutline
 */

/**
 * Each fragment Pagefind wrote (gzipped JSON after a signature): a page's id, URL, title, text, filters and headings.
 * @param {string} indexDir
 * @returns {Generator<Fragment>}
 */
export function* fragmentsOf(indexDir) {
  const folder = join(indexDir, 'fragment');
  for (const name of readdirSync(folder).sort()) {
    const fragment = JSON.parse(
      gunzipSync(readFileSync(join(folder, name)))
        .toString('utf8')
        .replace(/^pagefind_dcd/, ''),
    );
    yield {id: name.replace(/\.pf_fragment$/, ''), ...fragment};
  }
}

/**
 * The words of the indexed text that are on at least two pages and at least 4 characters long (no number),
 * most frequent first (then alphabetical): what the search corrects a word that matches nothing to
 * (`src/components/SiteSearch/spelling.ts`). Read from Pagefind's own fragments, so it holds exactly the text
 * that was indexed.
 * @param {Iterable<Fragment>} fragments
 * @returns {string[]}
 */
export function vocabularyOf(fragments) {
  /** @type {Map<string, number>} */
  const pagesWith = new Map();
  for (const fragment of fragments) {
    const words = new Set(
      `${fragment.meta?.title ?? ''} ${fragment.content}`.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [],
    );
    for (const word of words) {
      if (word.length >= 4 && !/^\d+$/.test(word)) pagesWith.set(word, (pagesWith.get(word) ?? 0) + 1);
    }
  }
  return [...pagesWith]
    .filter(([, pages]) => pages >= 2)
    .sort(([a, pagesA], [b, pagesB]) => pagesB - pagesA || (a < b ? -1 : 1))
    .map(([word]) => word);
}

/** A heading on more pages than this is the skeleton of a kind of page ("Responses", "200 OK"), not its subject. */
const SKELETON_HEADING_PAGES = 5;

/** @typedef {Record<string, {title: string[], headings: string[]}>} ApiOutlineShard */

/**
 * What the search ranks on before it loads any page's text (`src/components/SiteSearch/ranking.ts`), made of
 * each indexed page's section, title, h2/h3 headings (but those of a page kind's skeleton) and whether it is
 * a glossary:
 * - `pages`: each doc and blog page by Pagefind's page id; a page of the index that is not there is an operation;
 * - `apiShards`: the shards of the API outline, by name (`apiOutlineShardOf`): each maps a word of an
 *   operation's title or headings to the pages whose title holds it (`title`) and the headings that hold it
 *   (`headings`, as `<page id>#<heading index>`).
 * The first search of a page loads `pages` and the shards of the words typed, not one entry per operation:
 * with a thousand operations the outline would be most of what a first search downloads.
 * @param {Fragment[]} fragments
 * @returns {{pages: Record<string, PageOutline>, apiShards: Record<string, ApiOutlineShard>}}
 */
export function outlineOf(fragments) {
  const pages = fragments.map((fragment) => {
    const section = fragment.filters?.section?.[0];
    if (!section) throw new Error(`${fragment.url} was indexed without a section (data-pagefind-filter="section:…")`);
    const headings = (fragment.anchors ?? [])
      .filter((anchor) => /^h[23]$/.test(anchor.element))
      .map((anchor) => anchor.text.trim());
    return {
      id: fragment.id,
      section: /** @type {PageOutline['section']} */ (section),
      title: fragment.meta?.title ?? '',
      headings: [...new Set(headings)],
      glossary: fragment.meta?.glossary === 'yes',
    };
  });
  /** @type {Map<string, number>} */
  const pagesWithHeading = new Map();
  for (const {headings} of pages)
    for (const heading of headings) pagesWithHeading.set(heading, (pagesWithHeading.get(heading) ?? 0) + 1);
  // Maps, not objects: a word of a title may be "constructor" or "__proto__".
  /** @type {Record<string, PageOutline>} */
  const docPages = {};
  /** @type {Map<string, Map<string, {title: string[], headings: string[]}>>} */
  const apiShards = new Map();
  /** @param {string} text @param {string} id @param {'title' | 'headings'} list */
  const addWords = (text, id, list) => {
    for (const word of new Set(text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [])) {
      const name = apiOutlineShardOf(word);
      const shard = apiShards.get(name) ?? new Map();
      apiShards.set(name, shard);
      const entry = shard.get(word) ?? {title: [], headings: []};
      shard.set(word, entry);
      entry[list].push(id);
    }
  };
  for (const {id, section, title, headings: all, glossary} of pages) {
    const headings = all.filter((heading) => (pagesWithHeading.get(heading) ?? 0) <= SKELETON_HEADING_PAGES);
    if (section === 'API') {
      addWords(title, id, 'title');
      headings.forEach((heading, index) => addWords(heading, `${id}#${index}`, 'headings'));
    } else {
      docPages[id] = {section, title, headings, ...(glossary && {glossary})};
    }
  }
  return {
    pages: docPages,
    apiShards: Object.fromEntries([...apiShards].map(([name, words]) => [name, Object.fromEntries(words)])),
  };
}

/**
 * Writes the outline of `fragments` into `indexDir`: OUTLINE_FILE, with the list of shards, and each shard.
 * @param {string} indexDir
 * @param {Fragment[]} fragments
 */
function writeOutline(indexDir, fragments) {
  const {pages, apiShards} = outlineOf(fragments);
  const folder = join(indexDir, API_OUTLINE_FOLDER);
  mkdirSync(folder, {recursive: true});
  for (const [name, words] of Object.entries(apiShards))
    writeFileSync(join(folder, `${name}.json`), JSON.stringify(words));
  writeFileSync(join(indexDir, OUTLINE_FILE), JSON.stringify({pages, apiShards: Object.keys(apiShards).sort()}));
}

/** Pagefind's split of a page's text into the words its locations count (`word_separators` in pagefind.js 1.6). */
const WORD_SEPARATORS = /[^\S\uFEFF]+/;

/** The start of the ids `withCodeAnchors` gives, which no element of the site's pages has. */
const CODE_ANCHOR = 'vigil-search-code-';

/**
 * The start of the opening tag of a line of a code block, as src/components/StaticCodeBlock writes it (the theme's
 * `token-line` class, its first attribute) and the build minifies it (quoted or not).
 */
const CODE_LINE_TAG = /<span class=("?)token-line\b/g;

/**
 * A page's HTML with an id on each line of its code blocks, which Pagefind records with where the line starts
 * in the page's text and the text it holds (a fragment's `anchors`, read by `codeRangesOf`). Only the HTML
 * Pagefind reads has these ids. A line starts after a line break or a block, so Pagefind's text is the same with
 * them; an id on inline code would split its text from the word before it ("(acc_)" would become "( acc_)").
 * @param {string} html
 */
export function withCodeAnchors(html) {
  let count = 0;
  return html.replace(CODE_LINE_TAG, (_, quote) => `<span id="${CODE_ANCHOR}${(count += 1)}" class=${quote}token-line`);
}

/** The start of the docs sidebar's container, as the theme renders it and the build minifies it. */
const DOCS_SIDEBAR_START = '<aside class="theme-doc-sidebar-container';

/**
 * A page's HTML without its docs sidebar, which Pagefind would parse and leave out (it is outside the page's
 * `data-pagefind-body`): on an API page of a large description the sidebar is most of the HTML (91 of 112 kB on
 * an object page of 1,000 operations), and the indexer sends each page's HTML to Pagefind's process.
 * @param {string} html
 */
export function withoutDocsSidebar(html) {
  const start = html.indexOf(DOCS_SIDEBAR_START);
  if (start === -1) return html;
  const end = html.indexOf('</aside>', start);
  return end === -1 ? html : html.slice(0, start) + html.slice(end + '</aside>'.length);
}

/**
 * The lines of code of a page as [first word, end) locations of its text, in order (the lines of a block follow
 * each other); an empty line has none.
 * @param {Fragment} fragment
 * @returns {[number, number][]}
 */
export function codeRangesOf(fragment) {
  return (fragment.anchors ?? [])
    .filter((anchor) => anchor.id.startsWith(CODE_ANCHOR))
    .map((anchor) => {
      const text = (anchor.text ?? '').trim();
      const start = anchor.location ?? 0;
      return /** @type {[number, number]} */ ([start, start + (text ? text.split(WORD_SEPARATORS).length : 0)]);
    })
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
}

/**
 * A page's text as the search's results read it (src/components/SiteSearch/page-text.ts), in runs of
 * PAGE_TEXT_RUN_WORDS words: each run with the page's URL, title, word count and headings (each heading's
 * location, id and text, the parts Pagefind's `sub_results` are made of), its own words, and the lines of code
 * that reach into them (`codeRangesOf`), when there are some.
 * @typedef {{url: string, title: string, wordCount: number, headings: [number, string, string][], words: string[], code?: [number, number][]}} PageTextRun
 * @param {Fragment} fragment
 * @returns {PageTextRun[]}
 */
export function pageTextRuns(fragment) {
  const words = fragment.content.split(WORD_SEPARATORS);
  const headings = (fragment.anchors ?? [])
    .filter((anchor) => /^h\d$/i.test(anchor.element) && anchor.id && /\S/.test(anchor.text ?? ''))
    .sort((a, b) => (a.location ?? 0) - (b.location ?? 0))
    .map((anchor) => /** @type {[number, string, string]} */ ([anchor.location ?? 0, anchor.id, anchor.text.trim()]));
  const code = codeRangesOf(fragment);
  const runs = [];
  for (let start = 0; start === 0 || start < words.length; start += PAGE_TEXT_RUN_WORDS) {
    const run = words.slice(start, start + PAGE_TEXT_RUN_WORDS);
    const runCode = code.filter(([first, end]) => first < start + PAGE_TEXT_RUN_WORDS && end > start);
    runs.push({
      url: fragment.url,
      title: fragment.meta?.title ?? '',
      wordCount: words.length,
      headings,
      words: run,
      ...(runCode.length > 0 && {code: runCode}),
    });
  }
  return runs;
}

/**
 * Writes the text of each page of `fragments` into `indexDir`, in runs (`pageTextFile`).
 * @param {string} indexDir
 * @param {Fragment[]} fragments
 */
function writePageTexts(indexDir, fragments) {
  mkdirSync(join(indexDir, PAGE_TEXT_FOLDER), {recursive: true});
  for (const fragment of fragments) {
    pageTextRuns(fragment).forEach((run, index) =>
      writeFileSync(join(indexDir, pageTextFile(fragment.id, index)), JSON.stringify(run)),
    );
  }
}

/**
 * The size Pagefind aims at for each chunk of the word index, before compression. A search downloads the
 * chunks that hold its words; at Pagefind's default (about 22,000) each is about 28 kB gzipped, so a two-word
 * search spent 55 kB on chunks alone. At 5,000 a chunk is about 7 kB and the chunk list (the `.pf_meta` every
 * search loads) grows by 0.7 kB. Pagefind reads it from the environment variable PAGEFIND_UNSTABLE_INDEX_CHUNK_SIZE
 * (1.6.0, not in its documented options): the first-search budget test fails if a version ignores it.
 */
const INDEX_CHUNK_SIZE = 5000;

/**
 * Pages sent to Pagefind before the first is answered. Indexing the 5,799 pages of a 2,500-operation build (its
 * pages read from disk, trimmed, then parsed by Pagefind): 17.7 s one at a time, 14.6 s with 4, 14.4 s with 16; the
 * same index, file by file. Pagefind's service parses one page at a time, so more only holds more pages in memory.
 */
const PAGES_IN_FLIGHT = 4;

/**
 * Indexes `pages` ({url, content}, any iterable) into `<buildDir>/pagefind/`, with its vocabulary; returns how many were indexed.
 * @param {string} buildDir
 * @param {Iterable<{url: string, content: string}>} pages
 */
export async function writeSearchIndex(buildDir, pages) {
  // Read by the Pagefind service this process starts.
  process.env.PAGEFIND_UNSTABLE_INDEX_CHUNK_SIZE = String(INDEX_CHUNK_SIZE);
  const {index, errors} = await pagefind.createIndex({forceLanguage: 'en', excludeSelectors: LEFT_OUT});
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  let count = 0;
  try {
    // Pages go to Pagefind's service a few at a time, in order: this process reads and trims the next pages while the
    // service parses the last ones. One at a time, the two took turns.
    /** @type {Promise<{url: string, errors: string[]}>[]} */
    const inFlight = [];
    const settleFirst = async () => {
      const {url, errors} = /** @type {{url: string, errors: string[]}} */ (await inFlight.shift());
      if (errors.length > 0) throw new Error(`${url}: Pagefind could not index it: ${errors.join('; ')}`);
      count += 1;
    };
    for (const page of pages) {
      const content = withCodeAnchors(withoutDocsSidebar(page.content));
      inFlight.push(
        index.addHTMLFile({...page, content}).then(
          ({errors}) => ({url: page.url, errors}),
          (error) => ({url: page.url, errors: [error instanceof Error ? error.message : String(error)]}),
        ),
      );
      if (inFlight.length === PAGES_IN_FLIGHT) await settleFirst();
    }
    while (inFlight.length > 0) await settleFirst();
    if (count === 0)
      throw new Error(`${buildDir} has no page marked data-pagefind-body: the search index would be empty`);
    const indexDir = join(buildDir, SEARCH_INDEX_FOLDER);
    const written = await index.writeFiles({outputPath: indexDir});
    if (written.errors.length > 0)
      throw new Error(`Pagefind could not write the search index: ${written.errors.join('; ')}`);
    const fragments = [...fragmentsOf(indexDir)];
    writeFileSync(join(indexDir, VOCABULARY_FILE), JSON.stringify(vocabularyOf(fragments)));
    writeOutline(indexDir, fragments);
    writePageTexts(indexDir, fragments);
  } finally {
    await pagefind.close();
  }
  return count;
}

/**
 * The size of the index of a build: pages, word chunks (total and largest) and fragments, in bytes as served.
 * @param {string} buildDir
 */
export function searchIndexSize(buildDir) {
  const indexDir = join(buildDir, SEARCH_INDEX_FOLDER);
  const sizes = (/** @type {string} */ folder) =>
    readdirSync(join(indexDir, folder)).map((name) => statSync(join(indexDir, folder, name)).size);
  const chunks = sizes('index');
  const fragments = sizes('fragment');
  return {
    pages: fragments.length,
    chunks: chunks.length,
    chunkBytes: chunks.reduce((sum, size) => sum + size, 0),
    largestChunk: Math.max(...chunks),
    fragmentBytes: fragments.reduce((sum, size) => sum + size, 0),
  };
}
