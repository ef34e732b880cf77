import type {Plugin} from '@docusaurus/types';
import {moduleLoaderPlugin} from './module-loader-plugin';

/**
 * The docs plugin's preferred-version provider reads browser storage once the page has mounted and stores what it
 * read as a new state object, even when it read what the server rendered with (no preferred version, the case of a
 * site with one version per docs instance). The context's value changes, so every reader of it renders again right
 * after hydration: the navbar's doc items and their links (10 of the 74 components of that commit on
 * `/docs/api/update-datastore` at 1280 px). The loader keeps the previous state when every docs instance's
 * preferred version read is the one it has, so React skips the update; a version found in storage still updates it.
 * In the browser bundle only (the server renders before any effect).
 */
export function docsPreferredVersionPlugin(): Plugin {
  return moduleLoaderPlugin({
    name: 'docs-preferred-version',
    test: /@docusaurus[\\/]plugin-content-docs[\\/]lib[\\/]client[\\/]docsPreferredVersion\.js$/,
    loader: 'docs-preferred-version-loader.cjs',
    browserOnly: true,
  });
}
