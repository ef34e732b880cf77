import {useEffect, useRef, type ComponentProps, type ReactNode} from 'react';
import SearchBar from '@theme-original/SearchBar';
import styles from './styles.module.css';

/**
 * Adds `aria-controls` to the search combobox and the `option` role to the "See all results" link, whenever
 * the plugin re-renders its list (why: src/theme/README.md).
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
