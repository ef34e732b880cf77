/**
 * A code block highlighted at build time, as src/components/StaticCodeBlock takes it: written by the docs' rehype
 * plugin (src/plugins/static-code-blocks.ts) onto a code element, whose properties are strings, and by the API
 * pages (src/openapi/render-page.ts) into a page's data.
 */
export type HighlightedCode = {
  /** JSON of BlockTokens. */
  tokens: string;
  /** Classes of each line (the plain style of both modes), of the <pre> (the root style), JSON of the magic-comment classes per line. */
  lineClass: string;
  preClass: string;
  lineClassNames: string;
  language: string;
  title: string;
  showLineNumbers: boolean;
};
