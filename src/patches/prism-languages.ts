import {createRequire} from 'node:module';
import type {Plugin} from '@docusaurus/types';

const require = createRequire(import.meta.url);

/**
 * prism-react-renderer puts Prism with 40 grammars (Swift, Kotlin, Objective-C, Reason, Rust, C++...) and
 * 20 code themes into every page's main bundle, and the site highlights 7 languages with the 2 themes of
 * its config. This plugin replaces, at bundle time and for the server render as well as the browser, the
 * bundled grammars with those of config/code-languages.ts, read from the `prismjs` package, and leaves the
 * package's themes out. The loader fails the build if prism-react-renderer's layout changes so that either
 * is no longer found.
 */
export function prismLanguagesPlugin({languages}: {languages: readonly string[]}) {
  return function prismLanguages(): Plugin {
    return {
      name: 'vigil-prism-languages',
      configureWebpack() {
        return {
          module: {
            rules: [
              {
                test: /prism-react-renderer[\\/]dist[\\/]index\.m?js$/,
                use: [{loader: require.resolve('./prism-languages-loader.cjs'), options: {languages}}],
              },
            ],
          },
        };
      },
    };
  };
}
