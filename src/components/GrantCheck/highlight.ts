// The statements the check lists, highlighted as the build highlights the page's blocks (src/utils/code-tokens.ts),
// so that they render through the site's code block (src/components/StaticCodeBlock) like the page's own.
import Prism from '@site/src/utils/prism-browser';
import 'prismjs/components/prism-sql';
import 'prismjs/components/prism-bash';
import 'prismjs/components/prism-json';
import {classIndexOf, tokenizeBlock, type ClassIndex, type CodeThemes} from '@site/src/utils/code-tokens';

let cached: {themes: CodeThemes; classIndex: ClassIndex} | undefined;

export function highlight(code: string, language: string, themes: CodeThemes) {
  if (cached?.themes !== themes) cached = {themes, classIndex: classIndexOf(themes)};
  return tokenizeBlock(Prism, themes, cached.classIndex, code, language);
}
