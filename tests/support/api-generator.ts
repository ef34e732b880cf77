import {spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, readdirSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

export const OPENAPI_FIXTURES = 'tests/fixtures/openapi';

/** Runs the real generation step (`npm run gen-api`) on a fixture of tests/fixtures/openapi (or a file at an absolute path), into a scratch folder. */
export function generateApiDocs(fixture: string) {
  const outputDir = mkdtempSync(path.join(tmpdir(), 'vigil-api-'));
  const result = spawnSync('node', ['scripts/generate-api-docs.mjs'], {
    encoding: 'utf8',
    env: {
      ...process.env,
      VIGIL_OPENAPI_SPEC: path.isAbsolute(fixture) ? fixture : `${OPENAPI_FIXTURES}/${fixture}`,
      VIGIL_API_DOCS_DIR: outputDir,
      NO_UPDATE_NOTIFIER: '1',
      FORCE_COLOR: '0',
    },
  });
  const files = existsSync(outputDir) ? readdirSync(outputDir) : [];
  return {status: result.status, output: result.stdout + result.stderr, outputDir, files};
}
