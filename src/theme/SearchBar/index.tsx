import type {ReactNode} from 'react';
import SearchBox from '@site/src/components/SearchBox';

/** The navbar's search: the site's own search box over its static index (why: src/theme/README.md). */
export default function SearchBar(): ReactNode {
  return <SearchBox />;
}
