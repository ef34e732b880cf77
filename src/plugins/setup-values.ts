import path from 'node:path';
import type {Code, Parent, Root} from 'mdast';
import type {VFile} from 'vfile';
import {FRONT_MATTER_KEY, occurrences, parseDeclaration, type SetupValueName} from '../utils/setup-values/declaration';

/** A declaration the build refuses, naming the file. */
export class SetupValuesError extends Error {
  constructor(file: string, problems: string[]) {
    super(`${file}: ${problems.join('; ')}`);
    this.name = 'SetupValuesError';
  }
}

function codeBlocks(parent: Parent): Code[] {
  return parent.children.flatMap((node) =>
    node.type === 'code' ? [node] : 'children' in node ? codeBlocks(node as Parent) : [],
  );
}

/**
 * Remark plugin of the docs: checks a page's `your_values` declaration (src/utils/setup-values/declaration.ts),
 * which the page's "your values" control reads from its front matter (src/components/SetupValues). It changes
 * nothing: the HTML and the Markdown versions keep the defaults. Fails the build, naming the file, on a
 * declaration that is not well formed, a default that no code block of the page holds, or a `sql` block with
 * defaults on a page that names no SQL dialect.
 */
export default function remarkSetupValues() {
  return (tree: Root, file: VFile): void => {
    const frontMatter = (file.data as {frontMatter?: Record<string, unknown>}).frontMatter ?? {};
    const declaration = parseDeclaration(frontMatter);
    if (declaration === undefined) return;
    const where = path.relative(process.cwd(), file.path).split(path.sep).join('/');
    if (Array.isArray(declaration)) throw new SetupValuesError(where, declaration);
    const unseen = new Set(Object.keys(declaration.names));
    const problems: string[] = [];
    for (const block of codeBlocks(tree)) {
      const language = (block.lang ?? 'text').toLowerCase();
      if (language === 'mermaid') continue;
      const names = Object.entries(declaration.names)
        .filter(([, text]) => occurrences(block.value, text).length > 0)
        .map(([name]) => name);
      if (names.length === 0) continue;
      names.forEach((name) => unseen.delete(name));
      if (language === 'sql' && !declaration.sql) {
        problems.push(
          `line ${block.position?.start.line}: a sql block holds defaults, and ${FRONT_MATTER_KEY}.sql names no dialect`,
        );
      }
    }
    for (const name of unseen) {
      problems.push(
        `${FRONT_MATTER_KEY}.names.${name}: its default ${declaration.names[name as SetupValueName]} is in no code block of the page`,
      );
    }
    if (problems.length > 0) throw new SetupValuesError(where, problems);
  };
}
