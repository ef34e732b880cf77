/**
 * `search_docs`: the site's own search (src/components/SiteSearch, compiled into this package), the code the
 * navbar's search box runs, over the site's own index: the same results in the same order.
 */
import {restartPagefind, searchSite} from '../../../src/components/SiteSearch/pagefind';
import {excerptParts} from '../../../src/components/SiteSearch/excerpt';
import {wordsOf} from '../../../src/components/SiteSearch/query';
import type {SearchSection} from '../../../src/components/SearchableContent/sections';
import {twinPath} from '../../../src/utils/twin-path';
import {ToolInputError, mountSearch, type Site} from './site';

export {SEARCH_SECTIONS} from '../../../src/components/SearchableContent/sections';

/** One page found. */
export interface DocsSearchResult {
  /** The page's path on the site (`/docs/configuring-datastore/snowflake`). */
  url: string;
  title: string;
  section: SearchSection;
  /** The heading of the page the match is under, and its link, when it names what was searched. */
  heading?: string;
  headingUrl?: string;
  /** Text around the match, the matched words in **bold**. */
  excerpt: string;
  /** The page's Markdown version, for read_page. */
  markdown: string;
}

export interface DocsSearch {
  query: string;
  /** The query as searched, when a misspelt word was replaced by the site's closest word. */
  corrected?: string;
  /** How many pages the search found (in the section asked for), of which `results` are the first. */
  count: number;
  results: DocsSearchResult[];
}

function plainExcerpt(excerpt: string): string {
  return excerptParts(excerpt)
    .map((part) => (part.marked ? `**${part.text}**` : part.text))
    .join('');
}

let mounting: Promise<string> | undefined;
/** The search running, if any: searches run one after the other, each from a fresh start. */
let running: Promise<unknown> = Promise.resolve();

/** Searches the site as its search box does; `limit` results at most, best first. */
export function searchDocs(
  site: Site,
  query: string,
  section: SearchSection | undefined,
  limit: number,
): Promise<DocsSearch> {
  const search = running.then(() => searchOnce(site, query, section, limit));
  running = search.catch(() => undefined);
  return search;
}

async function searchOnce(
  site: Site,
  query: string,
  section: SearchSection | undefined,
  limit: number,
): Promise<DocsSearch> {
  if (query.trim() === '')
    throw new ToolInputError('The query is empty: give the words to search for, such as "snowflake grants".');
  if (wordsOf(query).length === 0)
    throw new ToolInputError(`The query "${query}" holds no word to search for (letters or digits).`);
  mounting ??= mountSearch(site);
  mounting.catch(() => {
    mounting = undefined;
  });
  const baseUrl = await mounting;
  // Each query as the first search of a page just opened, whatever was searched before (restartPagefind).
  await restartPagefind(baseUrl);
  const found = await searchSite(baseUrl, query.trim(), section);
  const shown = Math.min(limit, found.count);
  const hits = await Promise.all(Array.from({length: shown}, (_, index) => found.hit(index)));
  return {
    query,
    ...(found.corrected !== undefined && {corrected: found.corrected}),
    count: found.count,
    results: hits.map((hit) => ({
      url: hit.url,
      title: hit.title,
      section: hit.section,
      ...(hit.heading && {heading: hit.heading.title, headingUrl: hit.heading.url}),
      excerpt: plainExcerpt(hit.excerpt),
      markdown: twinPath(hit.url.replace(/[?#].*$/, '')),
    })),
  };
}
