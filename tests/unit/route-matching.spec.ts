// route-matching (src/upstream): react-router's matchPath, as the loader rewrites it, answers as the original does for
// every path, pathname and option, and compiles no regular expression for a path without parameters.
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {join} from 'node:path';
import {expect, test} from '@playwright/test';
import * as staticRouteMatch from '../../src/upstream/static-route-match';

const require = createRequire(join(process.cwd(), 'package.json'));
const loader = require('./src/upstream/route-matching-loader.cjs') as (this: object, source: string) => string;
const {appliedInterventions, forgetApplied} = require('./src/upstream/applied.cjs') as {
  appliedInterventions: () => Set<string>;
  forgetApplied: (name: string) => void;
};
// The react-router Docusaurus' client code imports, the module file the bundles compile (its `module` entry), and the
// path-to-regexp that file imports.
const fromCore = createRequire(require.resolve('@docusaurus/core/package.json'));
const SOURCE_FILE = fromCore.resolve('react-router/esm/react-router.js');
const pathToRegexp = createRequire(SOURCE_FILE)('path-to-regexp') as (...args: unknown[]) => RegExp;

type MatchOptions =
  string | string[] | {path?: string | string[]; exact?: boolean; strict?: boolean; sensitive?: boolean};
type MatchPath = (pathname: string, options: MatchOptions) => unknown;

/** matchPath as a module's source defines it (with its cache), given path-to-regexp, and how often it compiled. */
function matchPathOf(source: string): {matchPath: MatchPath; compiled: () => number} {
  let compiled = 0;
  const counting = (...args: unknown[]) => {
    compiled += 1;
    return pathToRegexp(...args);
  };
  const start = source.indexOf('var cache$1 = {};');
  const definition = source.indexOf('function matchPath(pathname, options) {');
  const end = source.indexOf('\n}\n', definition) + 2;
  expect(start).toBeGreaterThan(0);
  expect(definition).toBeGreaterThan(start);
  const matchPath = new Function(
    'pathToRegexp',
    '__vigilStaticRouteMatch',
    `${source.slice(start, end)}\nreturn matchPath;`,
  )(counting, staticRouteMatch) as MatchPath;
  return {matchPath, compiled: () => compiled};
}

const original = readFileSync(SOURCE_FILE, 'utf8');
/**
 * The loader run on a source as a bundle of `target` runs it. What it records as applied (src/upstream/applied.cjs)
 * is taken back after: the same worker may next check those records (upstream-applied.spec.ts).
 */
function runLoader(source: string, target: string): string {
  const before = appliedInterventions();
  try {
    return loader.call({resourcePath: SOURCE_FILE, _compiler: {options: {target}}}, source);
  } finally {
    for (const name of appliedInterventions()) if (!before.has(name)) forgetApplied(name);
  }
}
const rewrite = (target: string) => runLoader(original, target);

// Route paths as Docusaurus writes them (the site's, a blog tag with a space, punctuation, a slug in capitals), and
// paths that are patterns or not ASCII, which stay with the expression.
const PATHS = [
  '/',
  '',
  '/docs',
  '/docs/',
  '/docs/intro',
  '/docs/Intro',
  '/docs/api/get-dataset',
  '/docs/api/objects/data-error',
  '/docs/blog/tags/data quality',
  '/docs/a.b~c_d-e',
  "/docs/it's",
  '/docs/a%20b',
  '/docs/a?b',
  '/docs/a+b',
  '/docs/:id',
  '/docs/:id?',
  '/docs/*',
  '/docs/(a|b)',
  '/docs/\\(x\\)',
  '\\/docs\\/intro',
  '\\/docs\\/a\\.b~c_d-e',
  '\\/',
  '/docs/\\:id',
  '/docs/x\\',
  '/docs/a\\\\b',
  '/docs/ünïcode',
  '/docs/\u212a',
  '/docs/k',
  '/docs/s',
  '/docs/i',
];
// Pathnames a browser or the build asks for: the same path in other cases, with trailing and doubled slashes, longer,
// shorter, a letter that only Unicode folds onto an ASCII one (the Kelvin sign, the long s), percent-encoded.
const PATHNAMES = [
  '/',
  '',
  '/docs',
  '/docs/',
  '/docs//',
  '/Docs',
  '/DOCS/INTRO',
  '/docs/intro',
  '/docs/intro/',
  '/docs/intro//',
  '/docs/intro/next',
  '/docs/introx',
  '/docs/in',
  '/docs/api/get-dataset',
  '/docs/api/Get-Dataset/',
  '/docs/api/get-dataset/more',
  '/docs/api/objects/data-error',
  '/docs/blog/tags/data quality',
  '/docs/blog/tags/data%20quality',
  '/docs/a.b~c_d-e',
  '/docs/aXb~c_d-e',
  "/docs/IT'S",
  '/docs/a%20b',
  '/docs/a?b',
  '/docs/ab',
  '/docs/a+b',
  '/docs/aab',
  '/docs/x',
  '/docs/(a|b)',
  '/docs/(x)',
  '/docs/:id',
  '/docs/a\\b',
  '/docs/x\\',
  '/docs/a',
  '/docs/ünïcode',
  '/docs/ÜNÏCODE',
  '/docs/k',
  '/docs/K',
  '/docs/\u212a',
  '/docs/\u017f',
  '/docs/\u0130',
  '/docs/S',
  'docs',
  '/docsx',
];

test("the rewritten matchPath gives the original's answer for every path, pathname and option", () => {
  const before = matchPathOf(original);
  const after = matchPathOf(rewrite('web'));
  const differences: string[] = [];
  let cases = 0;
  const optionSets: MatchOptions[] = [];
  for (const path of PATHS)
    for (const exact of [false, true])
      for (const strict of [false, true])
        for (const sensitive of [false, true]) optionSets.push({path, exact, strict, sensitive});
  // The forms matchPath also takes: a path alone, a list of paths, options without a path.
  optionSets.push('/docs', ['/docs/intro', '/docs'], {path: ['/docs/:id', '/docs/intro'], exact: true}, {});
  const compiledAsText: string[] = [];
  for (const options of optionSets)
    for (const pathname of PATHNAMES) {
      cases += 1;
      const compiledBefore = after.compiled();
      const expected = JSON.stringify(before.matchPath(pathname, options));
      const answered = JSON.stringify(after.matchPath(pathname, options));
      if (answered !== expected)
        differences.push(`${JSON.stringify(pathname)} ${JSON.stringify(options)}: ${answered}, not ${expected}`);
      // A plain path matched without strictness is compared as text: no expression.
      const plain =
        typeof options === 'object' &&
        !Array.isArray(options) &&
        !options.strict &&
        staticRouteMatch.literalPath(options.path) !== null;
      if (plain && after.compiled() !== compiledBefore) compiledAsText.push(JSON.stringify(options));
    }
  expect(cases).toBeGreaterThan(10_000);
  expect(differences).toEqual([]);
  expect(compiledAsText).toEqual([]);
  // The original compiled an expression for each path and option (once: it caches them); the rewrite only for the
  // patterns, the paths beyond ASCII and strict matching.
  expect(before.compiled()).toBeGreaterThan(160);
  expect(after.compiled()).toBeLessThan(before.compiled() - 40);
});

test('a path without parameters is matched with no expression compiled; a pattern still is', () => {
  const {matchPath, compiled} = matchPathOf(rewrite('web'));
  // A page of the site, among as many routes as 5,000 operations make: each scan of the route table compiles nothing.
  for (let index = 0; index < 12_000; index += 1) matchPath('/docs/api/get-dataset', {path: `/docs/api/op-${index}`});
  expect(matchPath('/docs/api/get-dataset/', {path: '/docs/api/get-dataset', exact: true})).toEqual({
    path: '/docs/api/get-dataset',
    url: '/docs/api/get-dataset/',
    isExact: true,
    params: {},
  });
  expect(compiled()).toBe(0);
  expect(matchPath('/docs/api/get-dataset', {path: '/docs/api/:slug'})).toMatchObject({params: {slug: 'get-dataset'}});
  expect(compiled()).toBe(1);
  // A path NavLink escaped is the same text.
  expect(matchPath('/docs/intro/next', {path: '\\/docs\\/intro'})).toEqual({
    path: '\\/docs\\/intro',
    url: '/docs/intro',
    isExact: false,
    params: {},
  });
  expect(compiled()).toBe(1);
});

test('the loader fails the build, naming the file, when matchPath no longer reads as it expects', () => {
  const changed = original.replace('var isExact = pathname === url;', 'var isExact = url === pathname;');
  expect(() => runLoader(changed, 'web')).toThrow(
    /react-router\.js: expected matchPath to compile each path with compilePath\$1/,
  );
  // Each bundle records its own rewrite: the build's rendering runs the rewritten matchPath too.
  expect(rewrite('node22.12')).toContain(
    '__vigilStaticRouteMatch.matchedStaticPart(pathname, literal, exact, sensitive)',
  );
});
