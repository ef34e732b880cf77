// The API pages' data on the server: the server bundle compiles each page's data module (`<page>.page.js`) into a
// reader of its file (src/plugins/api-reference/page-data), which the page's component reads when the page renders,
// so that the build does not keep every page's data until its last page is written. What the reader returns must be
// what the browser's module holds, for every page, whatever its text; a module in another form fails the build.
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {expect, test} from '@playwright/test';
import {ServerChunksCheck} from '../../src/plugins/api-reference/bundles';
import {writePageFile} from '../../src/plugins/api-reference/files';
import {pageDataOf} from '../../src/plugins/api-reference/page-data/page-data-of';
import {SERVER_PAGE_DATA_LOADER} from '../../src/plugins/api-reference/page-data/server-rule';
import {generateApiDocs} from '../support/api-generator';
import {scratchFolder} from '../support/scratch';

type Loader = (this: {resourcePath: string}, source: string) => string;
// The loader as the bundler runs it: its module's export, called with the module's path and text.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const serverPageDataLoader = require(SERVER_PAGE_DATA_LOADER) as Loader;

/** A module's default export, the module run by Node as the bundler would run it (an ES module). */
async function defaultExportOf(code: string, dir: string, name: string): Promise<unknown> {
  const file = path.join(dir, `${name}.mjs`);
  writeFileSync(file, code);
  return ((await import(pathToFileURL(file).href)) as {default: unknown}).default;
}

/** What the server bundle's module of a page's data file gives the page's component: the data, read. */
async function serverData(file: string, dir: string): Promise<unknown> {
  const code = serverPageDataLoader.call({resourcePath: file}, readFileSync(file, 'utf8'));
  return pageDataOf(await defaultExportOf(code, dir, `server-${path.basename(file)}`));
}

test('every page of the description reads on the server as the data its browser module holds', async () => {
  test.setTimeout(120_000);
  const scratch = scratchFolder('vigil-page-data-');
  // The changelog's page is written as every other page is (writePageFile): it is left out here (it reads the
  // description's history), the text test below covers any text.
  const generated = generateApiDocs(path.resolve('openapi/vigil-api.yaml'));
  expect(generated.status, generated.output).toBe(0);
  const files = generated.files.filter((name) => name.endsWith('.page.js'));
  // Every kind of page: operations and webhooks, tags, the root and objects.
  expect(files.filter((name) => name.endsWith('.api.page.js')).length).toBeGreaterThan(100);
  for (const kind of ['.tag.page.js', '.info.page.js', '.object.page.js'])
    expect(
      files.some((name) => name.endsWith(kind)),
      kind,
    ).toBe(true);
  for (const name of files) {
    const file = path.join(generated.outputDir, name);
    const browser = await defaultExportOf(readFileSync(file, 'utf8'), scratch, `browser-${path.basename(name)}`);
    expect(await serverData(file, scratch), name).toEqual(browser);
  }
});

test('text that means something to JavaScript, JSON or HTML reads back as written', async () => {
  const dir = scratchFolder('vigil-page-data-');
  const data = {
    text: 'a "quoted" \\ backslash, </script><script>alert(1)</script>, \u2028 \u2029, 日本語, é, 😀, \u0000',
    lines: 'one\ntwo\r\nthree\ttab',
    nested: [{empty: '', number: 1.5, no: false, none: null}],
    'export default': '); throw new Error("not code");//',
  };
  const [dataFile] = writePageFile(dir, {
    name: 'tricky.api',
    frontMatter: {id: 'tricky', title: 'Tricky'},
    title: 'Tricky',
    component: 'ApiReferencePage',
    data,
  });
  expect(await serverData(path.join(dir, dataFile!), dir)).toEqual(data);
});

test('a data module in another form fails the build, naming the file; a reader fails naming it too', async () => {
  const dir = scratchFolder('vigil-page-data-');
  const file = path.join(dir, 'hand-written.api.page.js');
  for (const source of [
    'export default {"method": "get"};\n',
    'export default JSON.parse("{}"); console.log("more");\n',
    'export default JSON.parse("{}" + "");\n',
  ]) {
    expect(() => serverPageDataLoader.call({resourcePath: file}, source), source).toThrow(
      `${file}: not a page's data module as the API reference writes it`,
    );
  }
  // A file changed after it was bundled: the reader says which.
  writeFileSync(file, 'export default JSON.parse("{}");\n');
  const reader = await defaultExportOf(
    serverPageDataLoader.call({resourcePath: file}, readFileSync(file, 'utf8')),
    dir,
    'reader',
  );
  writeFileSync(file, 'export default {};\n');
  expect(() => pageDataOf(reader)).toThrow(`${file}: not a page's data module`);
});

test("the server check fails a build whose page data is bundled as data, not as its file's reader", () => {
  const pagesDir = '/site/api/';
  /** The errors the check adds to a sealed compilation of the given modules (identifiers), one chunk each. */
  const errorsOf = (ids: string[]): string[] => {
    const errors: Error[] = [];
    let afterSeal: () => void = () => {};
    const compilation = {
      chunks: ids.map((id) => [{identifier: () => id}]),
      chunkGraph: {getChunkModulesIterable: (chunk: unknown) => chunk as Array<{identifier(): string}>},
      errors,
      hooks: {afterSeal: {tap: (_name: string, hook: () => void) => void (afterSeal = hook)}},
    };
    new ServerChunksCheck(pagesDir).apply({
      hooks: {thisCompilation: {tap: (_name, hook) => hook(compilation)}},
    });
    afterSeal();
    return errors.map((error) => error.message);
  };
  const swc = 'builtin:swc-loader??ruleSet[1].rules[8].use[0]';
  const read = `javascript/auto|${swc}!${SERVER_PAGE_DATA_LOADER}!${pagesDir}get-dataset.api.page.js`;
  const asData = `javascript/auto|${swc}!${pagesDir}list-datasets.api.page.js`;
  const other = `javascript/auto|${swc}!/site/src/components/Card/index.tsx`;
  expect(errorsOf([read, other])).toEqual([]);
  expect(errorsOf([read, asData, other])).toEqual([
    `src/plugins/api-reference/bundles.ts: 1 of the 2 page data modules are in the server bundle as their data, not as readers of their files, e.g. ${asData}`,
  ]);
});
