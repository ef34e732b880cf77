// Bundle-time patch of react-router-config's matchRoutes and the docs plugin's useDocRootMetadata (see
// route-index.ts): each finds the page's route in a docs version's list by a lookup (route-list-lookup.ts).
const path = require('node:path');
const {markApplied} = require('./applied.cjs');

const HELPER = JSON.stringify(path.join(__dirname, 'route-list-lookup.ts'));

// react-router-config 5.1.1: matchRoutes walks a list with `some` up to the first route that matches.
const MATCH_ROUTES_WALK = `  routes.some(function (route) {
    var match = route.path ? matchPath(pathname, route)`;
const MATCH_ROUTES_LOOKUP = `  // A list of exact plain paths is looked up (src/upstream/route-list-lookup.ts): the route the walk stops at.
  var __vigilFound = __vigilRouteIndex.firstMatchingRoute(routes, pathname, matchPath);
  if (__vigilFound !== undefined) {
    if (__vigilFound !== null) {
      branch.push({
        route: __vigilFound.route,
        match: __vigilFound.match
      });
      if (__vigilFound.route.routes) {
        matchRoutes(__vigilFound.route.routes, pathname, branch);
      }
    }
    return branch;
  }

${MATCH_ROUTES_WALK}`;

// @docusaurus/plugin-content-docs 3.7.0: the docs layout finds the page's route, then renders every route of the
// version in a <Switch>, which matches them in order again.
const DOC_ROUTE_FIND =
  '    const currentDocRoute = docRoutes.find((docRoute) => matchPath(location.pathname, docRoute));\n';
const DOC_ROUTE_LOOKUP = `    // Looked up, not walked (src/upstream/route-list-lookup.ts); the <Switch> below gets the route found alone.
    const __vigilFound = __vigilRouteIndex.firstMatchingRoute(docRoutes, location.pathname, matchPath);
    const currentDocRoute = __vigilFound === undefined
        ? docRoutes.find((docRoute) => matchPath(location.pathname, docRoute))
        : __vigilFound?.route;
`;
const DOC_ROUTES_RENDER = '    const docElement = renderRoutes(docRoutes);\n';
const FOUND_ROUTE_RENDER =
  '    const docElement = renderRoutes(__vigilFound ? __vigilRouteIndex.foundRouteOnly(__vigilFound) : docRoutes);\n';

function rewrite(resourcePath, source, anchors) {
  for (const [anchor] of anchors) {
    if (source.split(anchor).length !== 2) {
      throw new Error(
        `${resourcePath}: expected to find ${JSON.stringify(anchor.trim().split('\n')[0])} once; the route lookup no longer fits, review src/upstream/route-index.ts`,
      );
    }
  }
  let rewritten = source;
  for (const [anchor, replacement] of anchors) rewritten = rewritten.replace(anchor, () => replacement);
  return `import * as __vigilRouteIndex from ${HELPER};\n${rewritten}`;
}

module.exports = function routeIndexLoader(source) {
  // The server bundle (the build's rendering, a page at a time) and the browser's are recorded apart: both must run it.
  const server = String(this._compiler?.options?.target ?? '').startsWith('node');
  const isDocsUtils = /[\\/]plugin-content-docs[\\/]lib[\\/]client[\\/]docsUtils\.js$/.test(this.resourcePath);
  const result = isDocsUtils
    ? rewrite(this.resourcePath, source, [
        [DOC_ROUTE_FIND, DOC_ROUTE_LOOKUP],
        [DOC_ROUTES_RENDER, FOUND_ROUTE_RENDER],
      ])
    : rewrite(this.resourcePath, source, [[MATCH_ROUTES_WALK, MATCH_ROUTES_LOOKUP]]);
  const name = isDocsUtils ? 'route-index (docs layout)' : 'route-index (matchRoutes)';
  markApplied(server ? `${name} (server)` : name);
  return result;
};
