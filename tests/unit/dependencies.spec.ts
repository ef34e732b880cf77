import {existsSync, readFileSync, readdirSync, statSync} from 'node:fs';
import {builtinModules} from 'node:module';
import {join} from 'node:path';
import {expect, test} from '@playwright/test';
import {satisfies, subset, validRange} from 'semver';
import {importsOf, repositoryTarget, sourceFiles} from '../support/imports';

type Lock = {packages: Record<string, {version?: string}>};
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lock;
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  overrides: Record<string, string>;
  engines: {node: string};
};

function installed(name: string): string[] {
  return Object.entries(lock.packages)
    .filter(([path]) => path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`))
    .map(([path, entry]) => `${path}@${entry.version}`);
}

test('every @docusaurus package resolves to exactly 3.7.0', () => {
  const docusaurus = Object.entries(lock.packages).filter(([path]) =>
    /(^|\/)node_modules\/@docusaurus\/[^/]+$/.test(path),
  );
  expect(docusaurus.length).toBeGreaterThan(20);
  const wrong = docusaurus
    .filter(([path, entry]) => entry.version !== '3.7.0' && !path.endsWith('@docusaurus/react-loadable'))
    .map(([path, entry]) => `${path}@${entry.version}`);
  expect(wrong).toEqual([]);
});

test('react and react-dom resolve to exactly 18.3.1, once', () => {
  expect(installed('react')).toEqual(['node_modules/react@18.3.1']);
  expect(installed('react-dom')).toEqual(['node_modules/react-dom@18.3.1']);
});

test('direct dependencies on Docusaurus and React are pinned exactly', () => {
  const all = {...manifest.dependencies, ...manifest.devDependencies};
  for (const [name, range] of Object.entries(all)) {
    if (name.startsWith('@docusaurus/')) expect(range, name).toBe('3.7.0');
  }
  expect(all.react).toBe('18.3.1');
  expect(all['react-dom']).toBe('18.3.1');
});

test('webpack stays below 5.106, which breaks the Docusaurus 3.7 progress bar', () => {
  for (const entry of installed('webpack')) {
    expect(entry).toMatch(/@5\.105\.\d+$/);
  }
});

/**
 * The npm package a bare import specifier names, or undefined for a path, a Node.js builtin or a Docusaurus
 * alias (`@site/`, `@theme/`, `@generated/`, and the client modules of @docusaurus/core such as @docusaurus/Link).
 */
function packageOf(specifier: string): string | undefined {
  if (/^(\.|\/|node:|@site\/|@theme(-original|-init)?\/|@generated\/)/.test(specifier)) return undefined;
  const name = specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
  if (builtinModules.includes(name)) return undefined;
  if (name.startsWith('@docusaurus/') && !existsSync(join('node_modules', name, 'package.json'))) return undefined;
  return name;
}

/** The file an import of the repository names (`src/openapi` is `src/openapi/index.ts`). */
function sourceFile(target: string): string | undefined {
  return ['', '.ts', '.tsx', '.js', '.mjs', '.cjs', '/index.ts', '/index.tsx', '/index.js']
    .map((end) => `${target}${end}`)
    .find((file) => existsSync(file) && statSync(file).isFile());
}

/**
 * The files the production build runs or bundles: the site configuration and everything it imports, all of src/
 * (the theme and the client modules are found by Docusaurus, not imported), and the commands `npm run build`
 * runs (API generation) or the build spawns (the search index), with what they import.
 */
function buildSources(): Set<string> {
  const build = new Set<string>();
  const pending = [
    ...sourceFiles(['docusaurus.config.ts', 'sidebars.ts', 'config', 'src']),
    'scripts/write-search-index.mjs',
  ];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (build.has(file)) continue;
    build.add(file);
    for (const found of importsOf(file)) {
      const target = repositoryTarget(found);
      const imported = target === undefined ? undefined : sourceFile(target);
      if (imported) pending.push(imported);
    }
  }
  return build;
}

/** Whether the package that provides the types of `name` is declared: the package itself or its @types package. */
function declaresTypes(name: string, declared: Record<string, string>): boolean {
  return name in declared || `@types/${name.replace(/^@([^/]+)\//, '$1__')}` in declared;
}

/**
 * The packages of one authoring command each, kept out of the site's install (packages/<name>/package.json, its own
 * lock file, installed by the command's npm script): the script that loads them, with its own require.
 */
const TOOL_PACKAGES: Record<string, string> = {
  'scripts/subset-fonts.mjs': 'packages/font-tools',
  'scripts/render-diagrams.mjs': 'packages/diagram-tools',
  'scripts/bench.mjs': 'packages/bench-tools',
};
const toolsOf = (file: string): Record<string, string> =>
  file in TOOL_PACKAGES
    ? (JSON.parse(readFileSync(`${TOOL_PACKAGES[file]}/package.json`, 'utf8')) as typeof manifest).dependencies
    : {};

test('every package the code imports is declared: what the build runs as a dependency, types and tooling in either', () => {
  const build = buildSources();
  expect(build.size).toBeGreaterThan(30);
  expect(build.has('tools/search-index.mjs'), 'the search index the build writes').toBe(true);
  const all = {...manifest.dependencies, ...manifest.devDependencies};
  const files = sourceFiles();
  const undeclared = new Set<string>();
  for (const found of files.flatMap(importsOf)) {
    const name = packageOf(found.specifier);
    if (!name) continue;
    if (found.typeOnly) {
      if (!declaresTypes(name, all))
        undeclared.add(`${name}: types imported by ${found.file}, in neither dependencies nor devDependencies`);
    } else if (build.has(found.file)) {
      // What the build runs must install with `npm install --omit=dev` too.
      if (!(name in manifest.dependencies))
        undeclared.add(`${name}: imported by ${found.file}, which the build runs, not in dependencies`);
    } else if (!(name in all) && !(name in toolsOf(found.file))) {
      undeclared.add(`${name}: imported by ${found.file}, in neither dependencies nor devDependencies`);
    }
  }
  expect(files.length).toBeGreaterThan(150);
  expect([...undeclared].sort()).toEqual([]);
});

test('packages whose files a bundle-time patch rewrites are pinned to the version it was written for', () => {
  // src/upstream/README.md names each package a patch changes; a caret range would let an install move it.
  const patched = ['prism-react-renderer', 'prismjs', '@docusaurus/theme-classic'];
  for (const name of patched) expect(manifest.dependencies[name], name).toMatch(/^\d+\.\d+\.\d+$/);
  // Patched packages the site does not depend on directly are pinned by an override.
  for (const name of ['@docusaurus/utils-common']) expect(manifest.overrides[name], name).toMatch(/^\d+\.\d+\.\d+$/);
});

test('every direct dependency supports every Node.js version the site’s engines range names', () => {
  // The tests run on Node.js 22 only; the machines run 20: each dependency's own range must cover the site's whole
  // range (^20.19.0 || >=22.13.0), not only the Node.js running this test.
  const siteRange = manifest.engines.node;
  expect(satisfies(process.versions.node, siteRange), `this Node.js is in ${siteRange}`).toBe(true);
  const unsupported = Object.keys({...manifest.dependencies, ...manifest.devDependencies}).flatMap((name) => {
    const {engines} = JSON.parse(readFileSync(join('node_modules', name, 'package.json'), 'utf8')) as {
      engines?: {node?: string};
    };
    return engines?.node && !subset(siteRange, engines.node, {includePrerelease: true})
      ? [`${name} needs Node.js ${engines.node}`]
      : [];
  });
  expect(unsupported).toEqual([]);
});

/**
 * Versions with known critical or high advisories that reached this tree before. The registry's audit
 * service does not answer on these machines, so the lock file is checked against them here.
 */
const KNOWN_VULNERABLE: Array<[string, string, string]> = [
  ['form-data', '>=4.0.0 <4.0.4', 'CVE-2025-7783: predictable multipart boundary'],
  ['js-yaml', '>=4.0.0 <4.1.1', 'CVE-2025-64718: prototype pollution through merge keys'],
  [
    'serialize-javascript',
    '<7.0.3',
    'GHSA-5c6j-r48x-rmvq: code execution through RegExp.flags and Date.prototype.toISOString',
  ],
];

test('no package of the lock file is at a version with a known advisory', () => {
  const found = KNOWN_VULNERABLE.flatMap(([name, range, advisory]) =>
    installed(name)
      .filter((entry) => satisfies(entry.slice(entry.lastIndexOf('@') + 1), range))
      .map((entry) => `${entry}: ${advisory}`),
  );
  expect(found).toEqual([]);
});

test('the docs MCP server (packages/vigil-docs-mcp): its dependencies pinned, every package of its lock supports every Node.js of its engines range, none at a known advisory', () => {
  const folder = 'packages/vigil-docs-mcp';
  const own = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
    engines?: {node?: string};
  };
  const nodeRange = own.engines?.node ?? manifest.engines.node;
  const ownLock = JSON.parse(readFileSync(join(folder, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, {version?: string; engines?: {node?: string}}>;
  };
  expect(own.dependencies['@modelcontextprotocol/sdk']).toBeTruthy();
  for (const [name, range] of Object.entries({...own.dependencies, ...own.devDependencies})) {
    expect(range, `${name}: pinned, as its lock`).toMatch(/^\d+\.\d+\.\d+$/);
    expect(ownLock.packages[`node_modules/${name}`]?.version, `${name} in ${folder}/package-lock.json`).toBe(range);
  }
  const entries = Object.entries(ownLock.packages).filter(([path]) => path !== '');
  const unsupported = entries.flatMap(([path, {engines}]) =>
    engines?.node && !subset(nodeRange, engines.node, {includePrerelease: true})
      ? [`${path} needs Node.js ${engines.node}`]
      : [],
  );
  expect(unsupported).toEqual([]);
  const vulnerable = KNOWN_VULNERABLE.flatMap(([name, range, advisory]) =>
    entries
      .filter(
        ([path, entry]) =>
          (path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`)) &&
          satisfies(entry.version ?? '0.0.0', range),
      )
      .map(([path, entry]) => `${path}@${entry.version}: ${advisory}`),
  );
  expect(vulnerable).toEqual([]);
});

test('each package of packages/ installs from its lock with npm ci: a dependency asked for by a tag is pinned by an override', () => {
  // `npm ci` refuses a lock whose entry asks for a dist-tag (`latest`) once the registry's tag has moved on from the
  // version locked; npm run fonts, diagrams and bench install their package so, and the docs MCP server's is so
  // installed by the test command and the container.
  const problems: string[] = [];
  const folders = readdirSync('packages').map((name) => join('packages', name));
  expect(folders.length).toBeGreaterThanOrEqual(4);
  for (const folder of folders) {
    const own = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {overrides?: Record<string, string>};
    const lock = JSON.parse(readFileSync(join(folder, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, {dependencies?: Record<string, string>; optionalDependencies?: Record<string, string>}>;
    };
    for (const [where, entry] of Object.entries(lock.packages)) {
      for (const [name, wanted] of Object.entries({...entry.dependencies, ...entry.optionalDependencies})) {
        if (validRange(wanted) === null && !/^(npm|file|git|https?):/.test(wanted) && !own.overrides?.[name])
          problems.push(`${folder}: ${where || '(root)'} asks for ${name}@${wanted}, which no override pins`);
      }
    }
  }
  expect(problems).toEqual([]);
});
