import type {ReactNode} from 'react';
import clsx from 'clsx';
import {excerptParts} from '../SiteSearch/excerpt';
import styles from './styles.module.css';

/** A search result's excerpt as text, the matched words marked. */
export default function SearchExcerpt({excerpt, className}: {excerpt: string; className?: string}): ReactNode {
  return (
    <span className={clsx(styles.excerpt, className)}>
      {excerptParts(excerpt).map(({text, marked}, index) => (marked ? <mark key={index}>{text}</mark> : text))}
    </span>
  );
}
