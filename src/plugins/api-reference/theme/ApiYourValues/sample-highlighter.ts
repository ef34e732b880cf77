// The Prism grammars of the generated samples, for the "your values" panel, which highlights the samples it writes
// as the build highlights the static ones (src/utils/prism-browser). Part of the panel's chunk only. Prism first:
// each grammar file adds itself to the global it sets.
import {highlight} from '@site/src/utils/prism-browser';
import 'prismjs/components/prism-clike';
import 'prismjs/components/prism-javascript';
import 'prismjs/components/prism-python';
import 'prismjs/components/prism-go';
import 'prismjs/components/prism-java';
import 'prismjs/components/prism-ruby';
import 'prismjs/components/prism-bash';
import type {CodeBlockData} from '@site/src/openapi/render-page';
import type {RequestSample} from '@site/src/openapi/sample-code';
import type {CodeThemes} from '@site/src/utils/code-tokens';

/** Each sample's code block, by sample id, titled with its library as the static ones are. */
export function highlightSamples(samples: RequestSample[], themes: CodeThemes): Record<string, CodeBlockData> {
  return Object.fromEntries(
    samples.map((sample) => [
      sample.id,
      {
        ...highlight(sample.code, sample.language, themes),
        lineClassNames: '',
        language: sample.language,
        title: sample.library,
        showLineNumbers: false,
      },
    ]),
  );
}
