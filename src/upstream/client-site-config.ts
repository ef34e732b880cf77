import type {Plugin} from '@docusaurus/types';
import {moduleLoaderPlugin} from './module-loader-plugin';

/**
 * Leaves the options only the build reads (`client-site-config-loader.cjs`: the presets' and plugins' options,
 * the page template) out of the site config Docusaurus generates for the browser bundle
 * (`.docusaurus/docusaurus.config.mjs`, imported as `@generated/docusaurus.config`). Why: src/upstream/README.md.
 */
export function clientSiteConfigPlugin(): Plugin {
  return moduleLoaderPlugin({
    name: 'client-site-config',
    test: /[\\/]\.docusaurus[\\/]docusaurus\.config\.mjs$/,
    loader: 'client-site-config-loader.cjs',
    browserOnly: true,
  });
}
