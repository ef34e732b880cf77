/**
 * The site's search: Pagefind's browser library over the index the build writes into `<site>/pagefind/`
 * (`tools/search-index.mjs`). Nothing loads until the reader searches: the first search downloads the
 * library, its WebAssembly, and only the index chunks of the words typed; a result's excerpt comes from the
 * run of its page's text that holds it, loaded when the result is shown (./page-text.ts).
 */
import {SEARCH_SECTIONS, type SearchSection} from '../SearchableContent/sections';
import type {Heading} from './headings';
import {
  API_OUTLINE_FOLDER,
  apiOutlineShardOf,
  outlineOfPages,
  outlineWordsStartingWith,
  type ApiOutlineShard,
  type OutlineFile,
} from './outline';
import {searchTerms} from './query';
import {matchedWords, pageMatch} from './page-text';
import {rankPages, type MatchedPage} from './ranking';
import {closestWord} from './spelling';

/**
 * The parts of Pagefind's browser API the site uses (pagefind 1.6, `pagefind.js`): a result's page id, score and
 * the locations of the words it matched (not its `data()`, the fragment of the whole page).
 */
interface PagefindResult {
  id: string;
  score: number;
  words: number[];
}
interface Pagefind {
  options(options: {baseUrl?: string; excerptLength?: number}): Promise<void>;
  init(): Promise<void>;
  search(term: string): Promise<{results: PagefindResult[]}>;
  destroy(): Promise<void>;
}

/** One page found, as the search box and the search page show it. */
export interface SearchHit {
  url: string;
  title: string;
  section: SearchSection;
  /** The heading of the page the match is under, when it names what was searched. */
  heading?: Heading;
  /** Text around the match, HTML-escaped by Pagefind, with the matched words in `<mark>`. */
  excerpt: string;
}

/** A search's results, best first: each hit's text is loaded when it is asked for. */
export interface SearchResults {
  count: number;
  /** How many results each section has for the query, whatever the section asked for. */
  countBySection: Record<SearchSection, number>;
  /** The query as searched, when a misspelt word was replaced by the site's closest word. */
  corrected?: string;
  hit(index: number): Promise<SearchHit>;
}

type Loaded = {pagefind: Pagefind; outline: OutlineFile};
/** The index holds each page's full path (its route), base URL included; excerpts of 24 words. */
const PAGEFIND_OPTIONS = {baseUrl: '/', excerptLength: 24};
let loading: Promise<Loaded> | undefined;
let vocabulary: Promise<string[]> | undefined;
/** The shards of the API outline loaded, by URL. */
const apiOutlineShards = new Map<string, Promise<ApiOutlineShard>>();

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** Loads Pagefind once, from the site's own `pagefind/` folder, with the outline of the doc and blog pages. */
export function loadPagefind(baseUrl: string): Promise<Loaded> {
  loading ??= (async () => {
    const [pagefind, outline] = await Promise.all([
      import(/* webpackIgnore: true */ `${baseUrl}pagefind/pagefind.js`) as Promise<Pagefind>,
      fetchJson<OutlineFile>(`${baseUrl}pagefind/outline.json`),
    ]);
    await pagefind.options(PAGEFIND_OPTIONS);
    await pagefind.init();
    return {pagefind, outline};
  })();
  // A failed load (offline, a deploy in between) is tried again on the next search.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * Drops what Pagefind loaded for earlier searches (its index chunks), so the next search runs as the first
 * search of a page just opened. What a word matches depends on the chunks loaded: after a search of "data",
 * "databriks" matches the words of the loaded chunks that start like it, and is no longer corrected to
 * "databricks". The docs MCP server (packages/vigil-docs-mcp) starts each search so, to answer a query the
 * same way whatever it was asked before.
 */
export async function restartPagefind(baseUrl: string): Promise<void> {
  const {pagefind} = await loadPagefind(baseUrl);
  await pagefind.destroy();
  await pagefind.options(PAGEFIND_OPTIONS);
  await pagefind.init();
}

/**
 * The shard of the API outline that holds the titles' and headings' words like `term`, loaded once; none when
 * no operation's title or heading has a word of its shard.
 */
function loadApiOutlineShard(
  baseUrl: string,
  outline: OutlineFile,
  term: string,
): Promise<ApiOutlineShard | undefined> {
  const name = apiOutlineShardOf(term.toLowerCase());
  if (!outline.apiShards.includes(name)) return Promise.resolve(undefined);
  const url = `${baseUrl}pagefind/${API_OUTLINE_FOLDER}/${name}.json`;
  let shard = apiOutlineShards.get(url);
  if (!shard) {
    shard = fetchJson<ApiOutlineShard>(url);
    apiOutlineShards.set(url, shard);
    // A failed load (offline, a deploy in between) is tried again on the next search.
    shard.catch(() => apiOutlineShards.delete(url));
  }
  return shard;
}

/** The site's words, most frequent first, loaded the first time a word of a query matches nothing. */
function loadVocabulary(baseUrl: string): Promise<string[]> {
  vocabulary ??= fetchJson<string[]>(`${baseUrl}pagefind/vocabulary.json`);
  vocabulary.catch(() => {
    vocabulary = undefined;
  });
  return vocabulary;
}

/**
 * Searches the site for `query`, in one section or in all. Each word is searched on its own (Pagefind matches
 * pages that hold every word of a search), so a page that holds most of the words is found too; a word that
 * matches nothing is replaced by the site's closest word. The pages are ranked by `rankPages`.
 */
export async function searchSite(baseUrl: string, query: string, section?: SearchSection): Promise<SearchResults> {
  const {pagefind, outline} = await loadPagefind(baseUrl);
  const asked = searchTerms(query);
  const {terms} = asked;
  const shardOf = (term: string) => loadApiOutlineShard(baseUrl, outline, term);
  const [perTerm, shards] = await Promise.all([
    Promise.all(terms.map((term) => pagefind.search(term))),
    Promise.all(terms.map(shardOf)),
  ]);
  let corrected: string | undefined;
  // A word is missing when nothing matches it, or when what matches is only what Pagefind found near it: the
  // words it matched in the excerpt of its best page do not start like it (with the last letter dropped, for
  // "grants" to match "grant"). Pagefind widens a word it cannot find to the words of its loaded index chunks.
  const matchesOnlyNear = async (
    term: string,
    shard: ApiOutlineShard | undefined,
    response: {results: PagefindResult[]},
  ) => {
    const stem = term.toLowerCase().slice(0, Math.max(3, term.length - 1));
    // A word of a page title or heading is the site's own: no page needs to be read to know it.
    if (outlineWordsStartingWith(outline, shard, stem).length > 0) return false;
    const [best] = response.results;
    const marked = await matchedWords(baseUrl, best.id, best.words);
    return marked.length > 0 && !marked.some((word) => word.startsWith(stem));
  };
  const missing = (
    await Promise.all(
      perTerm.map(async (response, index) =>
        response.results.length === 0 || (await matchesOnlyNear(terms[index], shards[index], response)) ? [index] : [],
      ),
    )
  ).flat();
  if (missing.length > 0) {
    const words = await loadVocabulary(baseUrl).catch(() => [] as string[]);
    for (const index of missing) {
      const replacement = closestWord(terms[index], words);
      if (!replacement || replacement === terms[index].toLowerCase()) continue;
      corrected = (corrected ?? query).replace(new RegExp(`\\b${terms[index]}\\b`, 'i'), replacement);
      terms[index] = replacement;
      [perTerm[index], shards[index]] = await Promise.all([pagefind.search(replacement), shardOf(replacement)]);
    }
  }

  const results = new Map<string, PagefindResult>();
  const pages = new Map<string, MatchedPage>();
  for (const response of perTerm) {
    for (const result of response.results) {
      const page = pages.get(result.id) ?? {id: result.id, held: 0, score: 0};
      page.held += 1;
      page.score += result.score;
      pages.set(result.id, page);
      results.set(result.id, result);
    }
  }
  const ranked = rankPages(
    pages.values(),
    outlineOfPages(
      outline,
      shards.filter((shard) => shard !== undefined),
      pages.keys(),
    ),
    asked,
  );

  const countBySection = Object.fromEntries(
    SEARCH_SECTIONS.map((name) => [name, ranked.filter((page) => page.section === name).length]),
  ) as Record<SearchSection, number>;
  const shown = section ? ranked.filter((page) => page.section === section) : ranked;
  const searched = terms.join(' ');
  // A page's excerpt marks the words of the search it came from: of all the words when it holds them all.
  const withAllWords = new Map((await pagefind.search(searched)).results.map((result) => [result.id, result]));
  const hits = new Map<number, Promise<SearchHit>>();
  return {
    count: shown.length,
    countBySection,
    corrected,
    hit(index) {
      const page = shown[index];
      if (!page) return Promise.reject(new RangeError(`no result ${index} of ${shown.length}`));
      if (!hits.has(index)) {
        const result = withAllWords.get(page.id) ?? results.get(page.id)!;
        hits.set(
          index,
          pageMatch(baseUrl, page.id, result.words, searched).then((match) => ({
            url: match.url,
            title: match.title || match.url,
            section: page.section,
            heading: match.heading,
            excerpt: match.excerpt,
          })),
        );
      }
      return hits.get(index)!;
    },
  };
}
