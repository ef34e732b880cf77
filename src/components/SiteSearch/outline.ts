/**
 * The outline the search ranks on before it loads any page's text, as the build writes it into `pagefind/`
 * (`outlineOf` in tools/search-index.mjs): the doc and blog pages in `outline.json`, and the words of the
 * operations' titles and headings in shards, of which a search loads those of the words typed.
 */
import {wordsOf} from './query';
import type {PageOutline} from './ranking';

/** `pagefind/outline.json`: each doc and blog page by Pagefind's id, and the names of the API outline's shards. */
export interface OutlineFile {
  pages: Record<string, PageOutline>;
  apiShards: string[];
}

/** A shard of the API outline: a word, the operation pages whose title holds it, the headings (`<page id>#<index>`) that hold it. */
export type ApiOutlineShard = Record<string, {title: string[]; headings: string[]}>;

export {API_OUTLINE_FOLDER, apiOutlineShardOf} from './index-files.cjs';

/** The words of the doc and blog pages' titles and headings, lowercase, made once per outline file. */
const docWords = new WeakMap<OutlineFile, string[]>();
function docWordsOf(file: OutlineFile): string[] {
  let words = docWords.get(file);
  if (!words) {
    words = [...new Set(Object.values(file.pages).flatMap((page) => [page.title, ...page.headings].flatMap(wordsOf)))];
    docWords.set(file, words);
  }
  return words;
}

/** The words of every title and heading of the site that start with `stem` (the shard of `stem`, loaded, is given). */
export function outlineWordsStartingWith(
  file: OutlineFile,
  shard: ApiOutlineShard | undefined,
  stem: string,
): string[] {
  return [...docWordsOf(file), ...Object.keys(shard ?? {})].filter((word) => word.startsWith(stem));
}

/**
 * The outline of the pages `ids` for the ranking: a doc or blog page as written, an operation (a page that
 * is not in `file.pages`) with the words of its title and of each heading that are in the loaded `shards`:
 * the shards of the query's words hold every word of a title that the ranking compares to them.
 */
export function outlineOfPages(
  file: OutlineFile,
  shards: readonly ApiOutlineShard[],
  ids: Iterable<string>,
): Record<string, PageOutline> {
  const outline: Record<string, PageOutline> = {};
  const operations = new Map<string, {title: string[]; headings: string[][]}>();
  for (const id of ids) {
    if (file.pages[id]) outline[id] = file.pages[id];
    else operations.set(id, {title: [], headings: []});
  }
  for (const shard of shards) {
    for (const [word, {title, headings}] of Object.entries(shard)) {
      for (const id of title) operations.get(id)?.title.push(word);
      for (const heading of headings) {
        const [id, index] = heading.split('#');
        const operation = operations.get(id);
        if (operation) (operation.headings[Number(index)] ??= []).push(word);
      }
    }
  }
  for (const [id, {title, headings}] of operations) {
    outline[id] = {
      section: 'API',
      title: title.join(' '),
      headings: headings.filter(Boolean).map((words) => words.join(' ')),
    };
  }
  return outline;
}
