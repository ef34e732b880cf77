import type {ComponentProps, ReactNode} from 'react';
import ParamsItem from '@theme-original/ParamsItem';
import styles from './styles.module.css';

/**
 * The parameter tables (path, query, header, cookie) render each parameter into a `<ul>` as a `<div>`, which
 * assistive technology reads as a broken list. Each parameter becomes a list item.
 */
export default function ParamsItemWrapper(props: ComponentProps<typeof ParamsItem>): ReactNode {
  return (
    <li className={styles.paramsItem}>
      <ParamsItem {...props} />
    </li>
  );
}
