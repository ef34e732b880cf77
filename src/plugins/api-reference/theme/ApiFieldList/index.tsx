import type {ReactNode} from 'react';
import StaticSubtree from '@site/src/components/StaticSubtree';
import styles from './styles.module.css';

/**
 * A list of ApiField items: parameters, or the properties of one object. Text, links and native folds: React leaves
 * the server's markup of it as it is when it hydrates the page (StaticSubtree).
 */
export default function ApiFieldList({children}: {children?: ReactNode}): ReactNode {
  return (
    <StaticSubtree as="ul" className={styles.list}>
      {children}
    </StaticSubtree>
  );
}
