import {useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode} from 'react';
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

/** The items of a menu, in order. */
const menuItems = (menu: HTMLElement | null) => [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

/** Which item of the menu takes focus when it opens: the first, the last, or none (it stays closed). */
type MenuFocus = 'first' | 'last' | undefined;

/**
 * One control for what a reader can do with the page's Markdown version, shown on doc, blog post and API
 * reference pages: a split button whose main part copies it to the clipboard (with a confirmation), and whose
 * arrow opens a menu with "View as Markdown", a link to that version. The menu follows the WAI-ARIA menu button
 * pattern: Enter, Space or Arrow Down open it on its first item, Arrow Up on its last; the arrows, Home and End
 * move through it; Escape closes it and returns to the arrow; Tab or a click elsewhere closes it. The page's head
 * announces the Markdown version too (`src/components/MarkdownAlternate`).
 */
export default function CopyPageActions({permalink, className}: {permalink: string; className?: string}): ReactNode {
  const markdownUrl = twinPath(permalink);
  const [state, setState] = useState<CopyState>('idle');
  const [menuFocus, setMenuFocus] = useState<MenuFocus>();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const id = useId();
  const open = menuFocus !== undefined;
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    const all = menuItems(menu.current);
    if (menuFocus) all[menuFocus === 'first' ? 0 : all.length - 1]?.focus();
  }, [menuFocus]);

  const copy = () => {
    clearTimeout(timer.current);
    copyMarkdown(markdownUrl).then(
      () => setState('copied'),
      () => setState('failed'),
    );
    timer.current = setTimeout(() => setState('idle'), CONFIRMATION_MS);
  };

  const closeMenu = (returnFocus: boolean) => {
    setMenuFocus(undefined);
    if (returnFocus) toggle.current?.focus();
  };

  const onToggleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Enter and Space reach onClick as a click, which opens the menu on its first item.
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setMenuFocus(event.key === 'ArrowDown' ? 'first' : 'last');
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = menuItems(menu.current);
    const current = all.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => all[(index + all.length) % all.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        moveTo(current + 1);
        break;
      case 'ArrowUp':
        moveTo(current - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(all.length - 1);
        break;
      case 'Escape':
        closeMenu(true);
        break;
      case ' ':
        // A link follows Enter on its own; Space activates a menu item too.
        all[current]?.click();
        break;
      case 'Tab':
        // Focus moves on from the arrow, as if the menu had not been open.
        closeMenu(false);
        return;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <div className={clsx(styles.actions, className)} data-pagefind-ignore="">
      <MarkdownAlternate permalink={permalink} />
      <div
        className={styles.splitButton}
        // The menu closes when focus leaves the control, not when it moves between its parts.
        onBlur={(event) => {
          if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) closeMenu(false);
        }}>
        <button type="button" className={styles.copy} onClick={copy}>
          <svg className={styles.icon} viewBox="0 0 16 16" aria-hidden="true">
            <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
            <path d="M10.5 5.5V4A1.5 1.5 0 0 0 9 2.5H4A1.5 1.5 0 0 0 2.5 4v5A1.5 1.5 0 0 0 4 10.5h1.5" />
          </svg>
          Copy page
        </button>
        <button
          ref={toggle}
          id={`${id}-toggle`}
          type="button"
          className={styles.toggle}
          aria-label="More page actions"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={`${id}-menu`}
          onClick={() => (open ? closeMenu(true) : setMenuFocus('first'))}
          onKeyDown={onToggleKeyDown}>
          <svg className={styles.icon} viewBox="0 0 16 16" aria-hidden="true">
            <path d="m4 6 4 4 4-4" />
          </svg>
        </button>
        {/* The keys come from its items, whose keydown bubbles here. */}
        <ul
          ref={menu}
          id={`${id}-menu`}
          role="menu"
          aria-labelledby={`${id}-toggle`}
          className={styles.menu}
          hidden={!open}
          onKeyDown={onMenuKeyDown}>
          <li role="none">
            {/* A Markdown file of the build, not a route: <Link> would navigate to it inside the single-page app. */}
            {/* eslint-disable-next-line @docusaurus/no-html-links */}
            <a
              role="menuitem"
              tabIndex={-1}
              className={styles.item}
              href={markdownUrl}
              type="text/markdown"
              onClick={() => closeMenu(false)}>
              View as Markdown
            </a>
          </li>
        </ul>
      </div>
      {/* Without JavaScript the menu cannot open: the link is shown as it is. */}
      <noscript>
        {/* eslint-disable-next-line @docusaurus/no-html-links */}
        <a className={styles.noscriptLink} href={markdownUrl} type="text/markdown">
          View as Markdown
        </a>
      </noscript>
      <span className={clsx(styles.status, state === 'failed' && styles.failed)} role="status">
        {state === 'copied'
          ? 'Copied the page as Markdown'
          : state === 'failed'
            ? 'Could not copy; use View as Markdown in the menu'
            : ''}
      </span>
    </div>
  );
}
