import type {Plugin} from '@docusaurus/types';
import {siteRequire} from './wing-files';

/**
 * The API theme's request samples bundle postman-code-generators, which imports Node's `path`.
 * Browsers get path-browserify instead.
 */
export function browserPathFallbackPlugin(): Plugin {
  return {
    name: 'vigil-browser-path-fallback',
    configureWebpack() {
      return {resolve: {fallback: {path: siteRequire.resolve('path-browserify')}}};
    },
  };
}
