import {readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import {expect, test} from '@playwright/test';
import {OpenApiSourceError, loadOpenApiDescription} from '../../src/openapi';
import {OPENAPI_FIXTURES, generateApiDocs} from '../support/api-generator';
import {renderMdxPage} from '../support/openapi-corpus';

const BROKEN: Array<[string, RegExp]> = [
  ['yaml-syntax-error.yaml', /YAML syntax error: .*\(\d+:\d+\)/],
  [
    'dangling-ref.yaml',
    /unresolved \$ref: #\/components\/schemas\/Dataset at #\/paths\/~1datasets~1\{dataset_id\}\/get\/responses\/200/,
  ],
  [
    'duplicate-operation-id.yaml',
    /at #\/paths\/~1datastores\/get: duplicate operationId "listDatasets" on GET \/datasets and GET \/datastores/,
  ],
];

test.describe('a broken OpenAPI file is refused with the file and the problem named', () => {
  for (const [fixture, problem] of BROKEN) {
    test(fixture, () => {
      expect(() => loadOpenApiDescription(`${OPENAPI_FIXTURES}/${fixture}`)).toThrow(OpenApiSourceError);
      expect(() => loadOpenApiDescription(`${OPENAPI_FIXTURES}/${fixture}`)).toThrow(
        `Invalid OpenAPI description ${OPENAPI_FIXTURES}/${fixture}`,
      );
      expect(() => loadOpenApiDescription(`${OPENAPI_FIXTURES}/${fixture}`)).toThrow(problem);
    });
  }
});

test('the generation step (npm run gen-api) stops on a broken file before any page is written, naming it', () => {
  // One real run: the validator above is what the configuration runs first, whatever the problem.
  test.setTimeout(120_000);
  const [fixture, problem] = BROKEN[1];
  const {status, output, outputDir, files} = generateApiDocs(fixture);
  rmSync(outputDir, {recursive: true, force: true});
  expect(status).not.toBe(0);
  expect(output).toContain(`Invalid OpenAPI description ${OPENAPI_FIXTURES}/${fixture}`);
  expect(output).toMatch(problem);
  expect(files).toEqual([]);
});

/** Two generations of the same fixture, made once for the tests below. */
let generated: [ReturnType<typeof generateApiDocs>, ReturnType<typeof generateApiDocs>] | undefined;
function generatedTwice() {
  generated ??= [generateApiDocs('mdx-special-characters.yaml'), generateApiDocs('mdx-special-characters.yaml')];
  return generated;
}
test.afterAll(() => {
  for (const run of generated ?? []) rmSync(run.outputDir, {recursive: true, force: true});
});

test('regenerating from the same file gives the same pages', () => {
  test.setTimeout(120_000);
  const [first, second] = generatedTwice();
  expect(first.status, first.output).toBe(0);
  expect(second.files.sort()).toEqual(first.files.sort());
  for (const file of first.files) {
    expect(readFileSync(path.join(second.outputDir, file), 'utf8'), file).toBe(
      readFileSync(path.join(first.outputDir, file), 'utf8'),
    );
  }
});

test('the validator names a file it cannot read, and accepts a valid one', () => {
  expect(() => loadOpenApiDescription(`${OPENAPI_FIXTURES}/no-such-file.yaml`)).toThrow(
    `Invalid OpenAPI description ${OPENAPI_FIXTURES}/no-such-file.yaml: cannot be read`,
  );
  expect(loadOpenApiDescription(`${OPENAPI_FIXTURES}/mdx-special-characters.yaml`).openapi).toBe('3.0.3');
});

test('descriptions with < > { } and backticks become text, not broken MDX', async () => {
  test.setTimeout(120_000);
  const [{status, output, outputDir, files}] = generatedTwice();
  expect(status, output).toBe(0);
  const rendered = new Map<string, string>();
  for (const file of files.filter((name) => name.endsWith('.mdx'))) {
    const page = readFileSync(path.join(outputDir, file), 'utf8');
    // The front matter is YAML that Docusaurus parses; the rest is MDX, compiled and rendered as the site does.
    const [, front = ''] = /^---\n([\s\S]*?)\n---\n/.exec(page) ?? [];
    expect(() => yaml.load(front), `front matter of ${file}`).not.toThrow();
    rendered.set(file, renderMdxPage(page));
  }
  expect([...rendered.keys()].sort()).toEqual([
    'autocomplete-dataset-ids.api.mdx',
    'datasets.tag.mdx',
    'fixture-with-mdx-special-characters.info.mdx',
  ]);
  // What a reader sees: the characters as text (escaped in the HTML), code spans as code, no <script> element.
  const text = (html: string) =>
    html
      .replace(/<[^>]+>/g, '')
      .replace(/&#x3C;|&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
  const operation = rendered.get('autocomplete-dataset-ids.api.mdx') ?? '';
  expect(text(operation)).toContain(
    'Returns ids starting with {prefix}, e.g. ds_ord matches <ds_orders_2025>; scores > 90 and < 100',
  );
  expect(operation).toContain('<code>{"prefix": "ds_"}</code>');
  expect(operation).toMatch(/<code>(&lt;|&#x3C;)script>/);
  expect(operation).not.toMatch(/<script/i);
  expect(text(operation)).toContain('The start of the id, such as ds_ or {ds_ord}; at most <32> characters.');
  expect(text(operation)).toContain('Ids, at most <limit> of them.');
  expect(text(rendered.get('datasets.tag.mdx') ?? '')).toContain(
    'Datasets whose names match <schema>.<table> and {pattern}.',
  );
  const info = text(rendered.get('fixture-with-mdx-special-characters.info.mdx') ?? '');
  expect(info).toContain('ds_<id>');
  expect(info).toContain('; a filter reads {"status": "active"} and 0 < score > 100.');
});
