import type {ReactNode} from 'react';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import styles from './styles.module.css';

type Props = {
  /** Anchor id, unique on the page: `request-body-connection-warehouse`. */
  id: string;
  name: string;
  /** A short type: `string<date-time>`, `array of object`. */
  type: string;
  required?: boolean;
  nullable?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  /** Description, allowed values and limits, then the nested fields. */
  children?: ReactNode;
};

const FLAG_LABELS = {
  nullable: 'nullable',
  readOnly: 'read-only',
  writeOnly: 'write-only',
  deprecated: 'deprecated',
} as const;

/**
 * One parameter or schema property of the API reference. Its name links to its own anchor, so a doc page,
 * a support answer or an error message can point at the field; the anchor is registered with the build's
 * broken-anchor check, so links from other pages to it are checked too.
 */
export default function ApiField({id, name, type, required = false, children, ...flags}: Props): ReactNode {
  useBrokenLinks().collectAnchor(id);
  const shown = (Object.keys(FLAG_LABELS) as Array<keyof typeof FLAG_LABELS>).filter((flag) => flags[flag]);
  return (
    <li id={id} className={styles.field}>
      <div className={styles.signature}>
        {/* An anchor of this page, which <Link> would render the same. */}
        {/* eslint-disable-next-line @docusaurus/no-html-links */}
        <a className={styles.name} href={`#${id}`} title="Link to this field">
          <code>{name}</code>
          <span className={styles.hash} aria-hidden="true">
            #
          </span>
        </a>
        <span className={styles.type}>{type}</span>
        {required ? <span className={styles.required}>required</span> : null}
        {shown.map((flag) => (
          <span key={flag} className={styles.flag}>
            {FLAG_LABELS[flag]}
          </span>
        ))}
      </div>
      <div className={styles.details}>{children}</div>
    </li>
  );
}
