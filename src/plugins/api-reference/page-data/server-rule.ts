// The server bundle's rule for the API pages' data modules: each is compiled into a reader of its file
// (server-page-data-loader.cjs), not into its data. The API plugin's configureWebpack adds it to the server's only.
import path from 'node:path';

/** The loader's file: the server check (../bundles.ts) finds it in each data module's identifier. */
export const SERVER_PAGE_DATA_LOADER = path.join(__dirname, 'server-page-data-loader.cjs');

/** A page's data module, as ../files.ts names it. */
export const PAGE_DATA_FILE = /\.page\.js$/;

/** The rule for the data modules under `outputDir`. */
export function serverPageDataRule(outputDir: string) {
  return {
    test: PAGE_DATA_FILE,
    include: outputDir,
    // Before the site's JavaScript loader, which then compiles the reader, not the data.
    enforce: 'pre' as const,
    use: [{loader: SERVER_PAGE_DATA_LOADER}],
  };
}
