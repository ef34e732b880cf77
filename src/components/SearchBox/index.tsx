import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import SearchExcerpt from '../SearchExcerpt';
import SearchSectionLabel from '../SearchSectionLabel';
import {loadSearchEngine} from '../SiteSearch/load-engine';
import type {SearchHit} from '../SiteSearch/pagefind';
import {resultCount} from '../SiteSearch/result-count';
import styles from './styles.module.css';

/** How many pages the suggestion list shows; the rest are on the search page. */
const SUGGESTIONS = 6;
/** How long typing must pause before a search runs. */
const TYPING_PAUSE_MS = 80;

type Found = {query: string; hits: SearchHit[]; count: number; corrected?: string};
type State =
  | {status: 'idle'}
  | {status: 'searching'; query: string}
  | {status: 'failed'; query: string}
  | ({status: 'found'} & Found);

/** True when the key event should focus the search box: Ctrl+K or ⌘K anywhere, `/` outside a text field. */
function isSearchShortcut(event: globalThis.KeyboardEvent): boolean {
  if (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey) return true;
  const target = event.target as HTMLElement | null;
  const typing = target?.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target?.tagName ?? '');
  return event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey;
}

/** Where a suggestion leads: the heading it matched, or the page. */
const targetOf = (hit: SearchHit) => hit.heading?.url ?? hit.url;

/** A click that opens a link in this tab: the main button, no modifier (the others open a new tab or window). */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The navbar's search box: a combobox whose list suggests the best pages for the words typed, each labelled
 * with its section, its title, the heading it matched and an excerpt with the words marked, and ends with a
 * link to all results on the search page. Arrow keys move through the list, Enter opens, Escape closes.
 */
export default function SearchBox(): ReactNode {
  const baseUrl = useBaseUrl('/');
  const searchPage = useBaseUrl('/search');
  const history = useHistory();
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const [state, setState] = useState<State>({status: 'idle'});
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const latest = useRef(0);

  useEffect(() => {
    const focusOnShortcut = (event: globalThis.KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', focusOnShortcut);
    return () => document.removeEventListener('keydown', focusOnShortcut);
  }, []);

  const search = useCallback(
    async (text: string) => {
      const request = ++latest.current;
      const words = text.trim();
      if (words === '') {
        setState({status: 'idle'});
        return;
      }
      setState((previous) => (previous.status === 'found' ? previous : {status: 'searching', query: words}));
      try {
        const {searchSite} = await loadSearchEngine();
        const results = await searchSite(baseUrl, words);
        const shown = Math.min(SUGGESTIONS, results.count);
        const hits = await Promise.all(Array.from({length: shown}, (_, index) => results.hit(index)));
        if (request === latest.current)
          setState({status: 'found', query: words, hits, count: results.count, corrected: results.corrected});
      } catch {
        if (request === latest.current) setState({status: 'failed', query: words});
      }
    },
    [baseUrl],
  );

  useEffect(() => {
    const timer = setTimeout(() => void search(query), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [query, search]);

  const allResultsOf = (words: string) => `${searchPage}?q=${encodeURIComponent(words)}`;
  const found = state.status === 'found' ? state : undefined;
  const targets = found ? [...found.hits.map(targetOf), allResultsOf(found.query)] : [];
  const expanded = open && query.trim() !== '' && state.status !== 'idle';
  const optionId = useCallback((index: number) => `${listId}-option-${index}`, [listId]);

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({block: 'nearest'});
  }, [active, optionId]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const go = (target: string) => {
    close();
    setQuery('');
    input.current?.blur();
    history.push(target);
  };
  /** A suggestion's click handler: a plain click opens it here and closes the list; the others are the browser's. */
  const openOnClick = (target: string) => (event: MouseEvent) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    go(target);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      if (expanded) event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (targets.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const last = targets.length - 1;
      if (event.key === 'ArrowDown') setActive((current) => (current >= last ? 0 : current + 1));
      else setActive((current) => (current <= 0 ? last : current - 1));
    } else if (event.key === 'Enter') {
      if (query.trim() === '') return;
      event.preventDefault();
      // Enter opens the highlighted suggestion, or the first; while the suggestions are still those of
      // other words (or none yet), the search page for the words typed.
      const current = found?.query === query.trim();
      go(current ? targets[active >= 0 ? active : 0] : allResultsOf(query.trim()));
    }
  };

  return (
    <div
      ref={container}
      className={styles.searchBox}
      role="search"
      // The list closes when focus leaves the search box and its list, not when it moves into the list.
      onBlur={(event) => {
        if (!container.current?.contains(event.relatedTarget as Node | null)) close();
      }}>
      <input
        ref={input}
        type="search"
        className={clsx('navbar__search-input', styles.input)}
        placeholder="Search"
        aria-label="Search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 && active < targets.length ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => {
          // The library and its WebAssembly start loading as soon as the reader is about to type.
          void loadSearchEngine()
            .then((engine) => engine.loadPagefind(baseUrl))
            .catch(() => undefined);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      {/* When the suggestions are taller than the screen the list scrolls; Tab from the box reaches it, so the
          keyboard can scroll it too, and Escape returns to the box. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div
        className={clsx(styles.popup, !expanded && styles.hidden)}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          close();
          input.current?.focus();
        }}
        // Clicking a suggestion must not blur the input first, which would close the list under the pointer.
        onMouseDown={(event) => event.preventDefault()}>
        <p className={styles.message} role="status">
          {state.status === 'searching' && 'Searching…'}
          {state.status === 'failed' && 'Search could not load. Check your connection and type again.'}
          {found?.corrected && `Showing results for “${found.corrected}”`}
        </p>
        <div id={listId} role="listbox" aria-label="Search suggestions">
          {found?.hits.map((hit, index) => (
            <Link
              key={targetOf(hit)}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              to={targetOf(hit)}
              className={clsx(styles.suggestion, index === active && styles.active)}
              onClick={openOnClick(targetOf(hit))}>
              <SearchSectionLabel section={hit.section} className={styles.section} />
              <span className={styles.title}>
                {hit.title}
                {hit.heading && <span className={styles.heading}> › {hit.heading.title}</span>}
              </span>
              <SearchExcerpt excerpt={hit.heading?.excerpt ?? hit.excerpt} />
            </Link>
          ))}
          {found && (
            <Link
              id={optionId(found.hits.length)}
              role="option"
              aria-selected={active === found.hits.length}
              tabIndex={-1}
              to={allResultsOf(found.query)}
              className={clsx(styles.suggestion, styles.allResults, active === found.hits.length && styles.active)}
              onClick={openOnClick(allResultsOf(found.query))}>
              {found.count === 0
                ? `No results for “${found.query}”: open the search page`
                : `See all ${resultCount(found.count)} for “${found.query}”`}
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
