import {readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {siteRequire} from './wing-files';

const {markApplied} = siteRequire('./src/upstream/applied.cjs') as {markApplied: (name: string) => void};

const NAME = 'route-chunk-scripts';

/** The part of the bundler's compilation this reads: each named chunk group and the requests that made it. */
type Compilation = {
  namedChunkGroups: ReadonlyMap<string, {readonly origins: ReadonlyArray<{request?: string | null}>}>;
};
type Compiler = {hooks: {afterEmit: {tap: (name: string, hook: (compilation: Compilation) => void) => void}}};

/** The client manifest Docusaurus' react-loadable plugin writes (`entrypoints`, `origins`, `assets`). */
type ClientManifest = {entrypoints: string[]; origins: Record<string, string[]>; assets: Record<string, unknown>};

/**
 * Adds to the client manifest, under each route module's path, the chunks its chunk is loaded with.
 *
 * Docusaurus renders each page's scripts from the modules react-loadable reports while the page renders: the
 * registry's module paths (`"@site/docs/intro.md"`). The manifest (react-loadable-ssr-addon-v5-slorber, written
 * when the client bundle is emitted) keys a bundle's chunks by chunk name (`"0e384e19"`), so no reported module
 * is found and every page lists the entry scripts only: the browser learnt the page's own scripts from the main
 * bundle once it had downloaded and run, a second round trip before the page could hydrate. Each `import()` of
 * the registry is a chunk group named after its chunk whose origin is the module's path: that is the key added,
 * with the same chunks as the name's. Why and what it gains: src/upstream/README.md.
 */
export function addModulePathOrigins(manifest: ClientManifest, compilation: Compilation): number {
  let added = 0;
  for (const [chunkName, group] of compilation.namedChunkGroups) {
    const chunks = manifest.origins[chunkName];
    if (!chunks) continue;
    for (const {request} of group.origins) {
      if (!request || request === chunkName || manifest.origins[request]) continue;
      manifest.origins[request] = chunks;
      added += 1;
    }
  }
  return added;
}

/** The wing's plugin: after the browser bundle is emitted, the manifest is read, completed and written back. */
export function routeChunkScriptsPlugin(context: LoadContext): Plugin {
  // Where @docusaurus/core 3.7.0 has the manifest written (lib/webpack/client.js, `clientManifestPath`).
  const manifestFile = join(context.generatedFilesDir, 'client-manifest.json');
  return {
    name: `vigil-${NAME}`,
    configureWebpack(config, isServer) {
      // The manifest is written for the build's rendering only (`docusaurus start` renders in the browser).
      if (isServer || config.mode !== 'production') return {};
      const plugin = {
        apply(compiler: Compiler) {
          compiler.hooks.afterEmit.tap(`vigil-${NAME}`, (compilation) => {
            let manifest: ClientManifest;
            try {
              manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ClientManifest;
            } catch (error) {
              throw new Error(
                `src/upstream/${NAME}.ts: ${manifestFile} could not be read after the browser bundle was emitted (${(error as Error).message}); see src/upstream/README.md`,
              );
            }
            if (addModulePathOrigins(manifest, compilation) === 0) {
              throw new Error(
                `src/upstream/${NAME}.ts: no chunk group of the browser bundle has a module path and a chunk name the client manifest knows; the manifest or the registry changed shape (see src/upstream/README.md)`,
              );
            }
            writeFileSync(manifestFile, JSON.stringify(manifest));
            markApplied(NAME);
          });
        },
      };
      return {plugins: [plugin]};
    },
  };
}
