import {existsSync, readFileSync, readdirSync, statSync} from 'node:fs';
import {dirname, join, normalize} from 'node:path';
import ts from 'typescript';

/** One import of a source file: what it names, and whether only types are imported (erased before anything runs). */
export type SourceImport = {file: string; specifier: string; typeOnly: boolean};

/** The site's own code, beside its content: what the import rules and the dependency check read. */
export const SOURCE_ROOTS = [
  'docusaurus.config.ts',
  'sidebars.ts',
  'playwright.config.ts',
  'config',
  'src',
  'tools',
  'scripts',
  'tests',
];

const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const NOT_SOURCE = new Set(['node_modules', 'build', '.docusaurus', 'dist', '.artifacts']);

/** The source files of `roots` (files, or folders walked recursively), generated and installed folders left out. */
export function sourceFiles(roots: string[] = SOURCE_ROOTS): string[] {
  return roots.flatMap((root) => {
    if (!existsSync(root)) return [];
    if (!statSync(root).isDirectory()) return SOURCE_FILE.test(root) ? [root] : [];
    return readdirSync(root, {withFileTypes: true})
      .filter((entry) => !NOT_SOURCE.has(entry.name))
      .flatMap((entry) => sourceFiles([join(root, entry.name)]));
  });
}

function scriptKind(file: string): ts.ScriptKind {
  if (file.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (/\.(ts|mts|cts)$/.test(file)) return ts.ScriptKind.TS;
  return file.endsWith('.jsx') ? ts.ScriptKind.JSX : ts.ScriptKind.JS;
}

const isTypeOnlyElements = (elements: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>) =>
  elements.length > 0 && elements.every((element) => element.isTypeOnly);

/**
 * Every import of `file`, parsed by TypeScript: `import` and `export … from` (value or type only), `import x =
 * require()`, `require()` and `require.resolve()`, dynamic `import()`, `import('x')` types, and in JavaScript the
 * `import('x')` types of its JSDoc (which tsc checks).
 */
export function importsOf(file: string): SourceImport[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
  const found: SourceImport[] = [];
  const add = (specifier: ts.Node | undefined, typeOnly: boolean) => {
    if (specifier && ts.isStringLiteralLike(specifier)) found.push({file, specifier: specifier.text, typeOnly});
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name && !!bindings && ts.isNamedImports(bindings) && isTypeOnlyElements(bindings.elements)));
      add(node.moduleSpecifier, typeOnly);
    } else if (ts.isExportDeclaration(node)) {
      const clause = node.exportClause;
      add(
        node.moduleSpecifier,
        node.isTypeOnly || (!!clause && ts.isNamedExports(clause) && isTypeOnlyElements(clause.elements)),
      );
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, node.isTypeOnly);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const loads =
        callee.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(callee) && callee.text === 'require') ||
        (ts.isPropertyAccessExpression(callee) &&
          ts.isIdentifier(callee.expression) &&
          callee.expression.text === 'require' &&
          callee.name.text === 'resolve');
      if (loads) add(node.arguments[0], false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (scriptKind(file) === ts.ScriptKind.JS) {
    for (const comment of text.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
      for (const match of comment[0].matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g))
        found.push({file, specifier: match[1], typeOnly: true});
    }
  }
  return found;
}

/** The folders a `@theme/X` import can name in this repository: the site's swizzled theme, then each plugin's theme. */
function themeFolders(): string[] {
  const plugins = readdirSync('src/plugins', {withFileTypes: true}).filter((entry) => entry.isDirectory());
  return [
    'src/theme',
    ...plugins.map((entry) => `src/plugins/${entry.name}/theme`).filter((folder) => existsSync(folder)),
  ];
}

/**
 * The repository path an import names (`src/utils/twin-path`, without its extension when the import leaves it
 * out), or undefined when it names a package, a Node.js builtin or a module of Docusaurus itself.
 */
export function repositoryTarget({file, specifier}: SourceImport): string | undefined {
  if (specifier.startsWith('.')) return normalize(join(dirname(file), specifier));
  if (specifier.startsWith('@site/')) return normalize(specifier.slice('@site/'.length));
  if (specifier.startsWith('@theme/')) {
    const component = specifier.slice('@theme/'.length);
    const folder = themeFolders().find((candidate) =>
      ['', '.ts', '.tsx', '.js', '/index.tsx', '/index.ts', '/index.js'].some((end) =>
        existsSync(`${candidate}/${component}${end}`),
      ),
    );
    return folder ? `${folder}/${component}` : undefined;
  }
  return undefined;
}
