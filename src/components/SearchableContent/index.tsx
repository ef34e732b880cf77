import type {ReactNode} from 'react';
import type {SearchSection} from './sections';

export {SEARCH_SECTIONS, type SearchSection} from './sections';

/**
 * Marks its children as a page's searchable content, in one section of the site: the search index
 * (`tools/search-index.mjs`) indexes only what such a wrapper holds, and files it under its section. A
 * glossary (front matter `glossary: true`) is where the search looks first for what a term means.
 */
export default function SearchableContent({
  section,
  glossary = false,
  children,
}: {
  section: SearchSection;
  glossary?: boolean;
  children: ReactNode;
}): ReactNode {
  return (
    <div
      data-pagefind-body=""
      data-pagefind-filter={`section:${section}`}
      data-pagefind-meta={glossary ? 'glossary:yes' : undefined}>
      {children}
    </div>
  );
}
