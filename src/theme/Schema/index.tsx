import type {ComponentProps, ReactNode} from 'react';
import Schema from '@theme-original/Schema';
import styles from './styles.module.css';

/** The schema's properties in one list item (why: src/theme/README.md). */
export default function SchemaWrapper(props: ComponentProps<typeof Schema>): ReactNode {
  return (
    <li className={styles.schemaRoot}>
      <Schema {...props} />
    </li>
  );
}
