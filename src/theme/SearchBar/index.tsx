import {useEffect, useRef, type ComponentProps, type ReactNode} from 'react';
import SearchBar from '@theme-original/SearchBar';
import styles from './styles.module.css';

/**
 * The suggestion list of the search plugin (autocomplete.js) names its list with `aria-owns` only, and puts
 * the "See all results" link straight into the listbox. A combobox must name the list it controls
 * (`aria-controls`), and a listbox may hold options only, so the link becomes one of its options. Both are
 * set whenever the plugin re-renders its list.
 */
export default function SearchBarWrapper(props: ComponentProps<typeof SearchBar>): ReactNode {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = container.current;
    if (!root) return undefined;
    const repair = () => {
      for (const input of root.querySelectorAll('input[role="combobox"][aria-owns]')) {
        const owned = input.getAttribute('aria-owns') ?? '';
        if (input.getAttribute('aria-controls') !== owned) input.setAttribute('aria-controls', owned);
      }
      for (const link of root.querySelectorAll('[role="listbox"] a:not([role])')) {
        link.setAttribute('role', 'option');
      }
    };
    repair();
    const observer = new MutationObserver(repair);
    observer.observe(root, {childList: true, subtree: true, attributes: true, attributeFilter: ['aria-owns']});
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={container} className={styles.searchBar}>
      <SearchBar {...props} />
    </div>
  );
}
