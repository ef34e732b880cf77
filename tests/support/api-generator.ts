import {mkdtempSync, readdirSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {apiReferenceOptions, downloadsOf} from '../../config/api-reference';
import {writeApiPages} from '../../src/plugins/api-pages/generate';

export const OPENAPI_FIXTURES = 'tests/fixtures/openapi';

/**
 * Runs the real generation step of the build (writeApiPages, which the API reference plugin runs when the build
 * starts) on a fixture of tests/fixtures/openapi (or a file at an absolute path), into a scratch folder. `status`
 * is 0 when it wrote the pages, 1 when it failed, with the error's message as `output`.
 */
export function generateApiDocs(fixture: string, {asAnotherSite = false}: {asAnotherSite?: boolean} = {}) {
  const outputDir = mkdtempSync(path.join(tmpdir(), 'vigil-api-'));
  const specPath = path.isAbsolute(fixture) ? fixture : `${OPENAPI_FIXTURES}/${fixture}`;
  // `asAnotherSite`: as the build does with VIGIL_OPENAPI_SPEC, the product and the variables of the description.
  const site = asAnotherSite
    ? {
        identity: undefined,
        downloads: downloadsOf(path.basename(specPath).replace(/\.(ya?ml|json)(\.gz)?$/i, '')),
        render: {...apiReferenceOptions.render, authenticationHelp: '/api#security-schemes'},
      }
    : {};
  try {
    writeApiPages({...apiReferenceOptions, ...site, specPath, outputDir});
    return {status: 0, output: '', outputDir, files: readdirSync(outputDir)};
  } catch (error) {
    return {status: 1, output: String((error as Error).stack ?? error), outputDir, files: readdirSync(outputDir)};
  }
}
