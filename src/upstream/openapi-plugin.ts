// docusaurus-plugin-openapi-docs 4.7.1 by its internal paths: its option types are published only as sources
// (src/types.ts), and the page generators its `markdownGenerators` option replaces are exported from
// lib/markdown only. The API pages plugin and config/api-reference.ts import them from here; the build fails
// when either path moves.
export {createInfoPageMD, createTagPageMD} from 'docusaurus-plugin-openapi-docs/lib/markdown';
export type {MarkdownGenerator, PluginOptions as OpenApiPluginOptions} from 'docusaurus-plugin-openapi-docs/src/types';
