import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import StaticSubtree from '@site/src/components/StaticSubtree';
import type {ApiTagData} from '@site/src/openapi/render-overview';
import ApiOverview from '../ApiOverview';
import ApiText from '../ApiText';
import styles from './styles.module.css';
import {pageDataOf, type PageDataProp} from '../../page-data/page-data-of';

/**
 * A tag's page of the API reference: its description, then each of its operations with its method and path (links
 * and text, left as the server rendered them when React hydrates the page: StaticSubtree).
 */
export default function ApiTagPage(props: {page: PageDataProp<ApiTagData>}): ReactNode {
  const page = pageDataOf(props.page);
  return (
    <>
      <ApiOverview blocks={page.blocks} />
      <StaticSubtree as="ul" className={styles.operations}>
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
      </StaticSubtree>
    </>
  );
}
