import type {ReactNode} from 'react';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import type {FieldFlag} from '@site/src/openapi/fields';
import styles from './styles.module.css';

type Props = {
  /** Anchor id, unique on the page: `request-body-connection-warehouse`. */
  id: string;
  name: string;
  /** A short type: `string<date-time>`, `array of object`. */
  type: string;
  /** `required`, `nullable`, `read-only`, `write-only`, `deprecated`: shown as written, `required` marked. */
  flags?: FieldFlag[];
  /** Description, allowed values and limits, then the nested fields. */
  children?: ReactNode;
};

/**
 * One parameter or schema property of the API reference. Its name links to its own anchor, so a doc page,
 * a support answer or an error message can point at the field; the anchor is registered with the build's
 * broken-anchor check, so links from other pages to it are checked too.
 */
export default function ApiField({id, name, type, flags = [], children}: Props): ReactNode {
  useBrokenLinks().collectAnchor(id);
  return (
    <li id={id} className={styles.field}>
      <div className={styles.signature}>
        {/* An anchor of this page, which <Link> would render the same. */}
        {/* eslint-disable-next-line @docusaurus/no-html-links */}
        <a className={styles.name} href={`#${id}`} title="Link to this field">
          <code>{name}</code>
        </a>
        <span className={styles.type}>{type}</span>
        {flags.map((flag) => (
          <span key={flag} className={flag === 'required' ? styles.required : styles.flag}>
            {flag}
          </span>
        ))}
      </div>
      <div className={styles.details}>{children}</div>
    </li>
  );
}
