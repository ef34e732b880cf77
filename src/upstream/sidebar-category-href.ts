import type {Plugin} from '@docusaurus/types';
import {moduleLoaderPlugin} from './module-loader-plugin';

/**
 * Every sidebar category of @docusaurus/theme-classic reads whether the page has hydrated (`useIsBrowser`), so each
 * renders again, with its collapsible list and its link, right after hydration: on an API page at 1280 px the 21
 * categories and their links were most of the 206 components of that commit. The answer matters only to a category
 * without a link of its own, which links its first item until the page hydrates; a category with a link renders the
 * same either way. The loader reads it only for a category without a link, in the browser bundle only, and fails the
 * build if the hook no longer looks as expected.
 */
export function sidebarCategoryHrefPlugin(): Plugin {
  return moduleLoaderPlugin({
    name: 'sidebar-category-href',
    test: /@docusaurus[\\/]theme-classic[\\/]lib[\\/]theme[\\/]DocSidebarItem[\\/]Category[\\/]index\.js$/,
    loader: 'sidebar-category-href-loader.cjs',
    browserOnly: true,
  });
}
