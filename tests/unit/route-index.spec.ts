// route-index and sidebar-index (src/upstream): the docs client finds the page's route and its sidebar item by a
// lookup, and every answer is the one the walk it replaces gives: the first route matchPath matches, the same
// branch of matchRoutes, the same active, visible and breadcrumb items, for paths in every case and slash form.
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';
import {expect, test} from '@playwright/test';
import * as routeListLookup from '../../src/upstream/route-list-lookup';
import * as sidebarPathLookup from '../../src/upstream/sidebar-path-lookup';

const require = createRequire(join(process.cwd(), 'package.json'));
const routeIndexLoader = require('./src/upstream/route-index-loader.cjs') as (this: object, source: string) => string;
const sidebarIndexLoader = require('./src/upstream/sidebar-index-loader.cjs') as (
  this: object,
  source: string,
) => string;
const {appliedInterventions, forgetApplied} = require('./src/upstream/applied.cjs') as {
  appliedInterventions: () => Set<string>;
  forgetApplied: (name: string) => void;
};

// The modules the bundles compile: react-router-config's and react-router's as Docusaurus' client code resolves them
// (their `module` entries), the docs plugin's client utilities, and theme-common's path comparison.
const fromCore = createRequire(require.resolve('@docusaurus/core/package.json'));
const MATCH_ROUTES_FILE = fromCore.resolve('react-router-config/esm/react-router-config.js');
const DOCS_UTILS_FILE = require.resolve('@docusaurus/plugin-content-docs/lib/client/docsUtils.js');
const ROUTES_UTILS_FILE = join(dirname(require.resolve('@docusaurus/theme-common')), 'utils', 'routesUtils.js');
type Route = {path?: string; exact?: boolean; strict?: boolean; sensitive?: boolean; routes?: Route[]; key?: string};
/** react-router's own matchPath (its CommonJS build: the path-to-regexp expression, not the site's rewrite). */
const {matchPath, Router} = fromCore('react-router') as {
  matchPath: (pathname: string, route: Route) => unknown;
  Router: {computeRootMatch: (pathname: string) => unknown};
};

/** The loader run as a bundle of `target` runs it; what it records as applied is taken back after (upstream-applied.spec.ts). */
function runLoader(loader: typeof routeIndexLoader, resourcePath: string, source: string, target = 'web'): string {
  const before = appliedInterventions();
  try {
    return loader.call({resourcePath, _compiler: {options: {target}}}, source);
  } finally {
    for (const name of appliedInterventions()) if (!before.has(name)) forgetApplied(name);
  }
}

// A docs version's pages as Docusaurus writes their routes, and the same paths in other forms.
const PAGE_PATHS = [
  '/docs/api',
  '/docs/api/get-dataset',
  '/docs/api/Get-Dataset',
  '/docs/api/objects/data-error/',
  '/docs/api/objects/data-error',
  '/docs/api/tags/data quality',
  "/docs/api/it's~a_b.c-d",
  '/docs/api/a%20b',
  '/docs/api/k',
  '/docs/api/s',
  '/',
];
const PATHNAMES = [
  ...PAGE_PATHS,
  '',
  '/docs',
  '/docs/api/',
  '/docs/api//',
  '/DOCS/API/GET-DATASET',
  '/docs/api/get-dataset/',
  '/docs/api/get-dataset//',
  '/docs/api/get-dataset/more',
  '/docs/api/get-datase',
  '/docs/api/get-datasetx',
  '/docs/api/OBJECTS/DATA-ERROR/',
  '/docs/api/tags/data%20quality',
  "/docs/api/IT'S~A_B.C-D",
  '/docs/api/a b',
  '/docs/api/\u212a',
  '/docs/api/\u017f',
  '/docs/api/K',
  '/docs/api/ünïcode',
  'docs/api',
  '/x',
];
const exactRoutes = (paths: string[]): Route[] => paths.map((path) => ({path, exact: true}));

test('a list of exact plain paths gives the first route a scan matches, with its match, matching one route only', () => {
  // Every order of the pages' paths (each path first once), so that each of two forms of a path comes first.
  const lists = PAGE_PATHS.map((_path, shift) =>
    exactRoutes([...PAGE_PATHS.slice(shift), ...PAGE_PATHS.slice(0, shift)]),
  );
  const differences: string[] = [];
  let cases = 0;
  for (const routes of lists)
    for (const pathname of PATHNAMES) {
      cases += 1;
      let calls = 0;
      const counted = (name: string, route: Route) => ((calls += 1), matchPath(name, route));
      const found = routeListLookup.firstMatchingRoute(routes, pathname, counted);
      const expected = routes.find((route) => matchPath(pathname, route));
      if (found === undefined) differences.push(`${JSON.stringify(pathname)}: looked up nothing, the list was walked`);
      else if (
        found?.route !== expected ||
        JSON.stringify(found?.match) !== JSON.stringify(expected && matchPath(pathname, expected))
      )
        differences.push(
          `${JSON.stringify(pathname)} in ${routes[0].path}...: ${found?.route.path}, not ${expected?.path}`,
        );
      if (calls > 1) differences.push(`${JSON.stringify(pathname)}: ${calls} routes matched`);
    }
  expect(cases).toBeGreaterThan(300);
  expect(differences).toEqual([]);
});

test('a list with a route the lookup cannot stand for is walked, as before', () => {
  const pages = exactRoutes(PAGE_PATHS);
  for (const odd of [
    {path: '/docs/api/:slug', exact: true},
    {path: '/docs/api', exact: false},
    {path: '/docs/api/get-dataset', exact: true, strict: true},
    {path: '/docs/api/get-dataset', exact: true, sensitive: true},
    {path: '/docs/api/x//', exact: true},
    {path: '/docs/api/ünïcode', exact: true},
    {path: '', exact: true},
    {exact: true},
  ])
    expect(routeListLookup.firstMatchingRoute([...pages, odd], '/docs/api/get-dataset', matchPath)).toBeUndefined();
});

test('the <Switch> of the docs layout gets the route found under the key it has in the whole list', () => {
  const routes: Route[] = [
    ...exactRoutes(['/docs/api', '/docs/api/get-dataset']),
    {path: '/docs/api/x', exact: true, key: 'x'},
  ];
  const second = routeListLookup.firstMatchingRoute(routes, '/docs/api/get-dataset/', matchPath)!;
  expect(routeListLookup.foundRouteOnly(second)).toEqual([{path: '/docs/api/get-dataset', exact: true, key: 1}]);
  // The same list for each render of the page: what React is handed does not change between renders.
  expect(routeListLookup.foundRouteOnly(second)).toBe(routeListLookup.foundRouteOnly(second));
  const keyed = routeListLookup.firstMatchingRoute(routes, '/docs/api/x', matchPath)!;
  expect(routeListLookup.foundRouteOnly(keyed)[0].key).toBe('x');
});

/** `matchRoutes` as a module's source defines it, with react-router's matchPath and the lookup in its scope. */
function matchRoutesOf(source: string) {
  const start = source.indexOf('function matchRoutes(');
  const end = source.indexOf('\n}\n', start) + 2;
  expect(start).toBeGreaterThan(0);
  return new Function('matchPath', 'Router', '__vigilRouteIndex', `${source.slice(start, end)}\nreturn matchRoutes;`)(
    matchPath,
    Router,
    routeListLookup,
  ) as (routes: Route[], pathname: string) => {route: Route; match: unknown}[];
}

test("the rewritten matchRoutes gives the original's branch of the route table for every pathname", () => {
  const original = readFileSync(MATCH_ROUTES_FILE, 'utf8');
  const before = matchRoutesOf(original);
  const after = matchRoutesOf(runLoader(routeIndexLoader, MATCH_ROUTES_FILE, original));
  // The site's shape: non-exact roots (walked), each holding a docs version whose list of pages is exact (looked up).
  const pages = exactRoutes(PAGE_PATHS.filter((path) => path.startsWith('/docs/api')));
  const table: Route[] = [
    {path: '/docs/api', routes: [{path: '/docs/api', routes: [{path: '/docs/api', routes: pages}]}]},
    {path: '/docs', routes: [{path: '/docs', routes: exactRoutes(['/docs/intro', '/docs/Intro/', '/docs'])}]},
    {path: '/', exact: true},
    {},
  ];
  const describe = (branch: {route: Route; match: unknown}[]) =>
    JSON.stringify(branch.map(({route, match}) => [route.path ?? null, route.exact ?? null, match]));
  const differences = [...PATHNAMES, '/docs/intro', '/DOCS/INTRO/', '/docs/intro/x']
    .map((pathname) => [pathname, describe(before(table, pathname)), describe(after(table, pathname))])
    .filter(([, expected, given]) => expected !== given);
  expect(differences).toEqual([]);
  expect(describe(after(table, '/docs/api/GET-DATASET/'))).toContain('"/docs/api/get-dataset",true');
});

test('the loaders fail the build, naming the file, when the code they rewrite has changed, and record each bundle', () => {
  const matchRoutesSource = readFileSync(MATCH_ROUTES_FILE, 'utf8');
  expect(() =>
    runLoader(routeIndexLoader, MATCH_ROUTES_FILE, matchRoutesSource.replace('routes.some(', 'routes.find(')),
  ).toThrow(/react-router-config\.js: expected to find "routes\.some\(function \(route\) \{" once/);
  const docsUtils = readFileSync(DOCS_UTILS_FILE, 'utf8');
  expect(() =>
    runLoader(routeIndexLoader, DOCS_UTILS_FILE, docsUtils.replace('renderRoutes(docRoutes)', 'renderRoutes(routes)')),
  ).toThrow(/docsUtils\.js: expected to find "const docElement = renderRoutes\(docRoutes\);" once/);
  expect(() =>
    runLoader(sidebarIndexLoader, DOCS_UTILS_FILE, docsUtils.replace('items.some((subItem)', 'items.find((subItem)')),
  ).toThrow(/docsUtils\.js: expected "const containsActiveSidebarItem = /);
  // Both rewrite the docs plugin's utilities, in either order (webpack runs a module's loaders in turn).
  const both = runLoader(sidebarIndexLoader, DOCS_UTILS_FILE, runLoader(routeIndexLoader, DOCS_UTILS_FILE, docsUtils));
  const other = runLoader(routeIndexLoader, DOCS_UTILS_FILE, runLoader(sidebarIndexLoader, DOCS_UTILS_FILE, docsUtils));
  const sorted = (source: string) => source.split('\n').sort().join('\n');
  expect(sorted(both)).toBe(sorted(other));
  expect(both).toContain('__vigilRouteIndex.firstMatchingRoute(docRoutes, location.pathname, matchPath)');
  expect(both).toContain('__vigilSidebarIndex.holdsPath(items, activePath)');
  // The build's rendering and the browser each record their own rewrite: both must run it.
  const records = (target: string) => {
    const before = appliedInterventions();
    routeIndexLoader.call({resourcePath: MATCH_ROUTES_FILE, _compiler: {options: {target}}}, matchRoutesSource);
    routeIndexLoader.call({resourcePath: DOCS_UTILS_FILE, _compiler: {options: {target}}}, docsUtils);
    sidebarIndexLoader.call({resourcePath: DOCS_UTILS_FILE, _compiler: {options: {target}}}, docsUtils);
    const added = [...appliedInterventions()].filter((name) => !before.has(name));
    for (const name of added) forgetApplied(name);
    return added.sort();
  };
  expect(records('node22.12')).toEqual([
    'route-index (docs layout) (server)',
    'route-index (matchRoutes) (server)',
    'sidebar-index (server)',
  ]);
  expect(records('web')).toEqual(['route-index (docs layout)', 'route-index (matchRoutes)', 'sidebar-index']);
});

type SidebarItem = {
  type: string;
  href?: string;
  label?: string;
  unlisted?: boolean;
  linkUnlisted?: boolean;
  items?: SidebarItem[];
};
type SidebarFunctions = {
  isActiveSidebarItem: (item: SidebarItem, activePath: string) => boolean;
  isVisibleSidebarItem: (item: SidebarItem, activePath: string) => boolean;
  getSidebarBreadcrumbs: (options: {
    sidebarItems: SidebarItem[];
    pathname: string;
    onlyCategories?: boolean;
  }) => SidebarItem[];
};

/** The docs plugin's sidebar functions as a source of docsUtils.js defines them, with theme-common's isSamePath. */
function sidebarFunctionsOf(source: string): SidebarFunctions {
  const routesUtils = readFileSync(ROUTES_UTILS_FILE, 'utf8');
  const samePathStart = routesUtils.indexOf('export function isSamePath(');
  const isSamePath = routesUtils
    .slice(samePathStart, routesUtils.indexOf('\n}\n', samePathStart) + 2)
    .replace('export ', '');
  const start = source.indexOf('const isActive = ');
  const end = source.indexOf('\n}\n', source.indexOf('function getSidebarBreadcrumbs(')) + 2;
  expect(start).toBeGreaterThan(0);
  const body = source
    .slice(start, end)
    .replace(/export function useVisibleSidebarItems[\s\S]*?\n}\n/, '')
    .replace(/^export /gm, '');
  return new Function(
    '__vigilSidebarIndex',
    `${isSamePath}\n${body}\nreturn {isActiveSidebarItem, isVisibleSidebarItem, getSidebarBreadcrumbs};`,
  )(sidebarPathLookup) as SidebarFunctions;
}

test("the rewritten sidebar functions give the walk's answers: active, visible and breadcrumbs, for every path", () => {
  const docsUtils = readFileSync(DOCS_UTILS_FILE, 'utf8');
  const before = sidebarFunctionsOf(docsUtils);
  const after = sidebarFunctionsOf(runLoader(sidebarIndexLoader, DOCS_UTILS_FILE, docsUtils));
  const link = (href: string, extra: Partial<SidebarItem> = {}): SidebarItem => ({
    type: 'link',
    href,
    label: href,
    ...extra,
  });
  const category = (
    label: string,
    items: SidebarItem[],
    href?: string,
    extra: Partial<SidebarItem> = {},
  ): SidebarItem => ({
    type: 'category',
    label,
    items,
    ...(href === undefined ? {} : {href}),
    ...extra,
  });
  // The API sidebar's shapes: tag categories with and without their own page, runs of operations, an unlisted page,
  // a category whose link is unlisted, an HTML item, paths in other cases and with a slash at the end, one path twice.
  const sidebar: SidebarItem[] = [
    link('/docs/api'),
    category(
      'Datasets',
      [link('/docs/api/get-dataset'), link('/docs/api/list-datasets/'), {type: 'html'}],
      '/docs/api/tags/datasets',
    ),
    category('Alerts – Users', [
      category(
        'Alerts',
        [link('/docs/api/alert-raised'), link('/docs/api/Get-Alert', {unlisted: true})],
        '/docs/api/tags/alerts',
      ),
      category('Users', [category('1 – 100', [link('/docs/api/get-user'), link('/docs/api/get-dataset')])]),
    ]),
    category(
      'Objects',
      [link('/docs/api/objects/dataset'), link('/docs/api/objects/data-error')],
      '/docs/api/objects',
      {
        linkUnlisted: true,
      },
    ),
    category('Empty', []),
  ];
  const hrefs = JSON.stringify(sidebar)
    .match(/"href":"[^"]*"/g)!
    .map((pair) => pair.slice(8, -1));
  const activePaths = [
    ...hrefs.flatMap((href) => [href, href.toUpperCase(), href.endsWith('/') ? href.slice(0, -1) : `${href}/`]),
    '/docs/api/get-dataset//',
    '/docs/api/unknown',
    '/docs',
    '',
  ];
  const items: SidebarItem[] = [];
  const gather = (list: SidebarItem[]) => list.forEach((item) => (items.push(item), item.items && gather(item.items)));
  gather(sidebar);
  const differences: string[] = [];
  const compare = (what: string, given: unknown, expected: unknown) => {
    if (JSON.stringify(given) !== JSON.stringify(expected))
      differences.push(`${what}: ${JSON.stringify(given)}, not ${JSON.stringify(expected)}`);
  };
  for (const activePath of activePaths) {
    for (const item of items) {
      compare(
        `active ${item.label} at ${activePath}`,
        after.isActiveSidebarItem(item, activePath),
        before.isActiveSidebarItem(item, activePath),
      );
      compare(
        `visible ${item.label} at ${activePath}`,
        after.isVisibleSidebarItem(item, activePath),
        before.isVisibleSidebarItem(item, activePath),
      );
    }
    for (const onlyCategories of [false, true]) {
      const crumbs = (functions: SidebarFunctions) =>
        functions
          .getSidebarBreadcrumbs({sidebarItems: sidebar, pathname: activePath, onlyCategories})
          .map((item) => item.label);
      compare(`breadcrumbs at ${activePath}`, crumbs(after), crumbs(before));
    }
  }
  expect(differences).toEqual([]);
  // The lookup is not idle: the page of an operation is active in its run, its tag and the run of tags above.
  expect(
    after.getSidebarBreadcrumbs({sidebarItems: sidebar, pathname: '/DOCS/API/GET-USER'}).map((item) => item.label),
  ).toEqual(['Alerts – Users', 'Users', '1 – 100', '/docs/api/get-user']);
});
