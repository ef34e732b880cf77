import type {ReactNode} from 'react';
import SchemaItem from '@theme/SchemaItem';
import {getQualifierMessage, getSchemaName} from 'docusaurus-theme-openapi-docs/lib/markdown/schema';
import styles from './styles.module.css';

type Props = {responseHeaders?: Record<string, Parameters<typeof getSchemaName>[0]>};

/** The response headers of a status code, each a list item (why: src/theme/README.md). */
export default function ResponseHeaders({responseHeaders}: Props): ReactNode {
  if (!responseHeaders) {
    return null;
  }
  return (
    <ul className={styles.headers}>
      {Object.entries(responseHeaders).map(([name, schema]) => (
        <li key={name} className={styles.header}>
          <SchemaItem
            name={name}
            collapsible={false}
            schemaName={getSchemaName(schema)}
            qualifierMessage={getQualifierMessage(schema)}
            schema={schema}
            discriminator={false}
            children={null}
          />
        </li>
      ))}
    </ul>
  );
}
