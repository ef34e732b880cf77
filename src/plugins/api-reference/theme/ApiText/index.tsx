import type {ReactNode} from 'react';
import styles from './styles.module.css';

/**
 * Text of the API reference that comes from the OpenAPI file: descriptions and facts, written at build time
 * as sanitised HTML (src/openapi/text.ts), so that no description can run code or break the page.
 */
export default function ApiText({html}: {html: string}): ReactNode {
  return <div className={styles.text} dangerouslySetInnerHTML={{__html: html}} />;
}
