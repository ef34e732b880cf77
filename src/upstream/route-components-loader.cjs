// Bundle-time patch of the route table Docusaurus generates (see route-components.ts).
const IMPORT = "import ComponentCreator from '@docusaurus/ComponentCreator';";
// codegenRoutes.js writes a route as `path: '<path>',` then `component: ComponentCreator('<path>', '<hash>')`, the same
// path unescaped between single quotes (a route path holds none); the not-found route's has no hash and stays as it is.
const ROUTE_COMPONENT = /path: ('[^'\n]*'),(\s*)component: ComponentCreator\(\1, ('[^'\n]*')\)/g;
const ANY_ROUTE_COMPONENT = /ComponentCreator\('[^'\n]*', /;

const MAKE_ON_FIRST_READ = `
/** A route's component, made on the first read of route.component and kept there (src/upstream/route-components.ts). */
function routeComponent(route, hash) {
  const component = ComponentCreator(route.path, hash);
  Object.defineProperty(route, 'component', {value: component, enumerable: true});
  return component;
}`;

module.exports = function routeComponentsLoader(source) {
  const routes = source.match(ROUTE_COMPONENT)?.length ?? 0;
  const patched = source
    .replace(IMPORT, `${IMPORT}\n${MAKE_ON_FIRST_READ}`)
    .replace(ROUTE_COMPONENT, 'path: $1,$2get component() { return routeComponent(this, $3); }');
  if (source.split(IMPORT).length !== 2 || routes === 0 || ANY_ROUTE_COMPONENT.test(patched)) {
    throw new Error(
      `${this.resourcePath}: expected the route table to import ComponentCreator and write each route as path: '<path>', component: ComponentCreator('<path>', '<hash>'); @docusaurus/core changed, review src/upstream/route-components.ts`,
    );
  }
  return patched;
};
