// @docusaurus/theme-classic 3.7.0's style modules of its code block (lib/theme/CodeBlock/*/styles.module.css),
// for src/components/StaticCodeBlock, which renders the theme's markup with the theme's class names. The theme
// exports its components (`@theme/CodeBlock/...`) but not their style modules; the import fails the build when a
// file moves, and tests/e2e/code-highlighting.spec.ts checks the rendered block.
export {default as containerStyles} from '@docusaurus/theme-classic/lib/theme/CodeBlock/Container/styles.module.css';
export {default as contentStyles} from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';
export {default as lineStyles} from '@docusaurus/theme-classic/lib/theme/CodeBlock/Line/styles.module.css';
