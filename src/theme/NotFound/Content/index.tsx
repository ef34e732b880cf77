import {useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import {translate} from '@docusaurus/Translate';
import {PageMetadata, useThemeConfig} from '@docusaurus/theme-common';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Heading from '@theme/Heading';
import type {Props} from '@theme/NotFound/Content';
import SearchForm from '@site/src/components/SearchForm';
import SearchSectionLabel from '@site/src/components/SearchSectionLabel';
import {loadSearchEngine} from '@site/src/components/SiteSearch/load-engine';
import type {SearchHit} from '@site/src/components/SiteSearch/pagefind';
import {queryOfMissingPath} from './query';
import styles from './styles.module.css';

/** How many of the nearest pages the not-found page proposes. */
const NEAREST = 3;

type Nearest = {status: 'idle' | 'searching' | 'failed'} | {status: 'found'; hits: SearchHit[]};

/** The navbar's own links (the sections of the site), so this list follows the navbar. */
function useSections(): {label: string; to: string}[] {
  const {items} = useThemeConfig().navbar;
  return items.flatMap((item) =>
    typeof item.to === 'string' && typeof item.label === 'string' ? [{label: item.label, to: item.to}] : [],
  );
}

/**
 * The not-found page (why it replaces the theme's: src/theme/README.md). The server sends one page for every
 * missing address: a search form and the sections of the site, which work without scripts. In the browser,
 * the form is filled in with the words of the address, and the site's search proposes the nearest pages.
 */
export default function NotFoundContent({className}: Props): ReactNode {
  const title = translate({id: 'theme.NotFound.title', message: 'Page Not Found'});
  const description = translate({
    id: 'theme.NotFound.p1',
    message: 'We could not find what you were looking for.',
  });
  const baseUrl = useBaseUrl('/');
  const searchPage = useBaseUrl('/search');
  const history = useHistory();
  const {pathname} = useLocation();
  // The served page is the same for every missing address: the address is read once the page has hydrated.
  const isBrowser = useIsBrowser();
  const query = isBrowser ? queryOfMissingPath(pathname, baseUrl) : '';
  const [typed, setTyped] = useState(query);
  const [nearest, setNearest] = useState<Nearest>({status: 'idle'});
  const sections = useSections();

  useEffect(() => setTyped(query), [query]);

  useEffect(() => {
    if (query === '') return undefined;
    let current = true;
    setNearest({status: 'searching'});
    loadSearchEngine()
      .then(({searchSite}) => searchSite(baseUrl, query))
      .then((results) =>
        Promise.all(Array.from({length: Math.min(NEAREST, results.count)}, (_, index) => results.hit(index))),
      )
      .then((hits) => current && setNearest({status: 'found', hits}))
      .catch(() => current && setNearest({status: 'failed'}));
    return () => {
      current = false;
    };
  }, [baseUrl, query]);

  return (
    <>
      <PageMetadata title={title} description={description} />
      <Head>
        <meta name="robots" content="noindex, follow" />
      </Head>
      <main className={clsx('container margin-vert--xl', styles.page, className)}>
        <Heading as="h1">{title}</Heading>
        <p>
          {description} The page may have moved, or a word of its address may be misspelt: search for it, or start from
          a section of the site.
        </p>
        <SearchForm
          id="not-found-query"
          action={searchPage}
          query={typed}
          onQueryChange={setTyped}
          onSearch={(typedQuery) => history.push(`${searchPage}?${new URLSearchParams({q: typedQuery}).toString()}`)}
          className={styles.form}
        />

        {query !== '' && (
          <section aria-labelledby="not-found-nearest">
            <Heading as="h2" id="not-found-nearest" className={styles.subheading}>
              Nearest pages
            </Heading>
            <p role="status" className={styles.status}>
              {nearest.status === 'searching' && `Looking for pages about “${query}”…`}
              {nearest.status === 'failed' && 'Search could not load. Check your connection, or pick a section below.'}
              {nearest.status === 'found' &&
                nearest.hits.length === 0 &&
                `No page matches “${query}”. Try other words, or pick a section below.`}
            </p>
            {nearest.status === 'found' && nearest.hits.length > 0 && (
              <ol className={styles.nearest}>
                {nearest.hits.map((hit) => (
                  <li key={hit.url}>
                    <SearchSectionLabel section={hit.section} className={styles.section} />
                    <Link to={hit.url}>{hit.title}</Link>
                  </li>
                ))}
              </ol>
            )}
          </section>
        )}

        <nav aria-labelledby="not-found-sections">
          <Heading as="h2" id="not-found-sections" className={styles.subheading}>
            Sections of the site
          </Heading>
          <ul className={styles.sections}>
            {sections.map((section) => (
              <li key={section.to}>
                <Link to={section.to}>{section.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </main>
    </>
  );
}
