/**
 * A code block highlighted at build time, as src/components/StaticCodeBlock takes it: written by the docs' rehype
 * plugin (src/plugins/static-code-blocks.ts) onto a code element, whose properties are strings, and by the API
 * pages (src/openapi/render-page.ts) into a page's data.
 */
export type HighlightedCode = {
  /** JSON of BlockTokens. */
  tokens: string;
  /**
   * Classes of each line (what of the plain style of both modes the <pre> does not give), of the <pre> (the root
   * style), JSON of the magic-comment classes per line.
   */
  lineClass: string;
  preClass: string;
  lineClassNames: string;
  language: string;
  title: string;
  showLineNumbers: boolean;
};

/**
 * The classes of a token colored by neither theme (none: a token's classes are its style's, src/utils/code-tokens.ts):
 * StaticCodeBlock writes its text without a span, taking the line's color, and the API pages' plain examples are one
 * such token.
 */
export const PLAIN_TOKEN = '';
