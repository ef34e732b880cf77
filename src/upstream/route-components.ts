import type {Plugin} from '@docusaurus/types';
import {moduleLoaderPlugin} from './module-loader-plugin';

/**
 * The route table Docusaurus generates (`.docusaurus/routes.js`) makes every route's component when the module is
 * evaluated: `component: ComponentCreator(path, hash)` per route, each a react-loadable component (a class, its
 * loaders looked up in the registry, two initializers pushed on react-loadable's global lists). A page needs the
 * components of the routes it matches, and a link those of the page it opens; the others were made on every page
 * load for nothing, one per page of the site. The loader makes each route's `component` a getter that makes it on
 * first read and keeps it (react-router-config's `renderRoutes` and core's `preload` read it of matched routes
 * only). Why and what it gains: src/upstream/README.md.
 */
export function routeComponentsPlugin(): Plugin {
  return moduleLoaderPlugin({
    name: 'route-components',
    // The generated files' folder is `.docusaurus`, or the name DOCUSAURUS_GENERATED_FILES_DIR_NAME gives.
    test: /[\\/]\.docusaurus[\\/]routes\.js$/,
    loader: 'route-components-loader.cjs',
  });
}
