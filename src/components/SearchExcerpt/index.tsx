import type {ReactNode} from 'react';
import {excerptParts} from '../SiteSearch/excerpt';

/** A search result's excerpt as text, the matched words marked. */
export default function SearchExcerpt({excerpt, className}: {excerpt: string; className?: string}): ReactNode {
  return (
    <span className={className}>
      {excerptParts(excerpt).map(({text, marked}, index) => (marked ? <mark key={index}>{text}</mark> : text))}
    </span>
  );
}
