import type {ReactNode} from 'react';
import styles from './styles.module.css';

/** A list of ApiField items: parameters, or the properties of one object. */
export default function ApiFieldList({children}: {children?: ReactNode}): ReactNode {
  return <ul className={styles.list}>{children}</ul>;
}
