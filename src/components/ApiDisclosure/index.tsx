import type {ReactNode} from 'react';
import styles from './styles.module.css';

type Props = {summary: string; open?: boolean; children?: ReactNode};

/**
 * Nested fields, variants and examples of the API reference, folded in a native <details> element: it opens
 * and closes without JavaScript, and browsers open it when a link targets a field inside.
 */
export default function ApiDisclosure({summary, open = false, children}: Props): ReactNode {
  return (
    <details className={styles.disclosure} open={open}>
      <summary className={styles.summary}>{summary}</summary>
      <div className={styles.content}>{children}</div>
    </details>
  );
}
