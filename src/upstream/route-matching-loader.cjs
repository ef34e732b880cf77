// Bundle-time patch of react-router's matchPath (see route-matching.ts).
const path = require('node:path');
const {markApplied} = require('./applied.cjs');

// matchPath's reduce over the paths it is given: each is compiled (compilePath$1) and its expression run.
const COMPILE = `    if (matched) return matched;

    var _compilePath = compilePath$1(path, {
      end: exact,
      strict: strict,
      sensitive: sensitive
    }),`;
const STATIC_MATCH = `    if (matched) return matched;

    // A path without parameters is compared as text: the same answer, no expression compiled or cached
    // (src/upstream/route-matching.ts).
    var literal = strict || typeof pathname !== "string" ? null : __vigilStaticRouteMatch.literalPath(path);
    if (literal !== null) {
      var staticUrl = __vigilStaticRouteMatch.matchedStaticPart(pathname, literal, exact, sensitive);
      if (staticUrl === null) return null;
      var staticIsExact = pathname === staticUrl;
      if (exact && !staticIsExact) return null;
      return {
        path: path,
        url: path === "/" && staticUrl === "" ? "/" : staticUrl,
        isExact: staticIsExact,
        params: {}
      };
    }

    var _compilePath = compilePath$1(path, {
      end: exact,
      strict: strict,
      sensitive: sensitive
    }),`;
// The rest of the reduce, which the text comparison must answer like: the match, its url and isExact.
const RESULT = `    var match = regexp.exec(pathname);
    if (!match) return null;
    var url = match[0],
        values = match.slice(1);
    var isExact = pathname === url;
    if (exact && !isExact) return null;`;

module.exports = function routeMatchingLoader(source) {
  if (source.split(COMPILE).length !== 2 || source.split(RESULT).length !== 2) {
    throw new Error(
      `${this.resourcePath}: expected matchPath to compile each path with compilePath$1 and read the match as react-router 5.3.4 does; react-router changed, review src/upstream/route-matching.ts`,
    );
  }
  // The server bundle (the build's rendering, a page at a time) and the browser's are recorded apart: both must run it.
  const target = String(this._compiler?.options?.target ?? '');
  markApplied(target.startsWith('node') ? 'route-matching (server)' : 'route-matching');
  const matcher = JSON.stringify(path.join(__dirname, 'static-route-match.ts'));
  return `import * as __vigilStaticRouteMatch from ${matcher};\n${source.replace(COMPILE, STATIC_MATCH)}`;
};
