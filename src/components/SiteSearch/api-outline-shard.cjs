// @ts-check
// The one rule that splits the API outline into shards, read by the indexer that writes them
// (tools/search-index.mjs, run by Node without compiling) and by the search that loads them (./outline.ts):
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

module.exports = {API_OUTLINE_FOLDER, apiOutlineShardOf};
