import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';

// From the site's folder (the build's and the tests' working directory): the tests load this module too.
const require = createRequire(join(process.cwd(), 'package.json'));

export type MagicComment = {className: string; line?: string; block?: {start: string; end: string}};
export type CodeBlockUtils = {
  parseCodeBlockTitle: (metastring?: string) => string;
  parseLines: (
    content: string,
    options: {metastring?: string; language?: string; magicComments: MagicComment[]},
  ) => {lineClassNames: Record<number, string[]>; code: string};
  containsLineNumbers: (metastring?: string) => boolean;
};

/**
 * @docusaurus/theme-common 3.7.0's `lib/utils/codeBlockUtils.js`: the code block's pure functions (title, magic
 * comments, line numbers), which the package exports only through its React entry point. Read by file so the
 * build-time highlighter parses a fence exactly as the theme's code block does; the import fails when the file moves.
 */
const codeBlockUtilsFile = () =>
  join(dirname(require.resolve('@docusaurus/theme-common')), 'utils', 'codeBlockUtils.js');

export async function codeBlockUtils(): Promise<CodeBlockUtils> {
  return (await import(codeBlockUtilsFile())) as CodeBlockUtils;
}

/** The same, loaded synchronously (Node.js 20.19 and later require ES modules). */
export function codeBlockUtilsSync(): CodeBlockUtils {
  return require(codeBlockUtilsFile()) as CodeBlockUtils;
}
