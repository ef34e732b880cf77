// How the bundles are split where the API reference's pages make them grow: the browser's, where every page of the
// reference has a chunk of its own, and the server's, which renders every page at build time, in one process, and is
// deleted after (no reader downloads it). The API plugin, which makes those pages, sets both.
import {realpathSync} from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {PAGE_DATA_FILE, SERVER_PAGE_DATA_LOADER} from './page-data/server-rule';

/** The bundler configuration a plugin's configureWebpack is given (webpack's or rspack's). */
type BundlerConfiguration = Parameters<NonNullable<Plugin['configureWebpack']>>[0];

/**
 * How many pages' chunks must use a module for it to go into a chunk of its own whatever its size. A smaller module
 * than the bundler's minimum shared by fewer pages stays in each of their chunks. At 2 (every shared module split
 * off), Vigil's pages downloaded twice as many files (13 → 27 on /docs/intro) and 3 to 4 kB more gzipped JavaScript
 * each; at 50, one file more on the pages with tabs or an API object and 95 to 374 bytes more, and the site's scripts
 * are 7.67 → 7.22 MB (copies gone).
 */
const PAGES_THAT_SHARE_A_CHUNK = 50;

/**
 * The browser bundle's split (configureWebpack, the browser's only): a module of the site's own (`<siteDir>/src/`,
 * matched on its whole path, so that a folder named `src` above the site or in a package does not count) that two or
 * more of the pages' chunks import goes into a chunk of its own, one per set of chunks that share it, as webpack's
 * default group does. Docusaurus turns that group off, so each page's chunk carried its own copy:
 * - the API page components were in each of the 106 chunks of Vigil's operation and webhook pages (2.5 kB of each,
 *   gzipped), downloaded again on every page a reader opened;
 * - at scale the bundler's module concatenation went over every copy's importers: at 2,500 operations it spent 84 of
 *   the 141 s of bundling there.
 * A module is split off only past the bundler's minimum size (20 kB), and modules shared by the same pages go together,
 * so a doc page downloads only the code it uses, as before.
 *
 * Below that size a module stayed in every chunk that uses it, whoever's it is: at 2,500 operations the object page's
 * component was in 2,839 chunks and the tabs' two modules of the docs theme in 2,566, and module concatenation spent
 * 42.6 of the 86.8 s of bundling going over their copies' importers (Rspack's own trace). The second group takes a
 * module that PAGES_THAT_SHARE_A_CHUNK or more chunks use, whatever its size (what each threshold costs: at the
 * constant).
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
        sharedByManyPages: {
          chunks: 'async',
          minChunks: PAGES_THAT_SHARE_A_CHUNK,
          minSize: 0,
          priority: -30,
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
 * - Every module is written once. Docusaurus builds the server bundle without splitting chunks, so each page's chunk
 *   carried a copy of every module it uses: the API page components, their style modules, the code block. The
 *   rendering process loads every page's chunk and keeps its source: 1,550 chunks of 133 kB (the median) held 233 MB
 *   of a 598 MB heap after rendering 300 operations. The group below takes the modules two or more chunks use; as it
 *   has a name, Rspack puts every module of the async chunks into that one chunk (measured: 2 chunks, `main` and
 *   `server-shared`, on the site and at 1,000 operations), which loads with the first page. Without a name (a chunk
 *   per set of chunks that share modules, 408 on the site) a build of 1,000 operations rendered in 53.2 s instead of
 *   45.4 s, reading 3,086 files, and kept 468 MB after rendering instead of 508: the pages' data was most of that
 *   text, and the server bundle no longer holds it (page-data/).
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
 * Fails the server compilation if a module is still written into more than one chunk (the split above did not take
 * effect: an option renamed, another plugin's settings winning the merge, and every page's chunk would carry its
 * copies again), or if a page's data module under `pagesDir` (a folder, with its separator) was bundled as its data,
 * not as the reader of its file that page-data/server-page-data-loader.cjs makes of it (the rule did not match: the
 * server would keep every page's data to the end of the build again).
 */
export class ServerChunksCheck {
  constructor(private readonly pagesDir: string) {}

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
        // A module's identifier names its file last, after the loaders that made it.
        const pageData = [...chunksOf.keys()].filter((id) => id.includes(this.pagesDir) && PAGE_DATA_FILE.test(id));
        const asData = pageData.filter((id) => !id.includes(SERVER_PAGE_DATA_LOADER));
        if (asData.length > 0)
          compilation.errors.push(
            new Error(
              `src/plugins/api-reference/bundles.ts: ${asData.length} of the ${pageData.length} page data modules are in the server bundle as their data, not as readers of their files, e.g. ${asData[0]}`,
            ),
          );
        else
          console.log(
            `[INFO] API reference: the server bundle reads ${pageData.length} pages' data from their files when they render.`,
          );
      });
    });
  }
}
