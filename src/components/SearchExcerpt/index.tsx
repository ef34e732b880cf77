import {Fragment, type ReactNode} from 'react';
import clsx from 'clsx';
import {excerptParts, type ExcerptPart} from '../SiteSearch/excerpt';
import styles from './styles.module.css';

/** The parts of an excerpt in runs of code and of prose, in order, so that each run of code is one element. */
function runsOf(parts: ExcerptPart[]): Array<{code: boolean; parts: ExcerptPart[]}> {
  const runs: Array<{code: boolean; parts: ExcerptPart[]}> = [];
  for (const part of parts) {
    const code = part.code === true;
    const last = runs[runs.length - 1];
    if (last?.code === code) last.parts.push(part);
    else runs.push({code, parts: [part]});
  }
  return runs;
}

/** A search result's excerpt as text, the matched words marked, its code in the code font. */
export default function SearchExcerpt({excerpt, className}: {excerpt: string; className?: string}): ReactNode {
  return (
    <span className={clsx(styles.excerpt, className)}>
      {runsOf(excerptParts(excerpt)).map(({code, parts}, index) => {
        const text = parts.map(({text: words, marked}, at) => (marked ? <mark key={at}>{words}</mark> : words));
        return code ? <code key={index}>{text}</code> : <Fragment key={index}>{text}</Fragment>;
      })}
    </span>
  );
}
