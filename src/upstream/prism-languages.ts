import type {LoadContext, Plugin} from '@docusaurus/types';
import {appliedLoader} from './module-loader-plugin';
import {wingFile} from './wing-files';

/**
 * theme-classic's `prism-include-languages` client module, which every page runs, only imports
 * prism-react-renderer to add `themeConfig.prism.additionalLanguages` (none here), and by doing so put Prism and its
 * 40 grammars into every page's main bundle. This plugin empties it at bundle time: code is highlighted at build
 * time (src/plugins/static-code-blocks.ts, with the grammars of config/code-languages.ts), so no page needs Prism
 * in the browser. Its loader fails the build if the client module changes or additionalLanguages is set.
 */
export function prismLanguagesPlugin() {
  return function prismLanguages(context: LoadContext): Plugin {
    const {additionalLanguages = []} = (context.siteConfig.themeConfig.prism ?? {}) as {additionalLanguages?: string[]};
    return {
      name: 'vigil-prism-languages',
      configureWebpack() {
        return {
          module: {
            rules: [
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
