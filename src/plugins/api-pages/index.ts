import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin, PluginModule} from '@docusaurus/types';
import {apiDescription, writeApiPages, type ApiReferenceOptions} from './generate';

export {apiDescription, apiGroups, apiSidebar, rootPageId, tagPageId, writeApiPages} from './generate';
export type {ApiGroup, ApiReferenceOptions} from './generate';

export type ApiReferencePluginOptions = ApiReferenceOptions & {
  /** Where the downloadable YAML and JSON copies are written, relative to the site directory (a static directory). */
  downloadDir: string;
  /** File name, without extension, of the downloadable copies. */
  downloadName: string;
};

/**
 * The API reference, one pipeline: the description is loaded and validated once, when the plugin is made (a broken
 * file stops the build before anything is generated, naming the file, the JSON pointer and the problem); its pages
 * are written into the `api` docs plugin instance's folder then, before any plugin loads its content
 * (generate.ts); it is published as YAML and JSON; and the pages' components are this plugin's theme (`theme/`).
 */
export function apiReferencePlugin(options: ApiReferencePluginOptions): PluginModule {
  return (context: LoadContext): Plugin => {
    const specFile = path.resolve(context.siteDir, options.specPath);
    const {spec} = apiDescription(options.specPath);
    writeApiPages({...options, outputDir: path.resolve(context.siteDir, options.outputDir)});
    return {
      name: 'vigil-api-reference',
      getThemePath: () => path.join(__dirname, 'theme'),
      getPathsToWatch: () => [specFile],
      async loadContent() {
        // The folder holds only the copies of the description being built (a build of another description leaves
        // none of its own behind for the next build to publish).
        const dir = path.resolve(context.siteDir, options.downloadDir);
        rmSync(dir, {recursive: true, force: true});
        mkdirSync(dir, {recursive: true});
        writeFileSync(path.join(dir, `${options.downloadName}.yaml`), readFileSync(specFile));
        writeFileSync(path.join(dir, `${options.downloadName}.json`), `${JSON.stringify(spec, null, 2)}\n`);
      },
    };
  };
}
