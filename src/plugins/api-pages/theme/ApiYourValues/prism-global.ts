// Prism in the browser, for the panel's highlighter: without `manual`, prism-core highlights every
// `code[class*=language-]` of the page when it loads, and listens to worker messages. The grammar files that
// follow it (sample-highlighter.ts) add themselves to the global `Prism`.
import './prism-manual';
import Prism from 'prismjs/components/prism-core';

Reflect.set(globalThis, 'Prism', Prism);

export default Prism as unknown as import('@site/src/utils/code-tokens').CodePrism;
