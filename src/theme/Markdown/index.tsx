import type {ReactNode} from 'react';
import {renderMarkdown} from './render';
import styles from './styles.module.css';

type Props = {children?: ReactNode};

/**
 * The API theme's run-time Markdown (descriptions and the "Possible values" lines it writes), rendered with
 * `marked`: the same HTML on the server and in the browser (why: src/theme/README.md).
 */
export default function Markdown({children}: Props): ReactNode {
  if (children === undefined || children === null || children === '') return null;
  return <div className={styles.markdown} dangerouslySetInnerHTML={{__html: renderMarkdown(String(children))}} />;
}
