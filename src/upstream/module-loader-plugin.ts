import type {Plugin} from '@docusaurus/types';
import {wingFile} from './wing-files';

/** The rule entry that records, once the loaders after it have run, that `name` changed its module (applied.cjs). */
export function appliedLoader(name: string) {
  return {loader: wingFile('applied-loader.cjs'), options: {name}};
}

type ModuleLoaderPatch = {
  /** The intervention's name (index.ts), recorded when its loader has run. */
  name: string;
  /** The module of another package the loader rewrites (or each of them). */
  test: RegExp | RegExp[];
  /** The loader's file name in src/upstream/; it fails the build when the module no longer looks as expected. */
  loader: string;
  /** Rewrite the module in the browser bundle only, leaving the server bundle (the build's rendering) as it is. */
  browserOnly?: boolean;
};

/** A bundle-time patch: a Docusaurus plugin whose webpack rule runs one loader of this folder on one module. */
export function moduleLoaderPlugin({name, test, loader, browserOnly = false}: ModuleLoaderPatch): Plugin {
  return {
    name: `vigil-${name}`,
    configureWebpack(_config, isServer) {
      if (browserOnly && isServer) return {};
      // Loaders run last to first: the record is made after the patch's loader has rewritten the module.
      return {module: {rules: [{test, use: [appliedLoader(name), {loader: wingFile(loader)}]}]}};
    },
  };
}
