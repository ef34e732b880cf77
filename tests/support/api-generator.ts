import {readdirSync} from 'node:fs';
import path from 'node:path';
import {apiReferenceOptions, downloadsOf} from '../../config/api-reference';
import {buildApiReference, type ApiBuild, type ApiBuildSite} from '../../src/plugins/api-reference/build';
import {emptyFolder, writePageFile} from '../../src/plugins/api-reference/files';
import {scratchFolder} from './scratch';

export const OPENAPI_FIXTURES = 'tests/fixtures/openapi';

/** The origin the generated Markdown versions' links are absolute against. */
export const GENERATED_ORIGIN = 'https://vigil.example';

/** The files the generation wrote, folders' (`objects/dataset.object.mdx`) included, relative to `outputDir`. */
function filesIn(outputDir: string): string[] {
  return readdirSync(outputDir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(outputDir, path.join(entry.parentPath, entry.name)));
}

/**
 * Runs the real generation step of the build (the API reference plugin's loadContent: its build object, each page
 * written as it is made) on a fixture of tests/fixtures/openapi (or a file at an absolute path), into a scratch
 * folder, removed when the test process exits. `status` is 0 when it wrote the pages, 1 when it failed, with the
 * error's message as `output`; `build` is the build object (its pages' Markdown versions, manifest, sidebar).
 */
export function generateApiDocs(
  fixture: string,
  {asAnotherSite = false, site = {}}: {asAnotherSite?: boolean; site?: Partial<ApiBuildSite>} = {},
): {status: 0 | 1; output: string; outputDir: string; files: string[]; build?: ApiBuild} {
  const outputDir = scratchFolder('vigil-api-');
  const specPath = path.isAbsolute(fixture) ? fixture : `${OPENAPI_FIXTURES}/${fixture}`;
  // `asAnotherSite`: as the build does with VIGIL_OPENAPI_SPEC, the product and the variables of the description.
  const another = asAnotherSite
    ? {
        identity: undefined,
        downloads: downloadsOf(path.basename(specPath).replace(/\.(ya?ml|json)(\.gz)?$/i, '')),
        render: {...apiReferenceOptions.render, authenticationHelp: '/api#security-schemes'},
      }
    : {};
  try {
    emptyFolder(outputDir);
    const build = buildApiReference(
      {...apiReferenceOptions, ...another, specPath},
      {origin: GENERATED_ORIGIN, ...site},
      (page) => writePageFile(outputDir, page),
    );
    return {status: 0, output: '', outputDir, files: filesIn(outputDir), build};
  } catch (error) {
    return {status: 1, output: String((error as Error).stack ?? error), outputDir, files: filesIn(outputDir)};
  }
}
