import {createRequire} from 'node:module';
import type {Plugin} from '@docusaurus/types';

const require = createRequire(import.meta.url);

type ModuleLoaderPatch = {
  /** The plugin's name. */
  name: string;
  /** The one module of another package the loader rewrites. */
  test: RegExp;
  /** The loader's file name in src/patches/; it fails the build when the module no longer looks as expected. */
  loader: string;
  /** Rewrite the module in the browser bundle only, leaving the server bundle (the build's rendering) as it is. */
  browserOnly?: boolean;
};

/** A bundle-time patch: a Docusaurus plugin whose webpack rule runs one loader of this folder on one module. */
export function moduleLoaderPlugin({name, test, loader, browserOnly = false}: ModuleLoaderPatch): Plugin {
  return {
    name,
    configureWebpack(_config, isServer) {
      if (browserOnly && isServer) return {};
      return {module: {rules: [{test, use: [{loader: require.resolve(`./${loader}`)}]}]}};
    },
  };
}
