// prismjs ships no type declarations; the panel only passes its core to src/utils/code-tokens.ts.
declare module 'prismjs/components/*';
