// The first route of a list that a pathname matches, found by a lookup instead of a scan (route-index-loader.cjs calls
// it from react-router-config's matchRoutes and the docs plugin's useDocRootMetadata; route-index.ts says why).
import {literalPath} from './static-route-match';

/** What a route of Docusaurus' route table tells matchPath. */
type RouteLike = {path?: unknown; exact?: unknown; strict?: unknown; sensitive?: unknown};
type MatchPath<Route> = (pathname: string, route: Route) => unknown;
export type FoundRoute<Route> = {route: Route; position: number; match: unknown};

/**
 * The key under which a path and every pathname it matches meet: react-router's matchPath matches an exact route of
 * plain ASCII text, not strict nor case-sensitive, when the pathname is that text but for the case of ASCII letters
 * (the `i` flag without `u` never folds a character above 127 onto one below) and one slash at the end, on either.
 */
function pathKey(text: string): string {
  const trimmed = text.endsWith('/') ? text.slice(0, -1) : text;
  return trimmed.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/**
 * A route the lookup can stand for: exact, not strict nor case-sensitive, its path plain text as route-matching reads
 * it (static-route-match.ts: printable ASCII without path-to-regexp's syntax or escapes), not empty (matchRoutes hands
 * an empty path its parent's match), and not ending in two slashes (the expression of `/a//` also matches `/a/`,
 * which a key without one trailing slash would not find).
 */
function indexable(route: RouteLike): route is RouteLike & {path: string} {
  return (
    typeof route.path === 'string' &&
    route.exact === true &&
    !route.strict &&
    !route.sensitive &&
    route.path !== '' &&
    literalPath(route.path) === route.path &&
    !route.path.endsWith('//')
  );
}

/** Each list's first position of every key, or null when a route of the list is one the lookup cannot stand for. */
const indexes = new WeakMap<readonly RouteLike[], Map<string, number> | null>();

function indexOf(routes: readonly RouteLike[]): Map<string, number> | null {
  let index = indexes.get(routes);
  if (index === undefined) {
    index = new Map();
    for (let position = 0; position < routes.length; position += 1) {
      const route = routes[position];
      if (!indexable(route)) {
        index = null;
        break;
      }
      const key = pathKey(route.path);
      if (!index.has(key)) index.set(key, position);
    }
    indexes.set(routes, index);
  }
  return index;
}

/**
 * The first route of `routes` that `matchPath` matches `pathname` with, as a scan in order finds it, with
 * `matchPath`'s answer; null when none does. Undefined when a route of the list is not an exact plain path: the
 * caller then scans as before. Only the route the lookup finds is matched: a scan would have matched every route
 * before it, and a list of a docs version holds every page of it, so every render walked all the pages.
 */
export function firstMatchingRoute<Route extends RouteLike>(
  routes: readonly Route[],
  pathname: string,
  matchPath: MatchPath<Route>,
): FoundRoute<Route> | null | undefined {
  if (typeof pathname !== 'string') return undefined;
  const index = indexOf(routes);
  if (index === null) return undefined;
  const position = index.get(pathKey(pathname));
  if (position === undefined) return null;
  const match = matchPath(pathname, routes[position]);
  // The key and matchPath always agree; if they ever did not, the scan answers.
  if (!match) return undefined;
  return {route: routes[position], position, match};
}

const onlyRoutes = new WeakMap<object, object[]>();

/**
 * The list to hand react-router-config's renderRoutes instead of every route of a docs version: the route found,
 * under the key renderRoutes gives it in the whole list (`route.key || position`), so moving to another page of the
 * version renders what it rendered before. Its `<Switch>` picks the same route: the first that matches.
 */
export function foundRouteOnly<Route extends object & {key?: unknown}>(found: FoundRoute<Route>): Route[] {
  let list = onlyRoutes.get(found.route) as Route[] | undefined;
  if (list === undefined) {
    list = [{...found.route, key: found.route.key || found.position}];
    onlyRoutes.set(found.route, list);
  }
  return list;
}
