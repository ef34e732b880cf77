import {createElement, Fragment, type CSSProperties} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {Highlight, type Token} from 'prism-react-renderer';
import {expect, test} from '@playwright/test';
import {CODE_LANGUAGES, MAGIC_COMMENTS} from '../../config/code-languages';
import {codeThemes} from '../../config/prism-themes';
import {classDeclarations, loadHighlighter, type BlockTokens} from '../../src/plugins/static-code-blocks';
import {codeBlocks, markdownFiles} from '../support/content';
import {bundledPrism} from '../support/prism';

// Code fences are highlighted at build time (src/plugins/static-code-blocks.ts) instead of by the theme's
// CodeBlock in the browser. For every fence of the docs, posts and pages, the build's lines must be those
// prism-react-renderer's Highlight gives with the bundled grammars: the same tokens with the same classes,
// and classes standing for the same declarations as Highlight's inline styles, in each color mode.

type Rendered = {className: string; content: string; style: string[]}[][];

const kebab = (property: string) => property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const declarationsOf = (style: CSSProperties | undefined) =>
  Object.entries(style ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([property, value]) => `${kebab(property)}:${value}`)
    .sort();

/** What prism-react-renderer renders for `code`: each line's tokens, their classes, content and inline style. */
function highlightReference(
  code: string,
  language: string,
  mode: 'light' | 'dark',
): {lines: Rendered; lineStyle: string[]} {
  const lines: Rendered = [];
  let lineStyle: string[] = [];
  renderToStaticMarkup(
    // Highlight's props require children: a render function, not elements to pass as arguments.
    // eslint-disable-next-line react/no-children-prop
    createElement(Highlight, {
      prism: bundledPrism as never,
      theme: codeThemes[mode],
      code,
      language,
      children: ({tokens, getLineProps, getTokenProps}) => {
        for (const line of tokens) {
          if (line.length === 1 && line[0].content === '\n') line[0].content = '';
          lineStyle = declarationsOf(getLineProps({line}).style);
          lines.push(
            // An empty token draws nothing: the build leaves it out (src/utils/code-tokens.ts).
            line
              .filter((token: Token) => token.content !== '')
              .map((token: Token) => {
                const props = getTokenProps({token});
                return {
                  className: props.className,
                  content: String(props.children),
                  style: declarationsOf(props.style),
                };
              }),
          );
        }
        return createElement(Fragment);
      },
    }),
  );
  return {lines, lineStyle};
}

/** The build's lines, with each class of a color mode turned back into its declaration, and its code. */
function staticLines(
  tokens: string,
  lineClass: string,
  mode: 'light' | 'dark',
): {lines: Rendered; lineStyle: string[]; code: string} {
  const declarations = classDeclarations(codeThemes);
  const prefix = mode === 'light' ? 'vcl' : 'vcd';
  const split = (classes: string[]) => ({
    names: classes.filter((name) => !declarations.has(name)),
    style: classes
      .filter((name) => name.startsWith(prefix) && declarations.has(name))
      .map((name) => declarations.get(name) as string)
      .sort(),
  });
  const [classLists, flat] = JSON.parse(tokens) as BlockTokens;
  const lines = flat.map((line) =>
    line.flatMap((part, index) => {
      if (index % 2 === 1) return [];
      const {names, style} = split(classLists[part as number].split(' '));
      return [{className: names.join(' '), content: String(line[index + 1]), style}];
    }),
  );
  return {
    lines,
    lineStyle: split(lineClass.split(' ')).style,
    code: lines.map((line) => line.map(({content}) => content).join('')).join('\n'),
  };
}

test('every code fence is highlighted at build time as prism-react-renderer highlights it, in both color modes', async () => {
  const highlight = await loadHighlighter({
    languages: CODE_LANGUAGES,
    themes: codeThemes,
    magicComments: MAGIC_COMMENTS,
  });
  const fences = ['docs', 'blog', 'src/pages'].flatMap((dir) =>
    markdownFiles(dir).flatMap(({file, body}) => codeBlocks(body).map((block) => ({file, ...block}))),
  );
  const highlighted = fences.filter(({language}) => language !== 'mermaid');
  expect(highlighted.length).toBeGreaterThan(100);
  for (const {file, line, language, code: source} of highlighted) {
    const built = highlight(source, {language: language || undefined});
    // The code the theme highlights: the fence without its last newline (no magic comments in the content).
    const code = source.replace(/\r?\n$/, '');
    for (const mode of ['light', 'dark'] as const) {
      const reference = highlightReference(code, built.language, mode);
      expect(
        staticLines(built.tokens, built.lineClass, mode),
        `${file}:${line} (${language || 'no language'}), ${mode}`,
      ).toEqual({...reference, code});
    }
  }
});

test("the build-time highlighter keeps the theme's title, line numbers and magic comments", async () => {
  const highlight = await loadHighlighter({
    languages: CODE_LANGUAGES,
    themes: codeThemes,
    magicComments: MAGIC_COMMENTS,
  });
  const built = highlight('a=1\n# highlight-next-line\nb=2\nc=<3>\n', {
    language: 'python',
    metastring: 'title="x.py" showLineNumbers',
  });
  expect(built).toMatchObject({title: 'x.py', showLineNumbers: true, language: 'python'});
  expect(JSON.parse(built.lineClassNames)).toEqual({1: ['theme-code-block-highlighted-line']});
  expect(staticLines(built.tokens, built.lineClass, 'light').code).toBe('a=1\nb=2\nc=<3>');
});
