import type {ComponentProps, ReactNode} from 'react';
import Schema from '@theme-original/Schema';
import styles from './styles.module.css';

/**
 * The request and response body panels render the schema's properties straight into a `<ul>`, as `<div>`s,
 * which assistive technology reads as a broken list. Wrapped in one list item, the list is valid.
 */
export default function SchemaWrapper(props: ComponentProps<typeof Schema>): ReactNode {
  return (
    <li className={styles.schemaRoot}>
      <Schema {...props} />
    </li>
  );
}
