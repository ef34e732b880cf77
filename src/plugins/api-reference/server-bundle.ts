// How the server bundle is built: it renders every page at build time, in one process, and is deleted after; no reader
// downloads it. Its costs grow with the pages of the reference, so the API plugin, which makes those pages, sets them.
import type {Plugin} from '@docusaurus/types';

/** The bundler configuration a plugin's configureWebpack is given (webpack's or rspack's). */
type BundlerConfiguration = Parameters<NonNullable<Plugin['configureWebpack']>>[0];

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
              `src/plugins/api-reference/server-bundle.ts: ${copied.length} modules are written into more than one chunk of the server bundle, e.g. ${copied[0]![0]} into ${copied[0]![1]}: the shared chunk was not split off`,
            ),
          );
      });
    });
  }
}
