/**
 * The search engine (./pagefind with its query, ranking, spelling and excerpt modules) as a chunk of its own: the
 * navbar's box and the not-found page load it when the reader is about to search, so no page downloads it on
 * arrival. The search page, which searches as it opens, imports ./pagefind directly.
 */
export const loadSearchEngine = () => import('./pagefind');
