// Prism in the browser, for the code the reader makes: the API samples the "your values" panel writes and the
// statements the grant check lists, highlighted as the build highlights every other block (../code-tokens.ts).
// Without `manual`, prism-core highlights every `code[class*=language-]` of the page when it loads, and listens to
// worker messages (./manual.ts comes first). Each user imports the grammar files of its languages after this
// module; they add themselves to the global `Prism`. Only the lazy chunks of those two features import it.
import './manual';
import PrismCore from 'prismjs/components/prism-core';
import {classIndexOf, tokenizeBlock, type ClassIndex, type CodePrism, type CodeThemes} from '../code-tokens';

Reflect.set(globalThis, 'Prism', PrismCore);
const Prism = PrismCore as unknown as CodePrism;

/** The class index of the last themes seen: the site has one pair of code themes, worked out once. */
let cached: {themes: CodeThemes; classIndex: ClassIndex} | undefined;

/**
 * `code` tokenized as the build tokenizes a page's blocks, for the site's code block
 * (src/components/StaticCodeBlock), with the grammars the caller's chunk imported.
 */
export function highlight(code: string, language: string, themes: CodeThemes): ReturnType<typeof tokenizeBlock> {
  if (cached?.themes !== themes) cached = {themes, classIndex: classIndexOf(themes)};
  return tokenizeBlock(Prism, themes, cached.classIndex, code, language);
}
