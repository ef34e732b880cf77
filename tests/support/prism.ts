import {createRequire} from 'node:module';
import {join} from 'node:path';
import {CODE_LANGUAGES} from '../../config/code-languages';

const require = createRequire(join(process.cwd(), 'package.json'));

/** The Prism grammars of config/code-languages.ts, as the build-time highlighter reads them. */
export const {grammarsSource} = require('./src/upstream/prism-languages-loader.cjs') as {
  grammarsSource: (languages: readonly string[]) => string;
};

/** A Prism instance with the grammars the build highlights with. */
export const bundledPrism: {languages: Record<string, unknown>} = require('prismjs/components/prism-core');
new Function('Prism', grammarsSource(CODE_LANGUAGES))(bundledPrism);
