import type {Plugin} from '@docusaurus/types';
import {moduleLoaderPlugin} from './module-loader-plugin';

/**
 * Every sidebar category the theme renders asks whether the page being read is below it
 * (`isActiveSidebarItem`, and `isVisibleSidebarItem` for each item of a list), and the docs plugin answers by walking
 * every item below, comparing paths; the breadcrumbs walk the sidebar again. A page renders the top level and the
 * categories open to it, so each render walked the whole sidebar several times, in the browser at each navigation
 * and in the build for every page: at 2,500 operations (5,828 pages) `isSamePath` under `isActiveSidebarItem` took
 * 15.6 s of 160 s. The loader makes the walk a lookup: the paths under a list, in the form `isSamePath` compares, are
 * gathered the first time it is asked about (sidebar-path-lookup.ts), and the breadcrumbs skip a category that does
 * not hold the page. Same answers. Both bundles. Why and what it gains: src/upstream/README.md.
 */
export function sidebarIndexPlugin(): Plugin {
  return moduleLoaderPlugin({
    name: 'sidebar-index',
    test: /@docusaurus[\\/]plugin-content-docs[\\/]lib[\\/]client[\\/]docsUtils\.js$/,
    loader: 'sidebar-index-loader.cjs',
  });
}
