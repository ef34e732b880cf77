import type {ReactNode} from 'react';
import {renderMarkdown} from './render';
import styles from './styles.module.css';

type Props = {children?: ReactNode};

/**
 * The API theme renders schema, parameter and response descriptions (and the "Possible values" lines it
 * writes) from Markdown at run time, with react-markdown, remark-gfm and rehype-raw: 95 kB gzipped on every
 * API page. This renders the same Markdown with `marked` (about 12 kB), the same HTML on the server and in
 * the browser. tests/unit/api-markdown.spec.ts compares both renderings for every such string of the
 * OpenAPI file.
 */
export default function Markdown({children}: Props): ReactNode {
  if (children === undefined || children === null || children === '') return null;
  return <div className={styles.markdown} dangerouslySetInnerHTML={{__html: renderMarkdown(String(children))}} />;
}
