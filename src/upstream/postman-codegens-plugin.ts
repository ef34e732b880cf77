import type {Plugin} from '@docusaurus/types';
import {wingFile} from './wing-files';

/**
 * The browser bundle's `path` for the snippet writers of postman-code-generators (postman-codegens.ts), which the
 * "your values" panel of the API reference runs: two of them require Node's `path` for `path.sep`. Webpack 5
 * gives the browser no Node modules; this fallback gives them `{sep: '/'}` (posix-path.cjs).
 */
export function postmanCodegensPlugin(): Plugin {
  return {
    name: 'vigil-upstream-postman-codegens',
    configureWebpack(_config, isServer) {
      return isServer ? {} : {resolve: {fallback: {path: wingFile('posix-path.cjs')}}};
    },
  };
}
