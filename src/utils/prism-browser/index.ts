// Prism in the browser, for the code the reader makes: the API samples the "your values" panel writes and the
// statements the grant check lists, highlighted as the build highlights every other block (../code-tokens.ts).
// Without `manual`, prism-core highlights every `code[class*=language-]` of the page when it loads, and listens to
// worker messages (./manual.ts comes first). The grammar files each user imports after it add themselves to the
// global `Prism`. Only the lazy chunks of those two features import it.
import './manual';
import Prism from 'prismjs/components/prism-core';
import type {CodePrism} from '../code-tokens';

Reflect.set(globalThis, 'Prism', Prism);

export default Prism as unknown as CodePrism;
