import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin, PluginModule} from '@docusaurus/types';
import {loadOpenApiDescription} from '../openapi';

export type OpenApiSourceOptions = {
  /** The OpenAPI description, relative to the site directory. */
  specPath: string;
  /** Where the downloadable YAML and JSON copies are written, relative to the site directory (a static directory). */
  downloadDir: string;
  /** File name, without extension, of the downloadable copies. */
  downloadName: string;
};

/**
 * Validates the OpenAPI description as soon as the site configuration loads (so `gen-api-docs` and
 * `build` stop before generating anything from a broken file) and publishes it as YAML and JSON.
 */
export function openApiSourcePlugin(options: OpenApiSourceOptions): PluginModule {
  return (context: LoadContext): Plugin => {
    const specFile = path.resolve(context.siteDir, options.specPath);
    const relativeSpec = path.relative(process.cwd(), specFile) || options.specPath;
    loadOpenApiDescription(relativeSpec);
    return {
      name: 'vigil-openapi-source',
      getPathsToWatch() {
        return [specFile];
      },
      async loadContent() {
        const document = loadOpenApiDescription(relativeSpec);
        const dir = path.resolve(context.siteDir, options.downloadDir);
        if (!existsSync(dir)) {
          mkdirSync(dir, {recursive: true});
        }
        writeFileSync(path.join(dir, `${options.downloadName}.yaml`), readFileSync(specFile));
        writeFileSync(path.join(dir, `${options.downloadName}.json`), `${JSON.stringify(document, null, 2)}\n`);
      },
    };
  };
}
