import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import StaticSubtree from '@site/src/components/StaticSubtree';
import type {Inline, Prose} from '@site/src/openapi/prose';
import ApiText from '../ApiText';
import styles from './styles.module.css';

/** Inline text of the API pages: text nodes, code spans and links, never markup. */
export function ApiInline({parts}: {parts: Inline[]}): ReactNode {
  return parts.map((part, index) =>
    typeof part === 'string' ? (
      part
    ) : 'code' in part ? (
      <code key={index}>{part.code}</code>
    ) : part.href.startsWith('/') && !part.download ? (
      // A page of the site: the router's link, whose target the build's broken-link check reads.
      <Link key={index} to={part.href}>
        {part.text}
      </Link>
    ) : (
      // An anchor of this page, a URL of the description, or a file of the build to download (not a route).
      // eslint-disable-next-line @docusaurus/no-html-links
      <a key={index} href={part.href} download={part.download}>
        {part.text}
      </a>
    ),
  );
}

/**
 * The text the API pipeline writes around a description (src/openapi/prose.ts): paragraphs, lists and
 * definition lists rendered as React elements; a description's own sanitised HTML through ApiText. Text and links:
 * React leaves the server's markup of it as it is when it hydrates the page (StaticSubtree).
 */
export default function ApiProse({blocks}: {blocks: Prose | undefined}): ReactNode {
  if (!blocks?.length) return null;
  return (
    <StaticSubtree as="div" className={styles.prose}>
      {blocks.map((block, index) =>
        'html' in block ? (
          <ApiText key={index} html={block.html} />
        ) : 'paragraph' in block ? (
          <p key={index}>
            <ApiInline parts={block.paragraph} />
          </p>
        ) : 'list' in block ? (
          <ul key={index}>
            {block.list.map((item, itemIndex) => (
              <li key={itemIndex}>
                <ApiInline parts={item} />
              </li>
            ))}
          </ul>
        ) : (
          <dl key={index}>
            {block.terms.map((entry, entryIndex) => [
              <dt key={`t${entryIndex}`}>
                <ApiInline parts={entry.term} />
              </dt>,
              <dd key={`d${entryIndex}`}>
                <ApiProse blocks={entry.details} />
              </dd>,
            ])}
          </dl>
        ),
      )}
    </StaticSubtree>
  );
}
