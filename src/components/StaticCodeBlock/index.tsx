import {useContext, useMemo, type ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import CopyButton from '@theme/CodeBlock/CopyButton';
import WordWrapButton from '@theme/CodeBlock/WordWrapButton';
import {SetupFill} from '../SetupValues/context';
import type {BlockTokens} from '../../utils/code-tokens';
import {PLAIN_TOKEN} from '../../utils/highlighted-code';
import {useWordWrap} from './word-wrap';
// The theme's own style modules, so the markup and the class names are those of its code block.
import {containerStyles, contentStyles, lineStyles} from '../../upstream/theme-code-block-styles';

/** The properties src/plugins/static-code-blocks.ts gives a fenced code block at build time. */
export type StaticCodeBlockProps = {
  className?: string;
  /** JSON of the block's class lists, then each line as class-list index and text pairs (BlockTokens). */
  tokens: string;
  lineClass: string;
  preClass: string;
  lineClassNames?: string;
  language: string;
  title?: string;
  showLineNumbers?: boolean;
};

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The code (as the copy button copies it) and the lines' HTML, in the line markup of the theme's CodeBlock/Line. */
function render({tokens, lineClass, lineClassNames, showLineNumbers}: StaticCodeBlockProps): {
  code: string;
  html: string;
} {
  const [classLists, lines] = JSON.parse(tokens) as BlockTokens;
  const extraClasses = (lineClassNames ? JSON.parse(lineClassNames) : {}) as Record<string, string[]>;
  const code: string[] = [];
  const html = lines.map((line, index) => {
    let text = '';
    let spans = '';
    for (let at = 0; at < line.length; at += 2) {
      text += line[at + 1];
      const classes = classLists[line[at] as number];
      // Plain text with no color of its own takes the line's: as text, not in a span (a fifth of a page's HTML).
      spans +=
        classes === PLAIN_TOKEN
          ? escapeHtml(String(line[at + 1]))
          : `<span class="${classes}">${escapeHtml(String(line[at + 1]))}</span>`;
    }
    code.push(text);
    const classes = clsx('token-line', extraClasses[index], showLineNumbers && lineStyles.codeLine, lineClass);
    const content = showLineNumbers
      ? `<span class="${lineStyles.codeLineNumber}"></span><span class="${lineStyles.codeLineContent}">${spans}</span>`
      : spans;
    return `<span class="${classes}">${content}<br></span>`;
  });
  return {code: code.join('\n'), html: html.join('')};
}

/**
 * A fenced code block highlighted at build time (src/plugins/static-code-blocks.ts): the markup of the
 * theme's CodeBlock/Content/String, with the lines as HTML React does not rebuild when it hydrates, and
 * the color mode's token colors from classes. On a setup page, the reader's own names replace the defaults
 * once the page has hydrated, in the lines and in what the copy button copies (src/components/SetupValues).
 */
export default function StaticCodeBlock(props: StaticCodeBlockProps): ReactNode {
  const {className = '', preClass, language, title, showLineNumbers} = props;
  const wordWrap = useWordWrap();
  const fill = useContext(SetupFill);
  const tokens = fill ? fill(props.tokens, language) : props.tokens;
  const {code, html} = useMemo(() => render({...props, tokens}), [props, tokens]);
  return (
    <div
      className={clsx(
        className,
        !className.includes(`language-${language}`) && `language-${language}`,
        containerStyles.codeBlockContainer,
        ThemeClassNames.common.codeBlock,
        'vigil-code-block',
      )}>
      {title && <div className={contentStyles.codeBlockTitle}>{title}</div>}
      <div className={contentStyles.codeBlockContent}>
        <pre
          // The theme's code block is a focusable scrolling region too.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          ref={wordWrap.codeBlockRef}
          className={clsx('prism-code', `language-${language}`, contentStyles.codeBlock, 'thin-scrollbar', preClass)}>
          <code
            className={clsx(contentStyles.codeBlockLines, showLineNumbers && contentStyles.codeBlockLinesWithNumbering)}
            dangerouslySetInnerHTML={{__html: html}}
          />
        </pre>
        <div className={contentStyles.buttonGroup}>
          {(wordWrap.isEnabled || wordWrap.isCodeScrollable) && (
            <WordWrapButton
              className={contentStyles.codeButton}
              onClick={() => wordWrap.toggle()}
              isEnabled={wordWrap.isEnabled}
            />
          )}
          <CopyButton className={contentStyles.codeButton} code={code} />
        </div>
      </div>
    </div>
  );
}
