// prism-react-renderer 2.4.1's token model, re-implemented for the build-time highlighter
// (src/plugins/static-code-blocks.ts): the package exports these only inside its React hooks (dist/index.js:
// themeToDict, useGetTokenProps, normalizeTokens). tests/unit/static-code-blocks.spec.ts compares the result with
// the theme's own code block, so a change of the package's model fails there.
import type {PrismTheme} from 'prism-react-renderer';

export type Style = Record<string, string | number | undefined>;
export type Token = {types: string[]; content: string; empty?: boolean};
export type PrismToken = string | {type: string; alias?: string | string[]; content: PrismToken | PrismToken[]};

/** prism-react-renderer 2.4's theme dictionary of `language` (themeToDict). */
export function themeDictionary(theme: PrismTheme, language: string): Record<string, Style> {
  const dictionary: Record<string, Style> = {};
  for (const {languages, style, types} of theme.styles) {
    if (languages && !languages.includes(language as never)) continue;
    for (const type of types) dictionary[type] = {...dictionary[type], ...(style as Style)};
  }
  dictionary.root = theme.plain as Style;
  dictionary.plain = {...(theme.plain as Style), backgroundColor: undefined};
  return dictionary;
}

/** prism-react-renderer 2.4's style of a token (useGetTokenProps). */
export function tokenStyle(dictionary: Record<string, Style>, {types, empty}: Token): Style | undefined {
  if (types.length === 1 && types[0] === 'plain') return empty ? {display: 'inline-block'} : undefined;
  if (types.length === 1 && empty) return dictionary[types[0]];
  return Object.assign(empty ? {display: 'inline-block'} : {}, ...types.map((type) => dictionary[type]));
}

/** prism-react-renderer 2.4's normalizeTokens: Prism's token tree as lines of flat tokens. */
export function normalizeTokens(tokens: PrismToken[]): Token[][] {
  const lines: Token[][] = [[]];
  const emptyLine = (line: Token[]) => {
    if (line.length === 0) line.push({types: ['plain'], content: '\n', empty: true});
    else if (line.length === 1 && line[0].content === '') Object.assign(line[0], {content: '\n', empty: true});
  };
  const appendType = (types: string[], type: string) => (types[types.length - 1] === type ? types : [...types, type]);
  const walk = (list: PrismToken[], parentTypes: string[], nested: boolean) => {
    for (const token of list) {
      let types: string[];
      let content: PrismToken | PrismToken[];
      if (typeof token === 'string') {
        types = nested ? parentTypes : ['plain'];
        content = token;
      } else {
        types = appendType(parentTypes, token.type);
        if (Array.isArray(token.alias)) types = [...types, ...token.alias];
        else if (token.alias) types = appendType(types, token.alias);
        content = token.content;
      }
      if (typeof content !== 'string') {
        walk(Array.isArray(content) ? content : [content], types, true);
        continue;
      }
      const parts = content.split(/\r\n|\r|\n/);
      lines[lines.length - 1].push({types, content: parts[0]});
      for (const part of parts.slice(1)) {
        emptyLine(lines[lines.length - 1]);
        lines.push([{types, content: part}]);
      }
    }
  };
  walk(tokens, [], false);
  emptyLine(lines[lines.length - 1]);
  return lines;
}
