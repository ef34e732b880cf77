// cspell:ignore sanitised (swagger2openapi's word, in an error message it gives)
import {copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {load as loadHtml} from 'cheerio';
import yaml from 'js-yaml';
import {expect, test} from '@playwright/test';
import {MAX_STRING_LENGTH} from '../../src/openapi/document';
import {
  OpenApiSourceError,
  apiPagesOf,
  descriptionHtml,
  loadOpenApiDescription,
  operationsOf,
  pageModel,
  requestSamples,
  schemaExample,
  webhooksOf,
  type ApiPageModel,
  type SchemaField,
} from '../../src/openapi';
import {OPENAPI_FIXTURES, generateApiDocs} from '../support/api-generator';
import {corpusFile, renderMdxPage} from '../support/openapi-corpus';

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
  // A property named `default` is a schema: its reference is checked like any other.
  [
    'dangling-ref-under-keyword-name.yaml',
    /: unresolved \$ref: #\/components\/schemas\/Defaults at #\/components\/schemas\/Settings\/properties\/default$/,
  ],
  // A property named like an extension is a schema too; a `$ref` in an extension the site reads is a reference.
  [
    'dangling-ref-under-extension-name.yaml',
    /: unresolved \$ref: #\/components\/schemas\/TraceId at #\/paths\/~1traces\/get\/responses\/200\/content\/application~1json\/schema\/properties\/x-trace-id$/,
  ],
  [
    'dangling-ref-in-code-samples.yaml',
    /: unresolved \$ref: #\/components\/x-samples\/listTracksCurl at #\/paths\/~1tracks\/get\/x-codeSamples\/0$/,
  ],
  [
    'x-webhooks-twice.yaml',
    /at #\/x-webhooks\/userCreated: webhook "userCreated" is defined differently under "webhooks" \(#\/webhooks\/userCreated\) and "x-webhooks" \(#\/x-webhooks\/userCreated\)/,
  ],
  [
    'swagger-2.0-unconvertible.yaml',
    /: swagger2openapi cannot convert this Swagger 2.0 description to OpenAPI 3.0: Duplicate sanitised securityScheme name api_key$/,
  ],
  [
    'swagger-2.0-dangling-ref.yaml',
    /: unresolved \$ref: #\/components\/schemas\/FileList at #\/paths\/~1files\/get\/responses\/200\/content\/\*~1\*\/schema \(the pointer is into the OpenAPI 3\.0 form swagger2openapi converted this Swagger 2\.0 file to\)$/,
  ],
];

test("a real description that breaks the specification (Juspay's, tests/fixtures/openapi-corpus) is refused with the file, the pointer and the problem", () => {
  const file = corpusFile('juspay-hyperswitch-openapi-spec.json.gz');
  expect(() => loadOpenApiDescription(file)).toThrow(
    new RegExp(
      `^Invalid OpenAPI description ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} at #/paths/~1customers~1payment_methods/get: duplicate operationId "List all Payment Methods for a Customer"`,
    ),
  );
});

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

test("a `$ref` inside an extension the site does not read is no reference: the description builds (Spotify's has such)", () => {
  const generated = generateApiDocs('extension-refs.yaml');
  expect(generated.status, generated.output).toBe(0);
  const markdown = generated.build!.pages.find((page) => page.id === 'list-tracks')!.markdown;
  // The property named like an extension is listed as any other.
  expect(markdown).toContain("`x-request-id` (`string`): The request's id.");
});

test('an operation described in 170,000 characters of real text, as a public description has one, builds whole', () => {
  // The real texts of OpenAI's description (its operations' and schemas' descriptions), joined to the length of the
  // longest operation description met in a public description (169,704 characters).
  const source = loadOpenApiDescription(corpusFile('openai-openapi.yaml.gz'));
  const texts: string[] = [];
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(collect);
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) {
        if (key === 'description' && typeof value === 'string' && value.length > 80) texts.push(value.trim());
        else collect(value);
      }
  };
  collect(source);
  let text = '';
  for (const part of texts) {
    if (text.length >= 170_000) break;
    text += `${part}\n\n`;
  }
  expect(text.length).toBeGreaterThanOrEqual(170_000);
  expect(text.length).toBeLessThan(MAX_STRING_LENGTH);
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-long-'));
  try {
    const file = path.join(dir, 'long.json');
    writeFileSync(
      file,
      JSON.stringify({
        openapi: '3.1.0',
        info: {title: 'Long texts', version: '1'},
        paths: {'/runs': {get: {operationId: 'listRuns', description: text, responses: {200: {description: 'OK'}}}}},
      }),
    );
    const generated = generateApiDocs(file);
    expect(generated.status, generated.output).toBe(0);
    const page = generated.build!.pages.find((candidate) => candidate.id === 'list-runs')!;
    // The last words of the text reach the page's data and its Markdown version.
    const lastWords = text
      .trim()
      .split(/\s+/)
      .slice(-4)
      .join(' ')
      .replace(/[`*_[\]()]/g, '');
    const data = readFileSync(path.join(generated.outputDir, 'list-runs.api.page.js'), 'utf8');
    for (const word of lastWords.split(' ').filter((candidate) => /^\w{4,}$/.test(candidate))) {
      expect(data, word).toContain(word);
      expect(page.markdown, word).toContain(word);
    }
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('a string over the stated limit is refused with its pointer; one at the limit loads', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-long-string-'));
  try {
    const write = (length: number) => {
      const file = path.join(dir, `description-${length}.yaml`);
      const description = {
        openapi: '3.1.0',
        info: {title: 'Long texts', version: '1'},
        paths: {
          '/things': {
            get: {operationId: 'listThings', description: 'x'.repeat(length), responses: {200: {description: 'OK'}}},
          },
        },
      };
      writeFileSync(file, JSON.stringify(description));
      return file;
    };
    expect(loadOpenApiDescription(write(MAX_STRING_LENGTH)).info.title).toBe('Long texts');
    const file = write(MAX_STRING_LENGTH + 1);
    expect(() => loadOpenApiDescription(file)).toThrow(
      `Invalid OpenAPI description ${file} at #/paths/~1things/get/description: a string of ${(MAX_STRING_LENGTH + 1).toLocaleString('en')} characters, over the limit of ${MAX_STRING_LENGTH.toLocaleString('en')}`,
    );
  } finally {
    rmSync(dir, {recursive: true, force: true});
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
    rendered.set(file, renderMdxPage(page, outputDir));
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
  // `<table>` is an HTML element, which CommonMark passes as raw HTML (sanitised to an empty table); `<schema>`,
  // no element, and the braces stay text.
  const tag = rendered.get('datasets.tag.mdx') ?? '';
  expect(text(tag)).toContain('Datasets whose names match <schema>.');
  expect(text(tag)).toContain(' and {pattern}.');
  expect(tag).not.toMatch(/<script/i);
  const info = text(rendered.get('fixture-with-mdx-special-characters.info.mdx') ?? '');
  expect(info).toContain('ds_<id>');
  expect(info).toContain('; a filter reads {"status": "active"} and 0 < score > 100.');
});

/** The fields of the first media type of a body or response, by name. */
function fieldsOf(media: ApiPageModel['responses'][number]['media']): Record<string, SchemaField> {
  return Object.fromEntries(media[0].shape.fields.map((field) => [field.name, field]));
}

test('a Swagger 2.0 description is read as OpenAPI 3.0: formData parameters become a form body, a type list a nullable type', () => {
  const file = `${OPENAPI_FIXTURES}/swagger-2.0-form-data.yaml`;
  const spec = loadOpenApiDescription(file);
  const [upload, rename] = operationsOf(spec, file);
  expect([upload.slug, rename.slug]).toEqual(['upload-file', 'rename-file']);
  expect(upload.server).toBe('https://files.acme.example/v1');
  const uploadPage = pageModel(spec, upload, file);
  expect(uploadPage.body?.required).toBe(true);
  expect(uploadPage.body?.media.map((media) => media.contentType)).toEqual(['multipart/form-data']);
  expect(fieldsOf(uploadPage.body!.media)).toMatchObject({
    file: {type: 'string<binary>', required: true, description: 'The file to store.'},
    label: {type: 'string', required: false, description: 'A label shown next to the file.'},
  });
  const renamePage = pageModel(spec, rename, file);
  expect(renamePage.parameters.find((group) => group.place === 'path')?.fields.map((field) => field.name)).toEqual([
    'file_id',
  ]);
  expect(fieldsOf(renamePage.body!.media).name).toMatchObject({type: 'string', required: true});
  const stored = renamePage.responses.find((response) => response.status === '200')!;
  expect(stored.media[0].schemaName).toBe('StoredFile');
  expect(fieldsOf(stored.media).label).toMatchObject({type: 'string', required: true, nullable: true});
});

test('what swagger2openapi cannot convert without loss is printed once, naming the file; a reference inside an example is no warning', () => {
  // A copy of its own: another test of this worker may have loaded the fixture, and printed its warnings, before.
  const folder = mkdtempSync(path.join(tmpdir(), 'vigil-swagger-'));
  const file = path.join(folder, 'swagger-2.0-conversion-warnings.yaml');
  copyFileSync(`${OPENAPI_FIXTURES}/swagger-2.0-conversion-warnings.yaml`, file);
  const printed: string[] = [];
  const warn = console.warn;
  console.warn = (...parts: unknown[]) => printed.push(parts.join(' '));
  try {
    loadOpenApiDescription(file);
    const spec = loadOpenApiDescription(file);
    expect(operationsOf(spec, file).map((operation) => operation.slug)).toEqual(['list-files']);
  } finally {
    console.warn = warn;
    rmSync(folder, {recursive: true, force: true});
  }
  expect(printed).toHaveLength(1);
  expect(printed[0]).toContain(`OpenAPI description ${file}: swagger2openapi converted this Swagger 2.0 file`);
  expect(printed[0]).toContain(
    'collectionFormat:pipes is no longer supported except for in:query parameters (at #/paths/~1files/get/parameters/0)',
  );
  expect(printed[0]).not.toContain('Nowhere');
});

test('the same webhook under both "webhooks" and "x-webhooks" is one webhook, with one page', () => {
  const file = `${OPENAPI_FIXTURES}/x-webhooks-same-as-webhooks.yaml`;
  const spec = loadOpenApiDescription(file);
  expect(Object.keys(spec.webhooks)).toEqual(['userCreated']);
  expect(spec['x-webhooks']).toBeUndefined();
  expect(apiPagesOf(spec, file).map((page) => [page.kind, page.slug])).toEqual([['webhook', 'user-created']]);
});

test('x-webhooks (OpenAPI 3.0) are webhooks, after those of "webhooks"; a reference into x-webhooks still resolves', () => {
  const file = `${OPENAPI_FIXTURES}/x-webhooks.yaml`;
  const spec = loadOpenApiDescription(file);
  expect(spec['x-webhooks']).toBeUndefined();
  expect(operationsOf(spec, file).map((operation) => operation.slug)).toEqual(['create-subscription']);
  const webhooks = webhooksOf(spec, file);
  expect(webhooks.map(({path, slug, title}) => [path, slug, title])).toEqual([
    ['userCreated', 'user-created', 'A user was created'],
    ['userDeleted', 'user-deleted', 'A user was deleted'],
    ['passwordReset', 'password-reset', 'passwordReset'],
  ]);
  const passwordReset = pageModel(spec, webhooks[2], file);
  expect(passwordReset.kind).toBe('webhook');
  expect(Object.keys(fieldsOf(passwordReset.body!.media))).toEqual(['type', 'user_id']);
});

test('a $ref inside an example, a default, a const or an enum is data; under a property or response named default or example it is a reference', () => {
  const file = `${OPENAPI_FIXTURES}/literal-refs-in-examples.yaml`;
  const spec = loadOpenApiDescription(file);
  const [operation] = apiPagesOf(spec, file);
  const page = pageModel(spec, operation, file);
  const ok = page.responses.find((response) => response.status === '200')!;
  expect(ok.media[0].examples.map(({name, value}) => [name, value])).toEqual([
    ['stored', {name: 'user', definition: {properties: {profile: {allOf: [{$ref: '#/definitions/base'}]}}}}],
    ['inline', {name: 'profile', definition: {allOf: [{$ref: '#/definitions/base'}]}}],
  ]);
  const fields = fieldsOf(ok.media);
  expect(fields.definition.facts).toContainEqual(['Default: ', {code: '{"$ref":"#/definitions/empty"}'}, '.']);
  expect(fields.format.facts).toContainEqual(['Always ', {code: '{"$ref":"#/definitions/format"}'}, '.']);
  expect(fields.kind.facts).toContainEqual(['Allowed values: ', {code: '{"$ref":"#/definitions/kind"}'}, '.']);
  // The properties named default, example and examples are the Settings schema, reference followed.
  expect(fields.default.shape?.fields.map((field) => field.name)).toEqual(['strict']);
  for (const name of ['example', 'examples']) expect(fields[name].type, name).toBe('object');
  const problem = page.responses.find((response) => response.status === 'default')!;
  expect(problem.description).toBe('A problem.');
  expect(problem.media[0].examples[0].value).toEqual({title: 'Not found', $ref: '#/definitions/problem'});
  // An example built from the schema takes such values as they are: a required property, and the documented ones.
  expect(schemaExample(spec, {$ref: '#/components/schemas/StoredSchema'}, 'response')).toEqual({
    name: '<name>',
    definition: {$ref: '#/definitions/base'},
    format: {$ref: '#/definitions/format'},
  });
  // The query parameter's example is sent as it is written.
  const curl = requestSamples(spec, operation).find((sample) => sample.id === 'curl')!.code;
  expect(curl).toContain(`?filter=${encodeURIComponent(JSON.stringify({$ref: '#/nowhere/parameter-example'}))}`);
});

test('the generation step writes the pages of a description whose examples hold references that point nowhere', () => {
  // The API plugin resolves every $ref of its copy of the description: the loader leaves such data out of it.
  test.setTimeout(120_000);
  const {status, output, outputDir, files} = generateApiDocs('literal-refs-in-examples.yaml');
  rmSync(outputDir, {recursive: true, force: true});
  expect(status, output).toBe(0);
  expect(files.filter((name) => name.endsWith('.api.mdx'))).toEqual(['get-schema.api.mdx']);
});

test('a hostile description builds, and no text of it becomes markup, a script, an event handler or a javascript: link', () => {
  test.setTimeout(120_000);
  const {status, output, outputDir, files} = generateApiDocs('hostile-texts.yaml');
  try {
    expect(status, output).toBe(0);
    const pages = files.filter((name) => name.endsWith('.mdx')).sort();
    expect(pages).toEqual([
      'get-thing-x.api.mdx',
      'hostile-texts-api-script-alert-title-script.info.mdx',
      'objects/thing.object.mdx',
      'thing-changed.api.mdx',
      'things.tag.mdx',
    ]);
    const dataFileOf = (file: string) => file.replace(/\.mdx$/, '.page.js');
    expect(files.filter((name) => !name.endsWith('.mdx')).sort()).toEqual(pages.map(dataFileOf));
    for (const file of pages) {
      const page = readFileSync(path.join(outputDir, file), 'utf8');
      const [, front = ''] = /^---\n([\s\S]*?)\n---\n/.exec(page) ?? [];
      const fields = yaml.load(front) as Record<string, unknown>;
      expect(typeof fields.title, `${file}: front matter title`).toBe('string');
      // The MDX imports nothing but the page component and the page's data, and has no expression but JSON data.
      const imports = page.match(/^import .*$/gm) ?? [];
      expect(imports, file).toHaveLength(2);
      expect(imports[0], file).toMatch(
        /^import Api(Reference|Root|Tag|Object)Page from '@theme\/Api(Reference|Root|Tag|Object)Page';$/,
      );
      expect(imports[1], file).toBe(`import page from './${path.basename(dataFileOf(file))}';`);
      const html = renderMdxPage(page, path.dirname(path.join(outputDir, file)));
      // The elements and attributes of the page (an escaped `&#x3C;img onerror=…` is text the reader sees).
      const $ = loadHtml(html);
      expect($('script, iframe, svg, object, embed, style').length, `${file}: active elements`).toBe(0);
      const active = $('*')
        .toArray()
        .flatMap((element) =>
          Object.entries((element as unknown as {attribs: Record<string, string>}).attribs).filter(
            ([name, value]) => /^on/i.test(name) || (/^(href|src)$/i.test(name) && /^\s*javascript:/i.test(value)),
          ),
        );
      expect(active, `${file}: event handlers and javascript: URLs`).toEqual([]);
    }
    const root = renderMdxPage(
      readFileSync(path.join(outputDir, 'hostile-texts-api-script-alert-title-script.info.mdx'), 'utf8'),
      outputDir,
    );
    // What the reader sees: the texts as text.
    const text = loadHtml(root).text();
    expect(text).toContain("import x from 'y'");
    expect(text).toContain("{alert('text')}");
    expect(text).toContain('C:\\temp\\new');
    expect(text).toContain("</code></pre><script>alert('fence')</script>");
    const object = loadHtml(
      renderMdxPage(readFileSync(path.join(outputDir, 'objects/thing.object.mdx'), 'utf8'), `${outputDir}/objects`),
    ).text();
    expect(object).toContain("A thing <img src=x onerror=alert('object')> {alert('object')} import z from 'y'");
    expect(object).toContain("Name <svg onload=alert('prop')>Allowed values: <script>alert('enum')</script>");
    const operation = readFileSync(path.join(outputDir, 'get-thing-x.api.mdx'), 'utf8');
    expect((yaml.load(/^---\n([\s\S]*?)\n---\n/.exec(operation)![1]) as {title: string}).title).toBe(
      "Get a thing \\ with a backslash: C:\\temp and {alert('summary')}",
    );
  } finally {
    rmSync(outputDir, {recursive: true, force: true});
  }
});

test('a link of a description that names nothing a reader can open stays its text; site paths, anchors and URLs stay links', () => {
  const html = descriptionHtml(
    [
      'See [the operation](openapi.json#/paths/~1pets/get), [the schema](#/components/schemas/Pet),',
      '[the keys page](../admin-api-keys), [a dataset](/api/get-dataset), [the 200](#response-200)',
      'and [the spec](https://spec.openapis.org/oas/v3.1.0).',
    ].join('\n'),
    '/docs/',
  );
  const $ = loadHtml(html);
  expect(
    $('a')
      .toArray()
      .map((link) => $(link).attr('href')),
  ).toEqual(['/docs/api/get-dataset', '#response-200', 'https://spec.openapis.org/oas/v3.1.0']);
  expect($.text()).toContain('See the operation, the schema,\nthe keys page, a dataset, the 200');
});
