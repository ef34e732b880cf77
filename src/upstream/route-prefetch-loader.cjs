// Bundle-time patch of @docusaurus/core's window.docusaurus module (see route-prefetch.ts).
const {readFileSync} = require('node:fs');
const {join} = require('node:path');

const REPLACEMENT = join(__dirname, 'route-prefetch-client.js');
/** What the replacement reimplements: the module must still hold these, or the patch is out of date. */
const EXPECTED = [
  'const getChunkNamesToLoad = (path) => Object.entries(routesChunkNames)',
  'const chunkNamesNeeded = matches.flatMap((match) => getChunkNamesToLoad(match.route.path));',
  'const chunkAsset = __webpack_require__.gca(chunkName);',
  'return preloadHelper(routePath);',
  'const docusaurus = {\n    prefetch,\n    preload,\n};',
];

module.exports = function routePrefetchLoader(source) {
  const missing = EXPECTED.filter((line) => !source.includes(line));
  if (missing.length > 0) {
    throw new Error(
      `${this.resourcePath}: no longer holds ${missing.map((line) => JSON.stringify(line.split('\n')[0])).join(', ')}; @docusaurus/core changed, review src/upstream/route-prefetch.ts`,
    );
  }
  this.addDependency(REPLACEMENT);
  return readFileSync(REPLACEMENT, 'utf8');
};
