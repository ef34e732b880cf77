import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import type {ApiTagData} from '@site/src/openapi/render-overview';
import ApiOverview from '../ApiOverview';
import ApiText from '../ApiText';
import styles from './styles.module.css';

/** A tag's page of the API reference: its description, then each of its operations with its method and path. */
export default function ApiTagPage({page}: {page: ApiTagData}): ReactNode {
  return (
    <>
      <ApiOverview blocks={page.blocks} />
      <ul className={styles.operations}>
        {page.operations.map((operation) => (
          <li key={operation.href} className={styles.operation}>
            <Link to={operation.href} className={styles.title}>
              <span className="api-method-badge" data-method={operation.webhook ? 'webhook' : operation.method}>
                {operation.webhook ? 'hook' : operation.method.toUpperCase()}
              </span>
              {operation.title}
            </Link>
            <code className={styles.path}>{operation.path}</code>
            {operation.summaryHtml ? <ApiText html={operation.summaryHtml} /> : null}
          </li>
        ))}
      </ul>
    </>
  );
}
