/**
 * The Prism grammars the site bundles for syntax highlighting, instead of the 40 that prism-react-renderer
 * ships on every page (see src/upstream/prism-languages.ts). Each is named by its Prism id; the grammars they
 * extend (clike for javascript and go) are added with them, and each brings its own aliases (sh, shell, js,
 * py, html, xml). tests/unit/code-languages.spec.ts fails when a doc, a post or an API code sample uses a
 * language missing here.
 */
export const CODE_LANGUAGES = [
  // Code fences in docs and posts.
  'bash',
  'json',
  'sql',
  'python',
  'yaml',
  // API request samples (src/openapi/request-samples.ts) and API responses (json, xml).
  'javascript',
  'go',
  'java',
  'ruby',
  'markup',
] as const;

/**
 * The comments that highlight lines of a code block (the theme's default), for the code blocks highlighted
 * at build time (src/plugins/static-code-blocks.ts) and those the theme highlights in the browser.
 */
export const MAGIC_COMMENTS = [
  {
    className: 'theme-code-block-highlighted-line',
    line: 'highlight-next-line',
    block: {start: 'highlight-start', end: 'highlight-end'},
  },
];
