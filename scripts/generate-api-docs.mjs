#!/usr/bin/env node
// Regenerates the API reference pages from the OpenAPI description into a clean folder.
// The folder is emptied first: the generator never overwrites an existing sidebar.ts, and a removed
// operation must not leave its page behind. The OpenAPI file itself is validated by the
// openApiSourcePlugin as soon as Docusaurus loads the configuration, before anything is generated.
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readdirSync, rmSync} from 'node:fs';

// Same default as config/api-reference.ts; the tests point both at a scratch folder.
const outputDir = process.env.VIGIL_API_DOCS_DIR ?? 'api';

rmSync(outputDir, {recursive: true, force: true});
mkdirSync(outputDir, {recursive: true});

// Docusaurus is pinned at 3.7.0 (README): its update notice is noise here.
const result = spawnSync('npx', ['docusaurus', 'gen-api-docs', 'all'], {
  stdio: 'inherit',
  env: {...process.env, NO_UPDATE_NOTIFIER: '1'},
});
if (result.status !== 0) {
  process.exit(result.status ?? 1);
}
// The generator reports some failures on the console and still exits 0: check what it wrote.
const pages = readdirSync(outputDir).filter((name) => name.endsWith('.api.mdx'));
if (pages.length === 0 || !existsSync(`${outputDir}/sidebar.ts`)) {
  console.error(
    `API reference generation wrote ${pages.length} operation pages and ${existsSync(`${outputDir}/sidebar.ts`) ? 'a' : 'no'} sidebar.ts into ${outputDir}/`,
  );
  process.exit(1);
}
console.log(`Generated ${pages.length} API operation pages into ${outputDir}/`);
