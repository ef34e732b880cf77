import {useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Heading from '@theme/Heading';
import SearchExcerpt from '../SearchExcerpt';
import SearchSectionLabel from '../SearchSectionLabel';
import {SEARCH_SECTIONS, type SearchSection} from '../SearchableContent';
import {searchSite, type SearchHit, type SearchResults} from '../SiteSearch/pagefind';
import {resultCount} from '../SiteSearch/result-count';
import SearchForm from '../SearchForm';
import styles from './styles.module.css';

/** How many results the page shows at first, and adds each time the reader asks for more. */
const PAGE_SIZE = 10;

type Search =
  | {status: 'idle'}
  | {status: 'searching'}
  | {status: 'failed'}
  | {status: 'found'; results: SearchResults; hits: SearchHit[]};

/** The query and the section filter of the page's address (`?q=…&section=API`). */
function readAddress(search: string): {query: string; section?: SearchSection} {
  const params = new URLSearchParams(search);
  const section = SEARCH_SECTIONS.find((name) => name === params.get('section'));
  return {query: params.get('q')?.trim() ?? '', section};
}

function address(path: string, query: string, section?: SearchSection): string {
  const params = new URLSearchParams({q: query});
  if (section) params.set('section', section);
  return `${path}?${params.toString()}`;
}

/**
 * The search page: a form (a plain GET of this page, so it works before the scripts have loaded), a filter by
 * section with each section's count, and the results, each with its section, title, matched heading and
 * excerpt, ten at a time. The query and filter live in the address, so a search can be shared and the back
 * button returns to it.
 */
export default function SearchResultsPage(): ReactNode {
  const location = useLocation();
  const history = useHistory();
  const baseUrl = useBaseUrl('/');
  const pagePath = useBaseUrl('/search');
  // The served HTML is the page without a query; the query is read once the page is hydrated, so that
  // hydration renders what the server sent.
  const isBrowser = useIsBrowser();
  const {query, section} = isBrowser ? readAddress(location.search) : {query: '', section: undefined};
  const [typed, setTyped] = useState(query);
  const [search, setSearch] = useState<Search>({status: 'idle'});

  useEffect(() => setTyped(query), [query]);

  useEffect(() => {
    let current = true;
    if (query === '') {
      setSearch({status: 'idle'});
      return undefined;
    }
    setSearch({status: 'searching'});
    searchSite(baseUrl, query, section)
      .then(async (results) => {
        const hits = await Promise.all(
          Array.from({length: Math.min(PAGE_SIZE, results.count)}, (_, index) => results.hit(index)),
        );
        if (current) setSearch({status: 'found', results, hits});
      })
      .catch(() => current && setSearch({status: 'failed'}));
    return () => {
      current = false;
    };
  }, [baseUrl, query, section]);

  const showMore = async () => {
    if (search.status !== 'found') return;
    const {results, hits} = search;
    try {
      const more = await Promise.all(
        Array.from({length: Math.min(PAGE_SIZE, results.count - hits.length)}, (_, offset) =>
          results.hit(hits.length + offset),
        ),
      );
      setSearch({...search, hits: [...hits, ...more]});
    } catch {
      setSearch({status: 'failed'});
    }
  };

  const found = search.status === 'found' ? search : undefined;
  const total = found ? SEARCH_SECTIONS.reduce((sum, name) => sum + found.results.countBySection[name], 0) : 0;

  return (
    <main className={clsx('container margin-vert--lg', styles.page)}>
      <Heading as="h1">{query ? `Search results for “${query}”` : 'Search the documentation'}</Heading>
      <SearchForm
        id="search-page-query"
        action={pagePath}
        query={typed}
        onQueryChange={setTyped}
        onSearch={(typedQuery) => history.push(address(pagePath, typedQuery, section))}>
        {section && <input type="hidden" name="section" value={section} />}
      </SearchForm>

      {query !== '' && (
        <nav aria-label="Filter results by section" className={styles.filters}>
          <ul>
            {[undefined, ...SEARCH_SECTIONS].map((name) => (
              <li key={name ?? 'all'}>
                <Link
                  to={address(pagePath, query, name)}
                  aria-current={name === section ? 'page' : undefined}
                  className={clsx('button button--sm', name === section ? 'button--primary' : 'button--secondary')}>
                  {name ?? 'All'} {found && `(${name ? found.results.countBySection[name] : total})`}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}

      <p role="status" className={styles.status}>
        {search.status === 'searching' && 'Searching…'}
        {search.status === 'failed' && 'Search could not load. Check your connection and search again.'}
        {found && `${resultCount(found.results.count)}${section ? ` in ${section}` : ''}`}
        {found?.results.corrected && `, for “${found.results.corrected}”`}
      </p>

      {found && found.hits.length > 0 && (
        <ol className={styles.results}>
          {found.hits.map((hit) => (
            <li key={hit.url} className={styles.result}>
              <SearchSectionLabel section={hit.section} className={styles.section} />
              <Heading as="h2" className={styles.title}>
                <Link to={hit.url}>{hit.title}</Link>
              </Heading>
              {hit.heading && (
                <p className={styles.heading}>
                  <Link to={hit.heading.url}>{hit.heading.title}</Link>
                </p>
              )}
              <p>
                <SearchExcerpt excerpt={hit.heading?.excerpt ?? hit.excerpt} />
              </p>
            </li>
          ))}
        </ol>
      )}
      {found && found.hits.length < found.results.count && (
        <button type="button" className="button button--secondary" onClick={() => void showMore()}>
          Show more results
        </button>
      )}
    </main>
  );
}
