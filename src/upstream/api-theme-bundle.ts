import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** A route chunk of the API reference, by the module it loads (see .docusaurus/registry.js). */
function isApiModule(modulePath: string, apiDocsDir: string, apiPluginId: string): boolean {
  return (
    modulePath.startsWith(`@site/${apiDocsDir}/`) ||
    modulePath.startsWith('@theme/Api') ||
    modulePath.startsWith(`@generated/docusaurus-plugin-content-docs/${apiPluginId}/`)
  );
}

/** Names of the route chunks of the API reference, read from the route registry Docusaurus generated. */
function apiChunkNames(generatedFilesDir: string, apiDocsDir: string, apiPluginId: string): Set<string> {
  const registryFile = join(generatedFilesDir, 'registry.js');
  const registry = readFileSync(registryFile, 'utf8');
  const entries = [...registry.matchAll(/webpackChunkName: "([^"]+)" \*\/ "([^"]+)"/g)];
  if (entries.length === 0) {
    throw new Error(`${registryFile} lists no route chunks: its format is not the one this plugin reads`);
  }
  const apiChunks = new Set(entries.filter(([, , modulePath]) => isApiModule(modulePath, apiDocsDir, apiPluginId)).map(([, name]) => name));
  if (apiChunks.size === 0) {
    throw new Error(`${registryFile} names no route chunk of the API reference: the module paths are no longer the ones this plugin reads`);
  }
  return apiChunks;
}

/**
 * Docusaurus moves modules used by more than half of all pages into a `common` chunk that every page
 * loads. With a hundred API operation pages, that chunk was the API theme, loaded by every doc and blog
 * page. This keeps the API reference's route chunks out of `common` and gives the modules they share a
 * chunk of their own, `api-theme`, which only API pages load.
 */
export function apiThemeBundlePlugin({apiDocsDir, apiPluginId}: {apiDocsDir: string; apiPluginId: string}) {
  return function apiThemeBundle(context: {generatedFilesDir: string}): Plugin {
    return {
      name: 'vigil-api-theme-bundle',
      configureWebpack(_config, isServer) {
        if (isServer) return {};
        const apiChunks = apiChunkNames(context.generatedFilesDir, apiDocsDir, apiPluginId);
        const isApiChunk = (chunk: {name?: string | null}) => Boolean(chunk.name && apiChunks.has(chunk.name));
        return {
          optimization: {
            splitChunks: {
              cacheGroups: {
                common: {chunks: (chunk: {name?: string | null}) => !isApiChunk(chunk)},
                apiTheme: {name: 'api-theme', chunks: isApiChunk, minChunks: 2, priority: 45, reuseExistingChunk: true},
              },
            },
          },
        };
      },
    };
  };
}
