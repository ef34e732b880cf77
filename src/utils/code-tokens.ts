/**
 * The tokens of a code block and the classes that color them, as the site's code blocks carry them (BlockTokens):
 * prism-react-renderer's token model (src/upstream/prism-react-renderer-tokens.ts) over a Prism instance, with one
 * class per declaration of each color mode's code theme. The build highlights every fence and every API sample
 * with it (src/plugins/static-code-blocks.ts); the API reference's "your values" panel highlights the samples it
 * writes in the browser with it, so a filled sample looks like the static one it replaces.
 */
import type {PrismTheme} from 'prism-react-renderer';
import {
  normalizeTokens,
  themeDictionary,
  tokenStyle,
  type PrismToken,
  type Style,
} from '../upstream/prism-react-renderer-tokens';

export type CodeThemes = {light: PrismTheme; dark: PrismTheme};

/** What the tokenizer needs of a Prism instance. */
export type CodePrism = {
  languages: Record<string, unknown>;
  tokenize: (code: string, grammar: unknown) => PrismToken[];
};

/** The color modes and the prefix of their declaration classes. */
export const MODES = [
  {mode: 'light', prefix: 'vcl', selector: "html:not([data-theme='dark'])"},
  {mode: 'dark', prefix: 'vcd', selector: "html[data-theme='dark']"},
] as const;

const kebab = (property: string) => property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** Every declaration a theme can give a token, a line or a block, in a fixed order: its class is its index. */
export function declarations(theme: PrismTheme): string[] {
  const all = new Set<string>(['display:inline-block']);
  for (const style of [theme.plain, ...theme.styles.map((entry) => entry.style)] as Style[]) {
    for (const [property, value] of Object.entries(style))
      if (value !== undefined) all.add(`${kebab(property)}:${value}`);
  }
  return [...all];
}

/** The class index of each declaration, per color mode. */
export type ClassIndex = [Map<string, number>, Map<string, number>];

export function classIndexOf(themes: CodeThemes): ClassIndex {
  return MODES.map(
    ({mode}) => new Map(declarations(themes[mode]).map((declaration, index) => [declaration, index])),
  ) as ClassIndex;
}

/** The classes that give `style` in each color mode: `styles` holds the style of the light and the dark theme. */
function classesOf(styles: [Style | undefined, Style | undefined], classIndex: ClassIndex): string[] {
  return MODES.flatMap(({prefix}, mode) =>
    Object.entries(styles[mode] ?? {})
      .filter(([, value]) => value !== undefined)
      .map(([property, value]) => {
        const index = classIndex[mode].get(`${kebab(property)}:${value}`);
        if (index === undefined) throw new Error(`static code blocks: no class for ${property}: ${value}`);
        return `${prefix}${index}`;
      }),
  );
}

/**
 * The tokens of a block as the build gives them: the distinct class lists of its tokens, then each line as
 * a flat list of class-list index and text. A class list holds a token's style classes only, Prism's type names
 * being styled by nothing here, and neighbouring tokens of one style are one (the empty list: the line's own
 * style, no span; PLAIN_TOKEN). Compact for the page's chunk; the code (for the copy button) is the texts
 * joined, lines by `\n`; src/components/StaticCodeBlock builds the lines' HTML from it.
 */
export type BlockTokens = [classLists: string[], lines: (number | string)[][]];

/** The code that the lines of BlockTokens spell: the text of their tokens, line by line. */
export function codeOfTokens(lines: BlockTokens[1]): string {
  return lines.map((line) => line.filter((_part, index) => index % 2 === 1).join('')).join('\n');
}

/** What a language's blocks share: each mode's theme dictionary, the line's and the block's classes, a token's classes by its types. */
type LanguageClasses = {
  dictionaries: [Record<string, Style>, Record<string, Style>];
  lineClass: string;
  preClass: string;
  /** The classes a token inherits from its line and the <pre>: it takes none of them again. */
  inherited: Set<string>;
  byTypes: Map<string, string>;
};

/** Per class index (one per highlighter, with its themes), per language: worked out once, not once per block or token. */
const languageClasses = new WeakMap<ClassIndex, Map<string, LanguageClasses>>();

function classesOfLanguage(themes: CodeThemes, classIndex: ClassIndex, language: string): LanguageClasses {
  const languages = languageClasses.get(classIndex) ?? new Map<string, LanguageClasses>();
  languageClasses.set(classIndex, languages);
  let known = languages.get(language);
  if (!known) {
    const dictionaries = MODES.map(({mode}) =>
      themeDictionary(themes[mode], language),
    ) as LanguageClasses['dictionaries'];
    const preClasses = classesOf([dictionaries[0].root, dictionaries[1].root], classIndex);
    // A line is drawn over its <pre>, whose color it inherits: its classes are only what the <pre>'s do not give
    // (none, when the plain style is the root's without its background, as prism-react-renderer makes it).
    const lineClasses = classesOf([dictionaries[0].plain, dictionaries[1].plain], classIndex).filter(
      (name) => !preClasses.includes(name),
    );
    known = {
      dictionaries,
      lineClass: lineClasses.join(' '),
      preClass: preClasses.join(' '),
      // With classes of its own, a line may draw over one of the <pre>'s: then a token keeps every class.
      inherited: new Set(lineClasses.length === 0 ? preClasses : []),
      byTypes: new Map(),
    };
    languages.set(language, known);
  }
  return known;
}

/** The tokens of `code` in `language` (plain text when Prism has no grammar for it) and the block's classes. */
export function tokenizeBlock(
  prism: CodePrism,
  themes: CodeThemes,
  classIndex: ClassIndex,
  code: string,
  language: string,
): {tokens: string; lineClass: string; preClass: string} {
  const grammar = prism.languages[language];
  const lines = normalizeTokens(grammar ? prism.tokenize(code, grammar) : [code]);
  const {dictionaries, lineClass, preClass, inherited, byTypes} = classesOfLanguage(themes, classIndex, language);
  const classLists: string[] = [];
  const listIndex = new Map<string, number>();
  const flat = lines.map((line) => {
    const parts: (number | string)[] = [];
    for (const token of line) {
      // An empty token (the one Prism ends a line with, the newline of an empty line) draws nothing: left out,
      // it leaves no empty span in the page.
      if (token.content === '' || token.content === '\n') continue;
      // Not empty, so its style depends on its types alone (tokenStyle); what of it the <pre> gives, it inherits.
      const types = token.types.join(' ');
      let classes = byTypes.get(types);
      if (classes === undefined) {
        classes = classesOf([tokenStyle(dictionaries[0], token), tokenStyle(dictionaries[1], token)], classIndex)
          .filter((name) => !inherited.has(name))
          .join(' ');
        byTypes.set(types, classes);
      }
      let index = listIndex.get(classes);
      if (index === undefined) {
        index = classLists.length;
        listIndex.set(classes, index);
        classLists.push(classes);
      }
      // A token styled as the one before it joins it: one span, drawn the same.
      if (parts.length > 0 && parts[parts.length - 2] === index) parts[parts.length - 1] += token.content;
      else parts.push(index, token.content);
    }
    return parts;
  });
  if (codeOfTokens(flat) !== code) {
    throw new Error(`static code blocks: the tokens of a ${language} block do not add up to its code`);
  }
  return {tokens: JSON.stringify([classLists, flat] satisfies BlockTokens), lineClass, preClass};
}
