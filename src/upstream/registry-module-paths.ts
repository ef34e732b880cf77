import type {Plugin} from '@docusaurus/types';
import {moduleLoaderPlugin} from './module-loader-plugin';

/**
 * The registry Docusaurus generates (`.docusaurus/registry.js`) gives each chunk its loader, its module's path
 * (`"@site/api/get-dataset.api.mdx"`) and its module id. Only the server reads the path: react-loadable reports it to
 * `Loadable.Capture` while a page is rendered, and the build turns the reported paths into the page's scripts. In the
 * browser nothing captures, and the paths, one per page of the site, sit in the bundle every page loads, far from
 * the routes that repeat their words (gzip finds little to share). The loader writes an empty path in the browser
 * bundle's registry. Why and what it gains: src/upstream/README.md.
 */
export function registryModulePathsPlugin(): Plugin {
  return moduleLoaderPlugin({
    name: 'registry-module-paths',
    // The generated files' folder is `.docusaurus`, or the name DOCUSAURUS_GENERATED_FILES_DIR_NAME gives.
    test: /[\\/]\.docusaurus[\\/]registry\.js$/,
    loader: 'registry-module-paths-loader.cjs',
    browserOnly: true,
  });
}
