// @ts-check
// The files the site's search reads beside Pagefind's own index, as the indexer writes them
// (tools/search-index.mjs, run by Node without compiling) and the search loads them (./outline.ts, ./page-text.ts):
// CommonJS, which the indexer, the site's bundle and the docs MCP server's CommonJS build all load.

/** The folder of the search index (`pagefind/`) that holds the shards of the API outline. */
const API_OUTLINE_FOLDER = 'api-outline';

/**
 * The shard of the API outline that holds `word` (lowercase): its first two characters (the word itself when
 * shorter), as file-name-safe text. Two words the search counts as the same (`sameWord` in ./query.ts: equal,
 * or a common start of 4 or more) are always in one shard.
 * @param {string} word
 * @returns {string}
 */
function apiOutlineShardOf(word) {
  const start = [...word].slice(0, 2);
  return start.every((character) => /^[a-z0-9_]$/.test(character))
    ? start.join('')
    : start.map((character) => /** @type {number} */ (character.codePointAt(0)).toString(36)).join('-');
}

/** The folder of the search index that holds each page's text, in runs of PAGE_TEXT_RUN_WORDS words. */
const PAGE_TEXT_FOLDER = 'page-text';

/**
 * The words of a run of a page's text. A result shown loads the run or two that hold its excerpt: about 1 kB
 * gzipped, where Pagefind's fragment of the page holds the whole text (14 kB for the longest datastore page).
 */
const PAGE_TEXT_RUN_WORDS = 400;

/**
 * The file of the run `run` (0, 1, …) of the text of the page Pagefind gave the id `pageId`, under `pagefind/`.
 * @param {string} pageId
 * @param {number} run
 * @returns {string}
 */
function pageTextFile(pageId, run) {
  return `${PAGE_TEXT_FOLDER}/${pageId}-${run}.json`;
}

module.exports = {API_OUTLINE_FOLDER, PAGE_TEXT_FOLDER, PAGE_TEXT_RUN_WORDS, apiOutlineShardOf, pageTextFile};
