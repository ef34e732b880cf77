import type {ReactNode} from 'react';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import styles from './styles.module.css';

type Props = {
  summary: string;
  open?: boolean;
  /** Anchor of a variant of a schema (`request-body-connection-snowflake`), which another field can link to. */
  id?: string;
  children?: ReactNode;
};

/**
 * Nested fields, variants and examples of the API reference, folded in a native <details> element: it opens
 * and closes without JavaScript, and browsers open it when a link targets a field inside.
 */
export default function ApiDisclosure({summary, open = false, id, children}: Props): ReactNode {
  const brokenLinks = useBrokenLinks();
  if (id) brokenLinks.collectAnchor(id);
  return (
    <details id={id} className={styles.disclosure} open={open}>
      <summary className={styles.summary}>{summary}</summary>
      <div className={styles.content}>{children}</div>
    </details>
  );
}
