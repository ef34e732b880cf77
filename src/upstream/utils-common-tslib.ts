import type {Plugin} from '@docusaurus/types';
import {moduleLoaderPlugin} from './module-loader-plugin';

/**
 * @docusaurus/utils-common's entry module (CommonJS, compiled by tsc with importHelpers) requires all of
 * `tslib` for one `__importDefault`; the browser code of Docusaurus imports it (Link, SiteMetadata,
 * the error boundary), so the whole of tslib (3.8 kB gzipped) was in the main bundle of every page. The
 * loader drops the helper, which returns the module itself since applyTrailingSlash.js sets __esModule,
 * in the browser bundle only, and fails the build if the module no longer looks as expected.
 */
export function utilsCommonTslibPlugin(): Plugin {
  return moduleLoaderPlugin({
    name: 'utils-common-tslib',
    test: /@docusaurus[\\/]utils-common[\\/]lib[\\/]index\.js$/,
    loader: 'utils-common-tslib-loader.cjs',
    browserOnly: true,
  });
}
