// How the bundles are split where the API reference's pages make them grow: the browser's, where every page of the
// reference has a chunk of its own, and the server's, which renders every page at build time, in one process, and is
// deleted after (no reader downloads it). The API plugin, which makes those pages, sets both.
import {realpathSync} from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** The bundler configuration a plugin's configureWebpack is given (webpack's or rspack's). */
type BundlerConfiguration = Parameters<NonNullable<Plugin['configureWebpack']>>[0];

/**
 * The browser bundle's split (configureWebpack, the browser's only): a module of the site's own (`<siteDir>/src/`,
 * matched on its whole path, so that a folder named `src` above the site or in a package does not count) that two or
 * more of the pages' chunks import goes into a chunk of its own, one per set of chunks that share it, as webpack's
 * default group does. Docusaurus turns that group off, so each page's chunk carried its own copy:
 * - the API page components were in each of the 106 chunks of Vigil's operation and webhook pages (2.5 kB of each,
 *   gzipped), downloaded again on every page a reader opened;
 * - at scale the bundler's module concatenation went over every copy's importers: at 2,500 operations it spent 84 of
 *   the 141 s of bundling there.
 * A module is split off only past the bundler's minimum size, and modules shared by the same pages go together, so a
 * doc page downloads only the code it uses, as before.
 */
export function clientBundleOptimization(siteDir: string) {
  // The bundler matches a module by its resolved path.
  const siteSource = path.join(realpathSync(siteDir), 'src') + path.sep;
  return {
    splitChunks: {
      cacheGroups: {
        sharedByPages: {
          test: new RegExp(`^${siteSource.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
          chunks: 'async',
          minChunks: 2,
          priority: -20,
          reuseExistingChunk: true,
        },
      },
    },
  } satisfies BundlerConfiguration['optimization'];
}

/**
 * The server bundle's optimization settings (configureWebpack, the server's only).
 * - Its modules are not joined into scopes (concatenateModules): with a chunk per page, rspack spent 35 of 53 s of
 *   bundling there on a description of 300 operations (1,489 pages), and the bundling of 1,000 operations took 171 s
 *   with it, 67 s without.
 * - The modules that two or more of its chunks use are written once, into one chunk of their own. Docusaurus builds
 *   the server bundle without splitting chunks, so each page's chunk carried a copy of every module it uses: the API
 *   page components, their style modules, the code block. The rendering process loads every page's chunk and keeps
 *   its source: 1,550 chunks of 133 kB (the median) held 233 MB of a 598 MB heap after rendering 300 operations.
 */
export const SERVER_BUNDLE_OPTIMIZATION = {
  concatenateModules: false,
  splitChunks: {
    chunks: 'async',
    minSize: 0,
    cacheGroups: {
      default: false,
      defaultVendors: false,
      shared: {name: 'server-shared', chunks: 'async', minChunks: 2, minSize: 0, enforce: true},
    },
  },
} satisfies BundlerConfiguration['optimization'];

/** What the check needs of a compiler (rspack's or webpack's): its compilations' chunks and their modules. */
type CheckedModule = {identifier(): string};
type CheckedCompilation = {
  chunks: Iterable<unknown>;
  chunkGraph: {getChunkModulesIterable(chunk: unknown): Iterable<CheckedModule>};
  errors: Error[];
  hooks: {afterSeal: {tap(name: string, hook: () => void): void}};
};
type CheckedCompiler = {
  hooks: {thisCompilation: {tap(name: string, hook: (compilation: CheckedCompilation) => void): void}};
};

/**
 * Fails the server compilation if a module is still written into more than one chunk: the split above did not take
 * effect (an option renamed, another plugin's settings winning the merge), and every page's chunk would carry its
 * copies again.
 */
export class ServerChunksCheck {
  apply(compiler: CheckedCompiler) {
    compiler.hooks.thisCompilation.tap('vigil-server-chunks', (compilation) => {
      compilation.hooks.afterSeal.tap('vigil-server-chunks', () => {
        const chunksOf = new Map<string, number>();
        for (const chunk of compilation.chunks)
          for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
            const id = module.identifier();
            chunksOf.set(id, (chunksOf.get(id) ?? 0) + 1);
          }
        const copied = [...chunksOf].filter(([, chunks]) => chunks > 1);
        if (copied.length > 0)
          compilation.errors.push(
            new Error(
              `src/plugins/api-reference/bundles.ts: ${copied.length} modules are written into more than one chunk of the server bundle, e.g. ${copied[0]![0]} into ${copied[0]![1]}: the shared chunk was not split off`,
            ),
          );
      });
    });
  }
}
