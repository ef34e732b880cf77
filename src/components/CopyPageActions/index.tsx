import {useEffect, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {twinPath} from '@site/src/utils/twin-path';
import MarkdownAlternate from '@site/src/components/MarkdownAlternate';
import styles from './styles.module.css';

type CopyState = 'idle' | 'copied' | 'failed';

/** How long the confirmation stays on screen. */
const CONFIRMATION_MS = 4000;

async function fetchMarkdown(url: string): Promise<Blob> {
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`${url} answered ${response.status}`);
  }
  return new Blob([await response.text()], {type: 'text/plain'});
}

/**
 * Copies the Markdown at `url` to the clipboard. The clipboard item is created at once, with the text to
 * come, so that browsers which require the click's user activation (Safari) accept the write.
 */
async function copyMarkdown(url: string): Promise<void> {
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard.write) {
    await navigator.clipboard.write([new ClipboardItem({'text/plain': fetchMarkdown(url)})]);
    return;
  }
  await navigator.clipboard.writeText(await (await fetchMarkdown(url)).text());
}

/**
 * "Copy page" (the page's Markdown version to the clipboard, with a confirmation) and "View as Markdown"
 * (a link to that version), shown on doc, blog post and API reference pages; the page's head announces that
 * version too (`src/components/MarkdownAlternate`).
 */
export default function CopyPageActions({permalink, className}: {permalink: string; className?: string}): ReactNode {
  const markdownUrl = twinPath(permalink);
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = () => {
    clearTimeout(timer.current);
    copyMarkdown(markdownUrl).then(
      () => setState('copied'),
      () => setState('failed'),
    );
    timer.current = setTimeout(() => setState('idle'), CONFIRMATION_MS);
  };

  return (
    <div className={clsx(styles.actions, className)} data-pagefind-ignore="">
      <MarkdownAlternate permalink={permalink} />
      <button type="button" className={clsx('button button--sm button--secondary', styles.button)} onClick={copy}>
        Copy page
      </button>
      {/* A Markdown file of the build, not a route: <Link> would navigate to it inside the single-page app. */}
      {/* eslint-disable-next-line @docusaurus/no-html-links */}
      <a className={styles.link} href={markdownUrl} type="text/markdown">
        View as Markdown
      </a>
      <span className={clsx(styles.status, state === 'failed' && styles.failed)} role="status">
        {state === 'copied'
          ? 'Copied the page as Markdown'
          : state === 'failed'
            ? 'Could not copy; use View as Markdown'
            : ''}
      </span>
    </div>
  );
}
