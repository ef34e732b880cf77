import type {LoadContext, Plugin} from '@docusaurus/types';
import {appliedLoader} from './module-loader-plugin';
import {wingFile} from './wing-files';

/**
 * prism-react-renderer puts Prism with 40 grammars (Swift, Kotlin, Objective-C, Reason, Rust, C++...) and
 * 20 code themes into every page's main bundle, and the site highlights 7 languages with the 2 themes of
 * its config. This plugin replaces, at bundle time and for the server render as well as the browser, the
 * bundled grammars with those of config/code-languages.ts, read from the `prismjs` package, and leaves the
 * package's themes out. The loader fails the build if prism-react-renderer's layout changes so that either
 * is no longer found.
 *
 * It also empties theme-classic's `prism-include-languages` client module, which every page runs: it only
 * imports prism-react-renderer to add `themeConfig.prism.additionalLanguages` (none here: the grammars are
 * bundled by the loader above), and by doing so put Prism and its grammars into the main bundle. Prism then
 * goes only with the code that highlights in the browser (the theme's CodeBlock, which the API reference
 * uses; fences are highlighted at build time, src/plugins/static-code-blocks.ts). Its loader fails the
 * build if the client module changes or additionalLanguages is set.
 */
export function prismLanguagesPlugin({languages}: {languages: readonly string[]}) {
  return function prismLanguages(context: LoadContext): Plugin {
    const {additionalLanguages = []} = (context.siteConfig.themeConfig.prism ?? {}) as {additionalLanguages?: string[]};
    return {
      name: 'vigil-prism-languages',
      configureWebpack() {
        return {
          module: {
            rules: [
              {
                test: /prism-react-renderer[\\/]dist[\\/]index\.m?js$/,
                use: [
                  appliedLoader('prism-languages'),
                  {loader: wingFile('prism-languages-loader.cjs'), options: {languages}},
                ],
              },
              {
                test: /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages\.js$/,
                use: [
                  appliedLoader('prism-include-languages'),
                  {loader: wingFile('prism-include-languages-loader.cjs'), options: {additionalLanguages}},
                ],
              },
            ],
          },
        };
      },
    };
  };
}
