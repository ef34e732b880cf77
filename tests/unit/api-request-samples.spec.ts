import vm from 'node:vm';
import {expect, test} from '@playwright/test';
import {SampleRequest, SNIPPET_WRITERS} from '../../src/upstream/postman-codegens';
import {type ApiMock, startApiMock} from '../support/curl-examples';
import {loadSpec} from '../support/openapi';
import {OPENAPI_FIXTURES} from '../support/api-generator';
import {
  javaToolchain,
  python,
  pythonCompileErrors,
  runCurlSamples,
  syntaxErrors,
  runJavaSamples,
  runJavaScriptSamples,
  runPythonSamples,
  runRubySamples,
  ruby,
  type SampleCase,
  type SampleRun,
} from '../support/request-samples';
import {
  REQUEST_SAMPLE_IDS,
  loadOpenApiDescription,
  operationsOf,
  requestSamples,
  type ApiOperation,
  type RequestSample,
} from '../../src/openapi';

// The request samples of every operation page (src/openapi/request-samples.ts): what each shows, and each run
// against the validating mock of the OpenAPI file (tests/support/request-samples.ts): curl and JavaScript
// always, Python where python3 has requests, Ruby where ruby is (the test command installs it), Java where a JDK
// and the OkHttp jars are (all compiled, one of each kind of request run). Go samples are checked for what they
// show, and parsed where gofmt is installed (these machines have no Go toolchain).

const spec = loadSpec();
const operations = operationsOf(spec);

/** Two samples per operation: the required parameters only (what the pages show), and every documented one. */
const VARIANTS = [
  ['required', {}],
  ['optional', {optionalParameters: true}],
] as const;

const samplesOf = new Map<string, RequestSample[]>();
for (const op of operations)
  for (const [variant, options] of VARIANTS)
    samplesOf.set(`${op.operationId} ${variant}`, requestSamples(spec, op, options));
const sample = (op: ApiOperation, id: string, variant = 'required') =>
  samplesOf.get(`${op.operationId} ${variant}`)!.find((s) => s.id === id)!;

/** The distinct texts of one language, of both variants or the first, each with the operation it calls. */
function cases(id: string, variants: readonly (typeof VARIANTS)[number][] = VARIANTS): SampleCase[] {
  const byCode = new Map<string, SampleCase>();
  for (const op of operations) {
    for (const [variant] of variants) {
      const {code} = sample(op, id, variant);
      if (!byCode.has(code))
        byCode.set(code, {key: `${op.operationId} ${variant} ${id}`, operationId: op.operationId, code});
    }
  }
  return [...byCode.values()];
}

/** One Java sample of each kind of request (method, body, query, token): a JVM runs about five a second here. */
function javaKinds(): Set<string> {
  const kinds = new Map<string, string>();
  for (const op of operations) {
    const kind = [
      op.method,
      Boolean(op.definition.requestBody),
      op.parameters.some((p) => p.in === 'query' && p.required),
      (op.definition.security ?? spec.security).length,
    ].join(' ');
    if (!kinds.has(kind)) kinds.set(kind, `${op.operationId} required java`);
  }
  return new Set(kinds.values());
}

/** How each language reads the token and a server variable from the environment. */
const READS: Record<string, (variable: string) => string> = {
  curl: (variable) => `$${variable}`,
  javascript: (variable) => `process.env.${variable}`,
  go: (variable) => `os.Getenv("${variable}")`,
  java: (variable) => `System.getenv("${variable}")`,
  ruby: (variable) => `ENV.fetch("${variable}")`,
};
const PYTHON_READ = /os\.environ\[(["'])(VIGIL_\w+)\1\]/g;

/** How each language shows the method. curl leaves out -X for a GET and for a POST with a body. */
function showsMethod(op: ApiOperation, s: RequestSample): boolean {
  const method = op.method.toUpperCase();
  switch (s.id) {
    case 'curl':
      return (
        s.code.includes(`-X ${method} `) ||
        (method === 'GET' && !s.code.includes(' -X ')) ||
        (method === 'POST' && /\n(-d|--data-raw) '/.test(s.code) && !s.code.includes(' -X '))
      );
    case 'python':
      return s.code.includes(`requests.request("${method}", url`);
    case 'javascript':
      return s.code.includes(`method: "${method}"`);
    case 'go':
      return s.code.includes(`method := "${method}"`);
    case 'java':
      return s.code.includes(`.method("${method}", `);
    case 'ruby':
      return s.code.includes(`Net::HTTP::${method[0]}${method.slice(1).toLowerCase()}.new(url)`);
    default:
      return false;
  }
}

/** The path of the operation with the examples of its path parameters and its required query parameters. */
function expectedTarget(op: ApiOperation): {path: string; query: string[]} {
  let path = op.path;
  const query: string[] = [];
  for (const parameter of op.parameters) {
    const value = encodeURIComponent(String(parameter.example));
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, value);
    if (parameter.in === 'query' && parameter.required) query.push(`${parameter.name}=${value}`);
  }
  return {path, query};
}

test('every operation has its six samples, curl first, each naming its language and library', () => {
  expect(operations.length).toBe(103);
  expect(REQUEST_SAMPLE_IDS).toEqual(['curl', 'python', 'javascript', 'go', 'java', 'ruby']);
  for (const op of operations) {
    const samples = samplesOf.get(`${op.operationId} required`)!;
    expect(
      samples.map((s) => [s.id, s.label, s.language, s.library]),
      op.operationId,
    ).toEqual([
      ['curl', 'curl', 'bash', 'curl'],
      ['python', 'Python', 'python', 'requests'],
      ['javascript', 'JavaScript', 'javascript', 'fetch'],
      ['go', 'Go', 'go', 'net/http'],
      ['java', 'Java', 'java', 'OkHttp'],
      ['ruby', 'Ruby', 'ruby', 'Net::HTTP'],
    ]);
    for (const s of samples) expect(s.code.length, `${op.operationId} ${s.id}`).toBeGreaterThan(50);
  }
});

test("every sample shows its operation's method, path and example values, and reads the instance and the token from the environment", () => {
  const problems: string[] = [];
  for (const op of operations) {
    const {path, query} = expectedTarget(op);
    const secured = ((op.definition.security ?? spec.security) as unknown[]).length > 0;
    const body = op.definition.requestBody
      ? JSON.stringify(
          op.definition.requestBody.content?.['application/json']?.example ??
            spec.components.requestBodies[String(op.definition.requestBody.$ref).split('/').pop()!]?.content[
              'application/json'
            ].example,
          null,
          2,
        )
      : undefined;
    for (const s of samplesOf.get(`${op.operationId} required`)!) {
      const where = `${op.operationId} ${s.id}`;
      const reads =
        s.id === 'python'
          ? [...s.code.matchAll(PYTHON_READ)].map((match) => match[2])
          : ['VIGIL_INSTANCE', 'VIGIL_TOKEN'].filter((variable) => s.code.includes(READS[s.id](variable)));
      if (!showsMethod(op, s)) problems.push(`${where}: does not show ${op.method.toUpperCase()}`);
      if (!s.code.includes(`.vigil.example/api/v1${path}${query.length > 0 ? `?${query.join('&')}` : ''}`))
        problems.push(`${where}: no .vigil.example/api/v1${path} with the required query ${query.join('&')}`);
      if (!reads.includes('VIGIL_INSTANCE')) problems.push(`${where}: does not read VIGIL_INSTANCE`);
      if (reads.includes('VIGIL_TOKEN') !== secured)
        problems.push(`${where}: ${secured ? 'does not read' : 'reads'} VIGIL_TOKEN`);
      if (/[ \t]$/m.test(s.code)) problems.push(`${where}: trailing whitespace`);
      if (/vigilsampleplaceholder|\{\w+\}\.vigil|<token>|acme\.vigil/.test(s.code))
        problems.push(`${where}: a placeholder token, a server variable or a default instance is left`);
      if (body && s.id === 'curl' && !s.code.includes(` '${body.replace(/'/g, `'\\''`)}'`))
        problems.push(`${where}: not the example body, indented by 2`);
    }
  }
  expect(problems).toEqual([]);
});

test('optional query parameters are left out, and sent with their examples when asked for', () => {
  const listDatasets = operations.find((op) => op.operationId === 'listDatasets')!;
  expect(sample(listDatasets, 'curl').code.split('\n')[0]).toBe(
    'curl "https://$VIGIL_INSTANCE.vigil.example/api/v1/datasets" \\',
  );
  expect(sample(listDatasets, 'curl', 'optional').code).toContain(
    '/api/v1/datasets?limit=50&cursor=eyJvZmZzZXQiOjUwfQ&datastore_id=dst_2k7w4n9s&database_id=db_5k2m8p1r&domain_id=dom_4w8e2r6t&kind=table&tag=deleted_upstream"',
  );
  // A required query parameter is always there, a value with a space percent-encoded.
  const search = operations.find((op) => op.operationId === 'searchKaggleDatasets')!;
  expect(sample(search, 'python').code).toContain('/onboarding/kaggle/search?q=brazilian%20e-commerce%20orders"');
});

test('the samples are the same text for the same description, loaded again', () => {
  const again = loadSpec();
  for (const op of operationsOf(again))
    expect(requestSamples(again, op), op.operationId).toEqual(samplesOf.get(`${op.operationId} required`));
});

test('a sample in each language, as readers see it', () => {
  const create = operations.find((op) => op.operationId === 'createSecret')!;
  const code = (id: string) => sample(create, id).code;
  expect(code('curl')).toBe(
    [
      'curl "https://$VIGIL_INSTANCE.vigil.example/api/v1/secrets" \\',
      '-H "Authorization: Bearer $VIGIL_TOKEN" \\',
      "-H 'Content-Type: application/json' \\",
      "-d '{",
      '  "name": "postgres-vigil-reader",',
      '  "kind": "password",',
      '  "value": "r7Tq!x2Lw9#mZp4K"',
      "}'",
    ].join('\n'),
  );
  expect(code('python')).toContain(`url = f"https://{os.environ['VIGIL_INSTANCE']}.vigil.example/api/v1/secrets"`);
  expect(code('python')).toContain(`'Authorization': f'Bearer {os.environ["VIGIL_TOKEN"]}',`);
  expect(code('javascript')).toContain('myHeaders.append("Authorization", `Bearer ${process.env.VIGIL_TOKEN}`);');
  expect(code('javascript')).toContain(
    'fetch(`https://${process.env.VIGIL_INSTANCE}.vigil.example/api/v1/secrets`, requestOptions)',
  );
  expect(code('go')).toContain('url := "https://" + os.Getenv("VIGIL_INSTANCE") + ".vigil.example/api/v1/secrets"');
  expect(code('go')).toMatch(/^import \(\n(?: {2}"[\w/]+"\n)+ {2}"os"\n\)$/m);
  expect(code('java')).toContain('.addHeader("Authorization", "Bearer " + System.getenv("VIGIL_TOKEN"))');
  // Ruby escapes # and ! in double-quoted strings: the value is unchanged.
  expect(code('ruby')).toContain('"value": "r7Tq\\!x2Lw9\\#mZp4K"');
  expect(code('ruby')).toContain('url = URI("https://#{ENV.fetch("VIGIL_INSTANCE")}.vigil.example/api/v1/secrets")');
  // A GET in Java has no request body: OkHttp refuses one (src/openapi/postman-fixes/java-get-body.ts).
  const get = operations.find((op) => op.operationId === 'getSecret')!;
  expect(sample(get, 'java').code).toContain('.method("GET", null)');
  expect(sample(get, 'java').code).not.toContain('RequestBody');
});

test('a description without examples, server variables or security: visible placeholders, no token', () => {
  const fixture = loadOpenApiDescription(`${OPENAPI_FIXTURES}/digits-in-names.yaml`);
  const bucket = operationsOf(fixture).find((op) => op.operationId === 'getS3Bucket')!;
  const samples = requestSamples(fixture, bucket);
  expect(samples.find((s) => s.id === 'curl')!.code).toBe(
    "curl -g 'https://acme.vigil.example/api/v1/buckets/{bucket_name}'",
  );
  for (const s of samples) {
    expect(s.code, s.id).toContain('https://acme.vigil.example/api/v1/buckets/{bucket_name}');
    expect(s.code, s.id).not.toMatch(/VIGIL_|Authorization/);
  }
});

test('a body without an example is built from the schema: required and documented properties, the first variant', () => {
  const fixture = loadOpenApiDescription(`${OPENAPI_FIXTURES}/request-body-from-schema.yaml`);
  const [create] = operationsOf(fixture);
  const python = requestSamples(fixture, create).find((s) => s.id === 'python')!.code;
  const body = JSON.parse(
    /payload = json\.dumps\(([\s\S]*?)\)\nheaders/
      .exec(python)![1]
      .replace(/\bNone\b/g, 'null')
      .replace(/\bTrue\b/g, 'true')
      .replace(/\bFalse\b/g, 'false'),
  );
  expect(body).toEqual({
    name: 'orders-daily',
    kind: 'table',
    connection: {type: 'postgresql', host: 'db.internal.acme.io'},
    owner: '<owner>',
    retention_days: 30,
    labels: ['finance'],
    paused: null,
  });
  // null in every language: `nil` in Ruby (src/openapi/postman-fixes/ruby-null.ts), None in Python.
  const samples = requestSamples(fixture, create);
  expect(samples.find((s) => s.id === 'ruby')!.code).toContain('"paused": nil');
  expect(python).toContain('"paused": None');
  expect(samples.find((s) => s.id === 'javascript')!.code).toContain('"paused": null');
});

test('postman-code-generators 2.1.1 still makes the mistakes src/openapi/postman-fixes/ corrects (when this fails, delete the patch)', () => {
  const request = new SampleRequest({url: 'https://acme.vigil.example/api/v1/things', method: 'GET', header: []});
  const withNull = new SampleRequest({
    url: 'https://acme.vigil.example/api/v1/things',
    method: 'POST',
    header: [{key: 'Content-Type', value: 'application/json'}],
    body: {mode: 'raw', raw: '{"paused": null}'},
  });
  const convert = (language: string, variant: string, input: SampleRequest) => {
    let snippet = '';
    SNIPPET_WRITERS[`${language} ${variant}`].convert(input, {}, (_error, text) => (snippet = text));
    return snippet;
  };
  // postman-java-get-body.ts
  expect(convert('java', 'OkHttp', request)).toContain('.method("GET", body)');
  // postman-ruby-null.ts
  expect(convert('ruby', 'Net::HTTP', withNull)).toContain('"paused": "__RUBY\\#%0NULL__"');
});

// ---------------------------------------------------------------------------------------------------------
// Runs against the mock: one mock, and the samples of a language run in one process, in beforeAll.

test.describe('samples run against the mock of the OpenAPI file', () => {
  test.describe.configure({mode: 'default'});
  let mock: ApiMock;
  const runs = new Map<string, Map<string, SampleRun>>();
  const py = python();
  const rb = ruby();
  const java = javaToolchain();
  let duration = '';

  test.beforeAll(async () => {
    // About 20 s on an idle 2-core machine; far longer when other work shares its cores.
    test.setTimeout(480_000);
    mock = await startApiMock(spec);
    const started = Date.now();
    // curl starts a process per sample (about 0.1 s each here): two shards.
    const curlShards = [0, 1].map((shard) => cases('curl').filter((_c, index) => index % 2 === shard));
    const none = Promise.resolve(new Map<string, SampleRun>());
    const [curl1, curl2, javascript, pythonRuns, rubyRuns, javaRuns] = await Promise.all([
      ...curlShards.map((shard) => runCurlSamples(shard, mock)),
      runJavaScriptSamples(cases('javascript'), mock),
      py.requests ? runPythonSamples(py.executable!, cases('python'), mock) : none,
      rb.available ? runRubySamples(cases('ruby'), mock) : none,
      // Optional query parameters change only the URL string of a Java sample: the required variant is compiled.
      java.classpath ? runJavaSamples(java.classpath, cases('java', VARIANTS.slice(0, 1)), javaKinds(), mock) : none,
    ]);
    duration = `${((Date.now() - started) / 1000).toFixed(1)} s`;
    runs.set('curl', new Map([...curl1, ...curl2]));
    runs.set('javascript', javascript);
    runs.set('python', pythonRuns);
    runs.set('ruby', rubyRuns);
    runs.set('java', javaRuns);
  });
  test.afterAll(async () => {
    await mock?.close();
  });

  for (const id of ['curl', 'javascript', 'python', 'ruby']) {
    test(`every ${id} sample, with the required and with every documented parameter, is accepted by the API`, () => {
      if (id === 'python') test.skip(!py.requests, `Python samples not run: ${py.why}`);
      if (id === 'ruby') test.skip(!rb.available, `Ruby samples not run: ${rb.why}`);
      const all = cases(id);
      const results = runs.get(id)!;
      expect(results.size).toBe(all.length);
      expect(new Set(all.map((c) => c.operationId)).size).toBe(operations.length);
      expect([...results.values()].flatMap((run) => run.problems)).toEqual([]);
      test.info().annotations.push({
        type: `${id} samples`,
        description: `${all.length} distinct samples of ${operations.length} operations run, each answered 2xx${id === 'python' ? ` (${py.why})` : id === 'ruby' ? ` (${rb.why})` : ''}; all runs took ${duration}`,
      });
    });
  }

  test('every Java sample compiles against OkHttp, and one of each kind of request is accepted by the API', () => {
    test.skip(!java.classpath, `Java samples not compiled: ${java.why}`);
    const all = cases('java', VARIANTS.slice(0, 1));
    const results = runs.get('java')!;
    expect(results.size).toBe(all.length);
    expect([...results.values()].flatMap((run) => run.problems)).toEqual([]);
    const run = [...javaKinds()];
    expect(run.length).toBeGreaterThanOrEqual(8);
    for (const key of run) expect(results.get(key)?.calls.length, key).toBe(1);
    test
      .info()
      .annotations.push({type: 'java samples', description: `${all.length} compiled, ${run.length} run (${java.why})`});
  });

  // The checks can fail: a sample with one mistake is rejected, naming the sample and the mock's answer.
  const mistakes: Array<
    [id: string, what: string, operationId: string, change: (code: string) => string, problem: RegExp]
  > = [
    [
      'curl',
      'the path of another operation',
      'getUser',
      (code) => code.replace(/\/users\/usr_\w+/, '/users/me'),
      /was answered as getCurrentUser, not getUser/,
    ],
    [
      'curl',
      'a body field renamed',
      'createDatastore',
      (code) => code.replace('"name":', '"nmae":'),
      / -> 422: .*nmae/,
    ],
    [
      'curl',
      'no token',
      'createDatastore',
      (code) => code.replace(/^-H "Authorization: [^"]*" \\\n/m, ''),
      / -> 401: .*Authorization: Bearer/,
    ],
    [
      'javascript',
      'a wrong method',
      'createDatastore',
      (code) => code.replace('method: "POST"', 'method: "PUT"'),
      / -> 405: PUT is not an operation of \/datastores/,
    ],
    [
      'javascript',
      'a syntax error',
      'getUser',
      (code) => code.replace('const requestOptions', 'const requestOptions ='),
      /never reached the mock \(error: SyntaxError/,
    ],
    [
      'python',
      'a misspelled required query parameter',
      'searchKaggleDatasets',
      (code) => code.replace('?q=', '?query='),
      / -> 400: .*query/,
    ],
    [
      'python',
      'another host',
      'getUser',
      (code) => code.replace('.vigil.example', '.vigil.example.org'),
      /never reached the mock \(error: ProxyError/,
    ],
    // What src/openapi/postman-fixes/java-get-body.ts corrects.
    [
      'java',
      'an empty body on a GET',
      'getUser',
      (code) =>
        code.replace('.method("GET", null)', '.method("GET", RequestBody.create(MediaType.parse("text/plain"), ""))'),
      /never reached the mock \(error: java\.lang\.IllegalArgumentException: method GET must not have a request body/,
    ],
    [
      'ruby',
      'a body field renamed',
      'createDatastore',
      (code) => code.replace('"name":', '"nmae":'),
      / -> 422: .*nmae/,
    ],
    [
      'ruby',
      'a syntax error',
      'getUser',
      (code) => code.replace('url = URI(', 'url = URI(('),
      /never reached the mock \(error: SyntaxError/,
    ],
    [
      'java',
      'a compile error',
      'getUser',
      (code) => code.replace('.build();\n    Response', '.build()\n    Response'),
      /does not compile: \d+: error: ';' expected/,
    ],
  ];
  for (const [id, what, operationId, change, problem] of mistakes) {
    test(`a ${id} sample with ${what} fails, naming the sample and why`, async () => {
      if (id === 'python') test.skip(!py.requests, `Python samples not run: ${py.why}`);
      if (id === 'java') test.skip(!java.classpath, `Java samples not run: ${java.why}`);
      if (id === 'ruby') test.skip(!rb.available, `Ruby samples not run: ${rb.why}`);
      test.setTimeout(120_000);
      const op = operations.find((candidate) => candidate.operationId === operationId)!;
      const original = sample(op, id);
      const code = change(original.code);
      expect(code, 'the mutation changed the sample').not.toBe(original.code);
      const mutated = [{key: `mutated ${operationId} ${id}`, operationId, code}];
      const runners: Record<string, () => Promise<Map<string, SampleRun>>> = {
        curl: () => runCurlSamples(mutated, mock),
        javascript: () => runJavaScriptSamples(mutated, mock),
        python: () => runPythonSamples(py.executable!, mutated, mock),
        ruby: () => runRubySamples(mutated, mock),
        java: () => runJavaSamples(java.classpath!, mutated, new Set([mutated[0].key]), mock),
      };
      const runner = runners[id]();
      const [run] = (await runner).values();
      expect(run.problems.join('\n')).toMatch(new RegExp(`^mutated ${operationId} ${id} \\(${operationId}\\): `));
      expect(run.problems.join('\n')).toMatch(problem);
    });
  }
});

test('every Python sample compiles and every JavaScript sample parses', () => {
  const py = python();
  test.skip(!py.executable, `Python samples not compiled: ${py.why}`);
  expect(pythonCompileErrors(py.executable!, cases('python'))).toEqual([]);
  const syntax: string[] = [];
  for (const {key, code} of cases('javascript')) {
    try {
      new vm.Script(code, {filename: key});
    } catch (error) {
      syntax.push(`${key}: ${(error as Error).message}`);
    }
  }
  expect(syntax).toEqual([]);
  // The check can fail.
  expect(pythonCompileErrors(py.executable!, [{key: 'broken', operationId: 'x', code: 'url = f"{'}])).toEqual([
    expect.stringMatching(/^broken: /),
  ]);
});

for (const [id, command, args, extension] of [['go', 'gofmt', ['-e', '-l'], '.go']] as const) {
  test(`every ${id} sample parses, where ${command} is installed`, () => {
    const errors = syntaxErrors(command, [...args], extension, cases(id, VARIANTS.slice(0, 1)));
    test.skip(errors === undefined, `${id} samples not parsed: ${command} is not installed on this machine`);
    expect(errors).toEqual([]);
  });
}
