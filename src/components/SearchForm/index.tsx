import type {ReactNode} from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

type Props = {
  /** The id of the query's input, which its label names. */
  id: string;
  /** The search page's path: without JavaScript the form is sent there as `?q=`. */
  action: string;
  query: string;
  onQueryChange: (query: string) => void;
  /** With JavaScript: the query typed, trimmed, to search in the page instead of sending the form. */
  onSearch: (query: string) => void;
  /** Fields sent along (a section filter), hidden. */
  children?: ReactNode;
  className?: string;
};

/** The site's search form (the search page, the not-found page): a labelled query and a Search button. */
export default function SearchForm({
  id,
  action,
  query,
  onQueryChange,
  onSearch,
  children,
  className,
}: Props): ReactNode {
  return (
    <form
      action={action}
      method="get"
      role="search"
      className={clsx(styles.form, className)}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(query.trim());
      }}>
      <label htmlFor={id} className={styles.label}>
        Search the docs, the API reference and the blog
      </label>
      <div className={styles.row}>
        <input
          id={id}
          name="q"
          type="search"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          className={styles.input}
          autoComplete="off"
        />
        {children}
        <button type="submit" className="button button--primary">
          Search
        </button>
      </div>
    </form>
  );
}
