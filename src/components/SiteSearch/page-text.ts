/**
 * A result's title, link, heading and excerpt, from the runs of its page's text that hold the matches
 * (`pageTextRuns` in tools/search-index.mjs) rather than from Pagefind's fragment of the whole page: a result
 * shown downloads one run or two (about 2 kB gzipped) where the fragment of a long page is 10 to 14 kB, and the
 * search box shows six results. The excerpt is made as Pagefind makes it (pagefind.js 1.6: `calculate_excerpt_region`,
 * `build_excerpt`, `calculate_sub_results`), from the locations of the matched words its search returns.
 */
import {bestHeading, type Heading, type MatchedPart} from './headings';
import {PAGE_TEXT_RUN_WORDS, pageTextFile} from './index-files.cjs';
import {sameWord, wordsOf} from './query';

/** A run of a page's text, as the indexer writes it. */
export interface PageTextRun {
  url: string;
  title: string;
  wordCount: number;
  /** Each heading of the page with an id: the location of its first word, its id, its text. */
  headings: Array<[number, string, string]>;
  words: string[];
  /**
   * The lines of the page's code blocks that reach into this run, as [first word, end) locations of the page's
   * text (the lines of a block follow each other), as the indexer records them (`codeRangesOf` in
   * tools/search-index.mjs); none on a page without code.
   */
  code?: Array<[number, number]>;
}

/** What a result shows of its page. */
export interface PageMatch {
  url: string;
  title: string;
  heading?: Heading;
  /** Text around the matches, HTML-escaped, the matched words in `<mark>`. */
  excerpt: string;
}

/** The words of an excerpt (the search's `excerptLength`). */
export const EXCERPT_WORDS = 24;

const runs = new Map<string, Promise<PageTextRun>>();

function loadRun(baseUrl: string, pageId: string, run: number): Promise<PageTextRun> {
  const url = `${baseUrl}pagefind/${pageTextFile(pageId, run)}`;
  let loaded = runs.get(url);
  if (!loaded) {
    loaded = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return response.json() as Promise<PageTextRun>;
    });
    runs.set(url, loaded);
    // A failed load (offline, a deploy in between) is tried again on the next search.
    loaded.catch(() => runs.delete(url));
  }
  return loaded;
}

/**
 * Where an excerpt of `length` words starts so that it holds the most matches, relative to the first location
 * of the range (Pagefind's `calculate_excerpt_region`, each match weighing the same).
 */
export function excerptRegion(locations: readonly number[], length: number): number {
  if (locations.length === 0) return 0;
  const words: number[] = [];
  for (const location of locations) words[location] = (words[location] ?? 0) + 1;
  if (words.length <= length) return 0;
  let densest = 0;
  for (let index = 0; index < length; index += 1) densest += words[index] ?? 0;
  let sum = densest;
  let densestAt = [0];
  for (let index = 0; index < words.length; index += 1) {
    sum += (words[index + length] ?? 0) - (words[index] ?? 0);
    if (sum > densest) {
      densest = sum;
      densestAt = [index];
    } else if (sum === densest && densestAt[densestAt.length - 1] === index - 1) {
      densestAt.push(index);
    }
  }
  return densestAt[Math.floor(densestAt.length / 2)];
}

const escapeHtml = (word: string) => word.replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A word of the text split into its letters and digits and the punctuation around them (`"granted_on",`). */
const WORD_PARTS = /^([^\p{L}\p{N}_]*)(.*?)([^\p{L}\p{N}_]*)$/u;

/**
 * A word of the text at a matched location, marked when it is a form of a word searched (`sameWord`, or one
 * that starts with it): Pagefind also matches parts of compound words (`grants` in `check-grants.sql`), which
 * are left unmarked; the punctuation around a word stays outside its mark.
 */
export function markedWord(word: string, searched: readonly string[]): string {
  const [, before, core, after] = WORD_PARTS.exec(word) ?? ['', '', word, ''];
  const lower = core.toLowerCase();
  if (!searched.some((term) => sameWord(lower, term) || lower.startsWith(term))) return escapeHtml(word);
  return `${escapeHtml(before)}<mark>${escapeHtml(core)}</mark>${escapeHtml(after)}`;
}

/** A line of code in a page's text: [first word, end) locations. */
type CodeRange = readonly [number, number];

/**
 * The words of the page `pageId` from `start` to `end` (excluded), and the code that reaches into them, from the
 * runs that hold them.
 */
async function textBetween(
  baseUrl: string,
  pageId: string,
  start: number,
  end: number,
): Promise<{words: string[]; code: CodeRange[]}> {
  const first = Math.floor(start / PAGE_TEXT_RUN_WORDS);
  const last = Math.floor((end - 1) / PAGE_TEXT_RUN_WORDS);
  const loaded = await Promise.all(
    Array.from({length: last - first + 1}, (_, index) => loadRun(baseUrl, pageId, first + index)),
  );
  const offset = first * PAGE_TEXT_RUN_WORDS;
  return {
    words: loaded.flatMap((run) => run.words).slice(start - offset, end - offset),
    code: loaded.flatMap((run) => run.code ?? []),
  };
}

/**
 * The excerpt of `length` words from `start`, moved so that it does not cut a line of code where the matches it
 * shows allow it: its start back to the start of the line its first word is in, when that is not before `from`;
 * its end back to the start of the line its last word is in, when at least half of the excerpt is left. The
 * matched words at `locations` it showed stay in it.
 */
export function excerptWindow(
  {start, length}: {start: number; length: number},
  locations: readonly number[],
  code: readonly CodeRange[],
  from: number,
): {start: number; length: number} {
  const shown = locations.filter((location) => location >= start && location < start + length);
  const lastShown = Math.max(start, ...shown);
  const cutAtStart = code.find(([first, end]) => first < start && start < end);
  if (cutAtStart && cutAtStart[0] >= from && lastShown < cutAtStart[0] + length) start = cutAtStart[0];
  const end = start + length;
  const cutAtEnd = code.find(([first, stop]) => start < first && first < end && end < stop);
  if (cutAtEnd && cutAtEnd[0] > lastShown && cutAtEnd[0] - start >= length / 2) length = cutAtEnd[0] - start;
  return {start, length};
}

/**
 * The words of an excerpt joined as its HTML: escaped, the words at `matched` locations that are forms of the
 * words `searched` marked (`<mark>`), each run of code words in one `<code>`.
 */
export function excerptHtml(
  words: readonly string[],
  start: number,
  matched: ReadonlySet<number>,
  searched: readonly string[],
  code: readonly CodeRange[],
): string {
  const pieces: string[] = [];
  let inCode = false;
  words.forEach((word, index) => {
    const location = start + index;
    const isCode = code.some(([first, end]) => first <= location && location < end);
    let piece = matched.has(location) ? markedWord(word, searched) : escapeHtml(word);
    if (isCode && !inCode) piece = `<code>${piece}`;
    if (!isCode && inCode) pieces[pieces.length - 1] += '</code>';
    inCode = isCode;
    pieces.push(piece);
  });
  if (inCode) pieces[pieces.length - 1] += '</code>';
  return pieces.join(' ').trim();
}

/**
 * The words at `locations` in the excerpt of the page `pageId` (lowercase, without the punctuation around
 * them): what Pagefind matched for a search, including the words near a word it could not find.
 */
export async function matchedWords(baseUrl: string, pageId: string, locations: readonly number[]): Promise<string[]> {
  const start = excerptRegion(locations, EXCERPT_WORDS);
  const {words} = await textBetween(baseUrl, pageId, start, start + EXCERPT_WORDS);
  return locations
    .filter((location) => location >= start && location < start + words.length)
    .map((location) => (WORD_PARTS.exec(words[location - start])?.[2] ?? '').toLowerCase());
}

/**
 * The excerpt of the page `pageId` from word `start`, at most `length` words kept within [`from`, `to`)
 * (Pagefind's `build_excerpt`), moved off a cut through code (`excerptWindow`), with the words at `locations` that
 * are forms of the words `searched` marked and its code marked as code (`excerptHtml`).
 */
async function excerptOf(
  baseUrl: string,
  pageId: string,
  words: {start: number; length: number; from: number; to: number},
  locations: readonly number[],
  searched: readonly string[],
): Promise<string> {
  let {start, length} = words;
  const {from, to} = words;
  if (to - from < length) length = to - from;
  if (start + length > to) start = to - length;
  if (start < from) start = from;
  if (length <= 0) return '';
  const {code} = await textBetween(baseUrl, pageId, start, start + length);
  ({start, length} = excerptWindow({start, length}, locations, code, from));
  const text = await textBetween(baseUrl, pageId, start, start + length);
  return excerptHtml(text.words, start, new Set(locations), searched, text.code);
}

/**
 * The parts of a page the matches at `locations` are under: the page's top, then each heading with the
 * matches after it and before the next (Pagefind's `calculate_sub_results`), without their excerpts.
 */
function matchedParts(run: PageTextRun, locations: readonly number[]): Array<MatchedPart & {from: number; to: number}> {
  const parts: Array<MatchedPart & {from: number; to: number}> = [];
  let current: MatchedPart & {from: number; to: number} = {
    title: run.title,
    url: run.url,
    excerpt: '',
    locations: [],
    from: 0,
    to: run.wordCount,
  };
  const headings = [...run.headings];
  for (const location of [...locations].sort((a, b) => a - b)) {
    if (headings.length === 0 || location < headings[0][0]) {
      current.locations!.push(location);
      continue;
    }
    let next = headings.shift()!;
    if (current.locations!.length > 0) parts.push({...current, to: next[0]});
    while (headings.length > 0 && location >= headings[0][0]) next = headings.shift()!;
    const [at, id, text] = next;
    current = {
      title: text,
      url: `${run.url}#${id}`,
      excerpt: '',
      locations: [location],
      anchor: {id},
      from: at,
      to: headings[0]?.[0] ?? run.wordCount,
    };
  }
  if (current.locations!.length > 0) parts.push(current);
  return parts;
}

/**
 * What a result shows of the page `pageId`, whose matched words are at `locations` (the `words` of Pagefind's
 * result), for the search `searched`: its link and title, the heading that names what was searched and the
 * text around the matches under it, or else the text around the page's densest matches.
 */
export async function pageMatch(
  baseUrl: string,
  pageId: string,
  locations: readonly number[],
  searched: string,
): Promise<PageMatch> {
  const terms = wordsOf(searched);
  const start = excerptRegion(locations, EXCERPT_WORDS);
  const run = await loadRun(baseUrl, pageId, Math.floor(start / PAGE_TEXT_RUN_WORDS));
  const parts = matchedParts(run, locations);
  const heading = bestHeading(run.url, run.title, parts, searched);
  const part = heading && parts.find((candidate) => candidate.url === heading.url);
  if (heading && part) {
    const relative = (part.locations ?? []).map((location) => location - part.from);
    const from = excerptRegion(relative, EXCERPT_WORDS) + part.from;
    const length = Math.min(part.to - from, EXCERPT_WORDS);
    heading.excerpt = await excerptOf(
      baseUrl,
      pageId,
      {start: from, length, from: part.from, to: part.to},
      part.locations ?? [],
      terms,
    );
  }
  const excerpt = await excerptOf(
    baseUrl,
    pageId,
    {start, length: EXCERPT_WORDS, from: 0, to: run.wordCount},
    locations,
    terms,
  );
  return {url: run.url, title: run.title, heading, excerpt};
}
