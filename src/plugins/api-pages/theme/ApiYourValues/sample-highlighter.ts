// The Prism grammars of the generated samples, for the "your values" panel, which highlights the samples it writes
// as the build highlights the static ones (src/utils/code-tokens.ts). Part of the panel's chunk only.
import Prism from '@site/src/utils/prism-browser';
import 'prismjs/components/prism-clike';
import 'prismjs/components/prism-javascript';
import 'prismjs/components/prism-python';
import 'prismjs/components/prism-go';
import 'prismjs/components/prism-java';
import 'prismjs/components/prism-ruby';
import 'prismjs/components/prism-bash';
import type {CodeBlockData} from '@site/src/openapi/render-page';
import type {RequestSample} from '@site/src/openapi/sample-code';
import {classIndexOf, tokenizeBlock, type ClassIndex, type CodeThemes} from '@site/src/utils/code-tokens';

let cached: {themes: CodeThemes; classIndex: ClassIndex} | undefined;

/** Each sample's code block, by sample id, titled with its library as the static ones are. */
export function highlightSamples(samples: RequestSample[], themes: CodeThemes): Record<string, CodeBlockData> {
  if (cached?.themes !== themes) cached = {themes, classIndex: classIndexOf(themes)};
  const {classIndex} = cached;
  return Object.fromEntries(
    samples.map((sample) => [
      sample.id,
      {
        ...tokenizeBlock(Prism, themes, classIndex, sample.code, sample.language),
        lineClassNames: '',
        language: sample.language,
        title: sample.library,
        showLineNumbers: false,
      },
    ]),
  );
}
