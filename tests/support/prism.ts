import {createRequire} from 'node:module';
import {join} from 'node:path';
import {CODE_LANGUAGES} from '../../config/code-languages';

const require = createRequire(join(process.cwd(), 'package.json'));

type Loader = ((
  this: {getOptions: () => {languages: readonly string[]}; resourcePath: string},
  source: string,
) => string) & {
  grammarsSource: (languages: readonly string[]) => string;
};

/** The bundle-time loader that gives prism-react-renderer the grammars of config/code-languages.ts. */
export const prismLanguagesLoader = require('./src/upstream/prism-languages-loader.cjs') as Loader;

/** A Prism instance with the grammars the bundle gets. */
export const bundledPrism: {languages: Record<string, unknown>} = require('prismjs/components/prism-core');
new Function('Prism', prismLanguagesLoader.grammarsSource(CODE_LANGUAGES))(bundledPrism);
