import {readFileSync, readdirSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {importsOf, repositoryTarget, sourceFiles, type SourceImport} from '../support/imports';

// The layers of the code, read top-down: the configuration assembles plugins and components; plugins run at
// build time in Node.js; components and the swizzled theme run in the reader's browser; scripts are commands
// and tools/ their shared modules. An import against that direction is an error naming both files.

/** Each import of the repository's source files with the path it names in the repository. */
const edges = sourceFiles().flatMap((file) =>
  importsOf(file).flatMap((found) => {
    const target = repositoryTarget(found);
    return target ? [{...found, target}] : [];
  }),
);

const under = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);
const describe = ({file, specifier}: SourceImport) => `${file} imports ${specifier}`;

/** A plugin's theme folder: the components its pages use, client code that may use the site's components. */
const PLUGIN_THEME = /^src\/plugins\/[^/]+\/theme(\/|$)/;

test('the import graph is read from every kind of import of every source file', () => {
  const files = new Set(edges.map(({file}) => file));
  for (const folder of ['config', 'src', 'tools', 'scripts', 'tests']) {
    expect(
      [...files].some((file) => under(file, folder)),
      folder,
    ).toBe(true);
  }
  const kinds = (pattern: RegExp) => edges.some(({file, specifier}) => pattern.test(file) && specifier.length > 0);
  expect(kinds(/\.cjs$/), 'require() of CommonJS').toBe(true);
  expect(kinds(/\.mjs$/), 'ES modules').toBe(true);
  expect(
    edges.some(({typeOnly}) => typeOnly),
    'type-only imports',
  ).toBe(true);
  expect(
    edges.some(({specifier}) => specifier.startsWith('@theme/') || specifier.startsWith('@site/')),
    'Docusaurus aliases',
  ).toBe(true);
});

test('config/ imports no command nor any module of scripts/ or tools/', () => {
  const backwards = edges.filter(
    ({file, target}) => under(file, 'config') && (under(target, 'scripts') || under(target, 'tools')),
  );
  expect(backwards.map(describe)).toEqual([]);
});

test('nothing imports a file of scripts/: scripts are commands, their shared code is in tools/', () => {
  const imported = edges.filter(({target}) => under(target, 'scripts'));
  expect(imported.map(describe)).toEqual([]);
});

test('components and the swizzled theme import no plugin', () => {
  const backwards = edges.filter(
    ({file, target}) => (under(file, 'src/components') || under(file, 'src/theme')) && under(target, 'src/plugins'),
  );
  expect(backwards.map(describe)).toEqual([]);
});

test("plugins import no component (a plugin's own theme/ folder, client code, may use the site's components)", () => {
  const backwards = edges.filter(
    ({file, target}) => under(file, 'src/plugins') && !PLUGIN_THEME.test(file) && under(target, 'src/components'),
  );
  expect(backwards.map(describe)).toEqual([]);
});

test('the generated API pages import their components from the theme of the API reference plugin', () => {
  // The page writer puts its imports into the MDX as text (render-page.ts, generatedPageMdx: `@theme/<component>`
  // and the page's own data module); the build object names each page's component (build.ts): read from both.
  const writer = readFileSync('src/openapi/render-page.ts', 'utf8');
  expect(writer).toContain("`import ${component} from '@theme/${component}';`");
  const generator = readFileSync('src/plugins/api-reference/build.ts', 'utf8');
  const components = [...generator.matchAll(/^\s+component: '(\w+)',$/gm)].map((match) => match[1]);
  expect(components.sort()).toEqual(['ApiChangelog', 'ApiObjectPage', 'ApiReferencePage', 'ApiRootPage', 'ApiTagPage']);
  const written = components.map((component) => ({
    file: 'src/openapi/render-page.ts',
    specifier: `@theme/${component}`,
    typeOnly: false,
  }));
  expect(written.length).toBeGreaterThan(0);
  const elsewhere = written
    .filter(
      (found) =>
        !found.specifier.startsWith('@theme/') ||
        !under(repositoryTarget(found) ?? '', 'src/plugins/api-reference/theme'),
    )
    .map((found) => `${found.specifier} (${repositoryTarget(found) ?? 'no file of the repository'})`);
  expect(elsewhere).toEqual([]);
});

test('tools/ modules are type-checked from their JSDoc, with no hand-written declaration file beside them', () => {
  const files = readdirSync('tools');
  expect(files.filter((name) => /\.d\.[cm]?ts$/.test(name))).toEqual([]);
  const unchecked = files.filter(
    (name) => /\.[cm]?js$/.test(name) && !readFileSync(`tools/${name}`, 'utf8').startsWith('// @ts-check\n'),
  );
  expect(unchecked).toEqual([]);
});

test('the API reference is one plugin: other plugins and the configuration import only its entry', () => {
  const folder = 'src/plugins/api-reference';
  const isEntry = (path: string) => path === folder || path === `${folder}/index.ts`;
  const inside = (path: string) => under(path, folder);
  const reaching = edges.filter(
    ({file, target}) =>
      (under(file, 'src') || under(file, 'config') || file === 'docusaurus.config.ts') &&
      !inside(file) &&
      inside(target) &&
      !isEntry(target),
  );
  expect(reaching.map(describe)).toEqual([]);
  // The rule reads the imports it must: the configuration imports the entry.
  expect(edges.some(({file, target}) => file === 'docusaurus.config.ts' && isEntry(target))).toBe(true);
});

test('page models are built only by the build object: no other module of the site, its tools or the MCP server calls pageModel', () => {
  const callers = sourceFiles([
    'src',
    'config',
    'tools',
    'scripts',
    'packages/vigil-docs-mcp/src',
    'docusaurus.config.ts',
  ])
    .filter((file) => file !== 'src/plugins/api-reference/build.ts')
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({line, where: `${file}:${index + 1}`}))
        .filter(({line}) => /\bpageModel\s*\(/.test(line) && !/export function pageModel\(/.test(line))
        .map(({where}) => where),
    );
  expect(callers).toEqual([]);
  expect(readFileSync('src/plugins/api-reference/build.ts', 'utf8')).toMatch(/\bpageModel\(/);
});
