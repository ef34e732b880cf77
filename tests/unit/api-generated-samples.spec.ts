import {expect, test} from '@playwright/test';
import {type ApiMock, startApiMock} from '../support/curl-examples';
import {curlSample, type Fill, type GeneratedSample, referenceOperations, type ReferenceApi, runSample, runSamples, type SampleRun} from '../support/generated-samples';
import {loadSpec} from '../support/openapi';
import {operationsOf} from '../../src/openapi';

// The curl tab of every operation page's request panel, generated in Node by the packages and the code of the
// API reference (how, and which parts are reproduced: tests/support/generated-samples.ts), runs with bash
// against the validating mock of the OpenAPI file that runs the docs' curl examples.

const spec = loadSpec();
// Two samples per operation: after the reader entered the required parameters' examples, and all of them.
const FILLS: Array<[Fill, string]> = [
  ['required', 'the required parameters entered'],
  ['all', 'every parameter entered'],
];

// One mock and one worker. The samples run in beforeAll and are checked one list per kind of sample, so a
// failing sample does not make Playwright start a new worker (and generate and run everything again).
test.describe.configure({mode: 'default'});

let mock: ApiMock;
let operations: ReferenceApi[];
const runs = new Map<string, SampleRun>();

test.beforeAll(async () => {
  test.setTimeout(180_000);
  mock = await startApiMock(spec);
  operations = await referenceOperations();
  const samples: GeneratedSample[] = [];
  for (const [fill] of FILLS) for (const api of operations) samples.push(await curlSample(api, fill));
  // An operation without optional parameters has the same sample twice: it runs once.
  const distinct = [...new Map(samples.map((sample) => [sample.snippet, sample])).values()];
  const shards = [0, 1].map((shard) => distinct.filter((_sample, index) => index % 2 === shard));
  const results = (await Promise.all(shards.map((shard) => runSamples(shard, mock, 150_000)))).flat();
  for (const sample of samples) {
    const run = results.find((result) => result.sample.snippet === sample.snippet)!;
    runs.set(`${sample.operationId} ${sample.fill}`, {...run, sample, problems: run.problems.map((problem) => problem.replace(`${run.sample.operationId} (`, `${sample.operationId} (`))});
  }
  test.info().annotations.push({type: 'generated samples', description: `${samples.length} samples, ${distinct.length} distinct, executed`});
});
test.afterAll(async () => {
  await mock?.close();
});

test('every operation of the OpenAPI file has a generated curl sample, as the curl tab shows it', () => {
  const expected = operationsOf(spec).map((op) => op.operationId).sort();
  expect(operations.map((api) => api.operationId).sort()).toEqual(expected);
  const all = [...runs.values()];
  expect(all.length).toBe(expected.length * FILLS.length);
  // The site's curl tab: postman-code-generators' cURL variant with the theme's default options.
  for (const run of all) expect(run.sample.language).toEqual({language: 'curl', variant: 'cURL', options: {longFormat: false, followRedirect: true, trimRequestBody: true}});
  const distinct = new Set(all.map((run) => run.sample.snippet)).size;
  const answered = all.filter((run) => run.calls.length === 1 && run.calls[0].status >= 200 && run.calls[0].status < 300);
  test.info().annotations.push({type: 'generated samples', description: `${expected.length} operations, ${all.length} samples (${distinct} distinct) executed, ${answered.length} answered 2xx`});
});

test('the samples use the server of the description and show the token as a placeholder', () => {
  const base = String(spec.servers[0].url).replace(/\{(\w+)\}/g, (_m, name) => spec.servers[0].variables[name].default);
  for (const run of runs.values()) {
    const {sample} = run;
    expect(sample.firstLine, sample.operationId).toMatch(new RegExp(`^curl -L (-X ${sample.method.toUpperCase()} )?'${base.replace(/[.*+?^$()|[\]\\/]/g, '\\$&')}/`));
    const security = (spec.paths[sample.path][sample.method].security ?? spec.security) as unknown[];
    const authorization = [...sample.snippet.matchAll(/-H 'Authorization: ([^']*)'/g)].map((match) => match[1]);
    // A visible placeholder, never a token: the mock accepts it only as a present header.
    expect(authorization, `${sample.operationId} (${sample.firstLine})`).toEqual(security.length > 0 ? ['Bearer <token>'] : []);
  }
});

test('before the reader enters anything, a sample runs as it is only for operations without required parameters', async () => {
  // The panel's text inputs start empty (their placeholder is the description): the sample then shows a path
  // parameter as `:name` and leaves out the query. The runs above start where the reader entered the examples.
  for (const api of operations) {
    const untouched = await curlSample(api, 'none');
    const required = runs.get(`${api.operationId} required`)!.sample;
    const params = ((api.parameters ?? []) as Array<{name: string; in: string; required?: boolean}>).filter((param) => param.required);
    if (params.length === 0) expect(untouched.snippet, api.operationId).toBe(required.snippet);
    for (const param of params.filter((p) => p.in === 'path')) expect(untouched.firstLine, api.operationId).toContain(`/:${param.name}`);
    for (const param of params.filter((p) => p.in === 'query')) expect(untouched.firstLine, api.operationId).not.toContain(`${param.name}=`);
  }
});

for (const [fill, label] of FILLS) {
  test(`every operation's sample, with ${label}, is accepted by the API`, () => {
    const problems: string[] = [];
    for (const op of operationsOf(spec)) {
      const run = runs.get(`${op.operationId} ${fill}`);
      if (!run) problems.push(`${op.operationId}: no sample`);
      else problems.push(...run.problems);
    }
    expect(problems, `samples with ${label} (the texts: tests/support/generated-samples.ts curlSample)`).toEqual([]);
    for (const run of runs.values()) if (run.sample.fill === fill) expect(run.calls.length, run.sample.operationId).toBe(1);
  });
}

// The check can fail: a generated sample with one mistake is rejected, naming the operation and the mock's answer.
function mutated(operationId: string, change: (snippet: string) => string, fill: Fill): GeneratedSample {
  const {sample} = runs.get(`${operationId} ${fill}`)!;
  const snippet = change(sample.snippet);
  expect(snippet, 'the mutation changed the sample').not.toBe(sample.snippet);
  return {...sample, snippet, firstLine: snippet.split('\n')[0].replace(/\s*\\$/, '')};
}

const mistakes: Array<[what: string, operationId: string, change: (snippet: string) => string, status: number, detail: RegExp, fill?: Fill]> = [
  ['the path of another operation', 'getUser', (s) => s.replace(/\/users\/usr_\w+/, '/users/me'), 200, /was answered as getCurrentUser, not getUser/],
  ['a wrong path', 'createDatastore', (s) => s.replace('/api/v1/datastores', '/api/v1/datastore'), 404, /no path of the OpenAPI file matches \/datastore\b/],
  ['a misspelled query parameter', 'listUsers', (s) => s.replace('&status=', '&stauts='), 400, /unknown query parameter stauts/, 'all'],
  ['a wrong method', 'createDatastore', (s) => s.replace('curl -L ', 'curl -L -X PUT '), 405, /PUT is not an operation of \/datastores/],
  ['a body field renamed', 'createDatastore', (s) => s.replace('"name":', '"nmae":'), 422, /body .*nmae/],
  ['no Authorization header', 'createDatastore', (s) => s.replace(/^-H 'Authorization: [^']*' \\\n/m, ''), 401, /Authorization: Bearer/],
];
for (const [what, operationId, change, status, detail, fill = 'required'] of mistakes) {
  test(`a generated sample with ${what} fails, naming the operation and the sample's first line`, async () => {
    const sample = mutated(operationId, change, fill);
    const run = await runSample(sample, mock);
    expect(run.calls.map((call) => call.status)).toEqual([status]);
    const message = run.problems.join('\n');
    expect(message).toContain(`${operationId} (${sample.firstLine}): `);
    if (status >= 300) expect(message).toMatch(new RegExp(` -> ${status}: `));
    expect(message).toMatch(detail);
  });
}
