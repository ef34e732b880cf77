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
// CodeBlock in the browser. For every fence of the docs, posts and pages, the build's lines must draw what
// prism-react-renderer's Highlight draws with the bundled grammars: the same characters in the same style, its
// classes standing for the same declarations as Highlight's inline styles, in each color mode. The build names no
// Prism type (nothing styles them) and writes neighbouring tokens of one style as one.

/** Each line as runs of characters drawn alike, each with the declarations it is drawn with (its own over its line's). */
type Rendered = {content: string; style: string[]}[][];

/** Neighbouring parts of one style made one run: the line as a reader sees it, whatever the tokens were. */
const runsOf = (line: {content: string; style: string[]}[]) =>
  line.reduce<Rendered[number]>((runs, part) => {
    const last = runs.at(-1);
    if (last && last.style.join(';') === part.style.join(';')) last.content += part.content;
    else runs.push({...part});
    return runs;
  }, []);

const kebab = (property: string) => property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const declarationsOf = (style: CSSProperties | undefined) =>
  Object.entries(style ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([property, value]) => `${kebab(property)}:${value}`)
    .sort();

/** The style a line is drawn with: its block's declarations, and its own over them, property by property. */
const lineOverBlock = (block: string[], line: string[]) =>
  [
    ...new Map(
      [...block, ...line].map((declaration) => [declaration.slice(0, declaration.indexOf(':')), declaration]),
    ).values(),
  ].sort();

/** What prism-react-renderer renders for `code`: each line's runs of characters and their inline style, and a line's. */
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
      children: ({style, tokens, getLineProps, getTokenProps}) => {
        for (const line of tokens) {
          if (line.length === 1 && line[0].content === '\n') line[0].content = '';
          lineStyle = lineOverBlock(declarationsOf(style), declarationsOf(getLineProps({line}).style));
          lines.push(
            // An empty token draws nothing: the build leaves it out (src/utils/code-tokens.ts).
            runsOf(
              line
                .filter((token: Token) => token.content !== '')
                .map((token: Token) => {
                  const props = getTokenProps({token});
                  return {
                    content: String(props.children),
                    style: lineOverBlock(lineStyle, declarationsOf(props.style)),
                  };
                }),
            ),
          );
        }
        return createElement(Fragment);
      },
    }),
  );
  return {lines, lineStyle};
}

/**
 * The build's lines, with each class of a color mode turned back into its declaration, its code, the classes of its
 * tokens that are no declaration of a theme, and how many of its tokens have the classes of the token before them.
 */
function staticLines(
  {tokens, lineClass, preClass}: {tokens: string; lineClass: string; preClass: string},
  mode: 'light' | 'dark',
): {lines: Rendered; lineStyle: string[]; code: string; otherClasses: string[]; alikeNeighbours: number} {
  const declarations = classDeclarations(codeThemes);
  const prefix = mode === 'light' ? 'vcl' : 'vcd';
  const split = (classes: string[]) => ({
    names: classes.filter((name) => name !== '' && !declarations.has(name)),
    style: classes
      .filter((name) => name.startsWith(prefix) && declarations.has(name))
      .map((name) => declarations.get(name) as string)
      .sort(),
  });
  const [classLists, flat] = JSON.parse(tokens) as BlockTokens;
  const lineStyle = lineOverBlock(split(preClass.split(' ')).style, split(lineClass.split(' ')).style);
  const lines = flat.map((line) =>
    runsOf(
      line.flatMap((part, index) =>
        index % 2 === 1
          ? []
          : [
              {
                content: String(line[index + 1]),
                style: lineOverBlock(lineStyle, split(classLists[part as number].split(' ')).style),
              },
            ],
      ),
    ),
  );
  return {
    lines,
    lineStyle,
    code: lines.map((line) => line.map(({content}) => content).join('')).join('\n'),
    otherClasses: classLists.flatMap((classes) => split(classes.split(' ')).names),
    alikeNeighbours: flat.flatMap((line) => line.filter((part, index) => index % 2 === 0 && part === line[index - 2]))
      .length,
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
      expect(staticLines(built, mode), `${file}:${line} (${language || 'no language'}), ${mode}`).toEqual({
        ...reference,
        code,
        otherClasses: [],
        alikeNeighbours: 0,
      });
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
  expect(staticLines(built, 'light').code).toBe('a=1\nb=2\nc=<3>');
});
