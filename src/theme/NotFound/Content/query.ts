/**
 * The words of a missing page's address, as a search for the page the reader wanted:
 * `/docs/configuring-datastore/snowflak` gives "configuring datastore snowflak". The base URL, file suffixes,
 * `index` and numbers (a blog post's date) name no page, so they are left out.
 */
export function queryOfMissingPath(pathname: string, baseUrl: string): string {
  let path = pathname.startsWith(baseUrl) ? pathname.slice(baseUrl.length) : pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape (a cut-off link): its words are still worth searching, undecoded.
  }
  const words = path
    .replace(/\.(html?|md)$/i, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '' && word !== 'index' && !/^\p{N}+$/u.test(word));
  return words.join(' ');
}
