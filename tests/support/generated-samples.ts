/**
 * The API reference's generated request samples (the curl tab of each operation page's request panel),
 * produced in Node with the packages and the code the site runs, and executed against the OpenAPI mock of
 * tests/support/curl-examples.ts.
 *
 * How a sample is made, step by step, as on an operation page:
 * 1. Build time, docusaurus-plugin-openapi-docs (real code): `readOpenapiFiles` and `processOpenapiFiles`
 *    of lib/openapi/openapi.js with the site's plugin options (config/api-reference.ts): the description is
 *    converted to a Postman collection by openapi-to-postmanv2 (`SchemaPack`, schemaFaker off) and each
 *    operation's item gets its postman Request in `api.postman`. The page stores `JSON.stringify(item.api)`,
 *    so the item goes through JSON here too.
 * 2. Browser, docusaurus-theme-openapi-docs (real code where it is not a React component): the request
 *    panel's redux state (ApiItem/index.js), changed with the theme's own reducers (params `setParam`, body
 *    `setStringRawBody`, server `setServer`); `createAuth` (Authorization/slice.js);
 *    `resolveSchemaWithSelections` (Body/) and the plugin's `sampleFromSchema` (lib/openapi/createSchemaExample.js)
 *    for the body; `buildPostmanRequest` (ApiExplorer/buildPostmanRequest.js); `generateLanguageSet`,
 *    `mergeArraysbyLanguage`, `mergeCodeSampleLanguage` (CodeSnippets/languages.js) with the site's
 *    `languageTabs` (apiLanguageTabs); then postman-code-generators `convert('curl', 'cURL', request, options)`.
 *
 * Reproduced here because it lives inside React components, which do not run in Node without a DOM
 * (each marked REPRODUCED below, kept to the lines that decide the sample):
 * - ApiItem/index.js: the initial state (params grouped by `in`, first request content type, first content
 *   type of the 2xx responses, auth from createAuth, body `{type: "empty"}`).
 * - Server/index.js: on first render it dispatches the first server of the description (`setServer`).
 * - Body/index.js: the "Example (from schema)" tab, selected by default, dispatches its body on mount
 *   (`sampleFromSchema(schema, {type: "request"})` as JSON with two spaces; no dispatch when it is empty).
 * - ParamOptions/ParamFormItems/*: what a reader's input dispatches (see `fillParam`). A text input starts
 *   empty (its placeholder is the description), so before the reader types anything the sample shows the
 *   path as `/accounts/:account_id` and has no query parameters; only an array parameter with
 *   `schema.example` is filled on mount. Samples here are the panel after the reader typed each parameter's
 *   `example` into its input: the required ones, or all of them ("Show optional parameters").
 * - CodeSnippets/index.js: the credential masking (`cleanCredentials`, on by default: the token becomes
 *   `<token>`), the merge of the languages and the `convert` call for the curl tab (no language remembered in
 *   localStorage: the first tab, curl).
 */
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {apiLanguageTabs, apiThemeOptions, openApiPluginOptions, OPENAPI_SPEC_PATH} from '../../config/api-reference';
import type {JsonObject} from '../../src/openapi';
import {type ApiMock, type MockCall, readerShellEnv, runBash} from './curl-examples';

const siteRequire = createRequire(path.join(process.cwd(), 'package.json'));
const THEME = path.dirname(siteRequire.resolve('docusaurus-theme-openapi-docs/package.json'));

type Reducer = (state: unknown, action: unknown) => unknown;
type ActionCreator = (payload: unknown) => unknown;

/**
 * A module of the theme's lib/theme/ (CommonJS) as the site's webpack sees it: `@theme/...` is the theme's
 * own file (the site swizzles only ApiExplorer/index and ApiExplorer/LiveEditor, which make no sample), and
 * `window` is a stand-in with the one property buildPostmanRequest reads before it uses the server.
 */
const themeModules = new Map<string, unknown>();
function themeModule<T>(name: string): T {
  const file = require.resolve(path.join(THEME, 'lib/theme', name));
  if (!themeModules.has(file)) {
    const fileRequire = createRequire(file);
    const module = {exports: {} as unknown};
    const load = (id: string) => (id.startsWith('@theme/') ? themeModule(id.slice('@theme/'.length)) : fileRequire(id));
    const window = {location: {origin: 'https://docs.vigil.example'}};
    new Function('exports', 'require', 'module', '__filename', '__dirname', 'window', readFileSync(file, 'utf8'))(module.exports, load, module, file, path.dirname(file), window);
    themeModules.set(file, module.exports);
  }
  return themeModules.get(file) as T;
}

/** An operation as its page stores it (`api` of the generated .api.mdx). */
export type ReferenceApi = JsonObject & {method: string; path: string; operationId: string; postman: JsonObject};

/** Step 1: the operations of the description as the plugin generates their pages. */
export async function referenceOperations(): Promise<ReferenceApi[]> {
  const {readOpenapiFiles, processOpenapiFiles} = siteRequire('docusaurus-plugin-openapi-docs/lib/openapi/openapi.js');
  const {vigil} = openApiPluginOptions.config;
  const files = await readOpenapiFiles(path.resolve(OPENAPI_SPEC_PATH));
  const [items] = (await processOpenapiFiles(files, vigil, vigil.sidebarOptions)) as [JsonObject[]];
  return items.filter((item) => item.type === 'api' && item.api.method !== 'event').map((item) => JSON.parse(JSON.stringify(item.api)) as ReferenceApi);
}

/**
 * Which parameters the reader entered: none (the panel as the page opens), the required ones, or all of them
 * (after "Show optional parameters").
 */
export type Fill = 'none' | 'required' | 'all';

/** The value a parameter's example becomes in the store when the reader enters it in the panel's form item. */
function fillParam(param: JsonObject): unknown {
  const example = param.example ?? param.schema?.example ?? (param.examples ? (Object.values(param.examples)[0] as JsonObject).value : undefined);
  if (example === undefined) throw new Error(`${param.in} parameter ${param.name} has no example to enter`);
  const schema = param.schema ?? {};
  // ParamMultiSelectFormItem / ParamArrayFormItem: the selected or entered strings (undefined when none).
  if (schema.type === 'array') {
    const values = (Array.isArray(example) ? example : [example]).map((item: unknown) => String(item)).filter(Boolean);
    return values.length > 0 ? values : undefined;
  }
  // ParamSelectFormItem, ParamBooleanFormItem: the option's text.
  if (schema.enum || schema.type === 'boolean') return String(example);
  // ParamTextFormItem: what was typed, whitespace as %20 in a path or query parameter.
  const text = typeof example === 'string' ? example : JSON.stringify(example);
  return param.in === 'path' || param.in === 'query' ? text.replace(/\s/g, '%20') : text;
}

export type GeneratedSample = {
  operationId: string;
  method: string;
  path: string;
  fill: Fill;
  /** The curl tab's text. */
  snippet: string;
  firstLine: string;
  /** The language entry the curl tab uses (language, variant, options). */
  language: {language: string; variant: string; options: JsonObject};
};

/** Step 2: the curl tab of an operation page, after the reader entered the parameters' examples. */
export async function curlSample(api: ReferenceApi, fill: Fill = 'required'): Promise<GeneratedSample> {
  const sdk = createRequire(path.join(THEME, 'lib/theme/ApiExplorer/index.js'))('postman-collection');
  const codegen = createRequire(path.join(THEME, 'lib/theme/ApiExplorer/CodeSnippets/index.js'))('postman-code-generators');
  const buildPostmanRequest = themeModule<{default: (postman: unknown, state: JsonObject) => unknown}>('ApiExplorer/buildPostmanRequest').default;
  const {createAuth} = themeModule<{createAuth: (input: JsonObject) => JsonObject}>('ApiExplorer/Authorization/slice');
  const params = themeModule<{default: Reducer; setParam: ActionCreator}>('ApiExplorer/ParamOptions/slice');
  const body = themeModule<{slice: {reducer: Reducer}; setStringRawBody: ActionCreator}>('ApiExplorer/Body/slice');
  const server = themeModule<{slice: {reducer: Reducer}; setServer: ActionCreator}>('ApiExplorer/Server/slice');
  const {resolveSchemaWithSelections} = themeModule<{resolveSchemaWithSelections: (schema: unknown, selections: JsonObject, prefix: string) => unknown}>('ApiExplorer/Body/resolveSchemaWithSelections');
  const languages = themeModule<{generateLanguageSet: () => JsonObject[]; mergeArraysbyLanguage: (a: JsonObject[], b: JsonObject[]) => JsonObject[]; mergeCodeSampleLanguage: (langs: JsonObject[], samples: JsonObject[]) => JsonObject[]}>('ApiExplorer/CodeSnippets/languages');
  const {sampleFromSchema} = siteRequire('docusaurus-plugin-openapi-docs/lib/openapi/createSchemaExample.js');

  // REPRODUCED ApiItem/index.js: the initial state of the panel (themeConfig.api is apiThemeOptions).
  const accept = Object.entries<JsonObject>(api.responses ?? {})
    .filter(([code]) => /(20[0-9]|2[1-9][0-9])/.test(code))
    .flatMap(([, response]) => Object.keys(response.content ?? {}))[0];
  const contentType = Object.keys(api.requestBody?.content ?? {})[0];
  let paramState: JsonObject = {path: [], query: [], header: [], cookie: []};
  for (const param of (api.parameters ?? []) as JsonObject[]) paramState[param.in].push(param);
  const auth = createAuth({security: api.security, securitySchemes: api.securitySchemes, options: apiThemeOptions});
  let serverState: JsonObject = {value: undefined, options: api.servers ?? []};
  let bodyState: unknown = {type: 'empty'};

  // REPRODUCED Server/index.js: no server chosen yet, so the first one.
  if (serverState.options.length > 0) serverState = server.slice.reducer(serverState, server.setServer(JSON.stringify(serverState.options[0]))) as JsonObject;

  // REPRODUCED ParamOptions: the reader enters the examples (required parameters are shown, the others
  // after "Show optional parameters"); an array parameter with schema.example is filled on mount.
  for (const param of [...paramState.path, ...paramState.query, ...paramState.cookie, ...paramState.header] as JsonObject[]) {
    const mountedWithExample = param.schema?.type === 'array' && !param.schema.items?.enum && Array.isArray(param.schema.example) && param.schema.example.length > 0;
    if (!(fill === 'all' || (fill === 'required' && param.required) || mountedWithExample)) continue;
    paramState = params.default(paramState, params.setParam({...param, value: fillParam(param)})) as JsonObject;
  }

  // REPRODUCED Body/index.js: the default tab, "Example (from schema)", for a JSON content type.
  const rawSchema = api.requestBody?.content?.[contentType]?.schema;
  if (contentType && (contentType.includes('application/json') || contentType.endsWith('+json'))) {
    const schema = rawSchema ? resolveSchemaWithSelections(rawSchema, {}, 'requestBody') : undefined;
    const example = schema ? sampleFromSchema(schema, {type: 'request'}) : api.jsonRequestBodyExample;
    const defaultBody = example ? JSON.stringify(example, null, 2) : '';
    if (defaultBody) bodyState = body.slice.reducer(bodyState, body.setStringRawBody(defaultBody));
  } else if (contentType) {
    throw new Error(`${api.operationId}: request content type ${contentType} is not reproduced here`);
  }

  // REPRODUCED CodeSnippets/index.js: masked credentials, then the theme's request building.
  const clonedAuth = JSON.parse(JSON.stringify(auth)) as JsonObject;
  let placeholder: string | undefined;
  function cleanCredentials(obj: JsonObject): JsonObject {
    for (const key in obj) {
      if (typeof obj[key] === 'object' && obj[key] !== null) {
        const comboAuthId = Object.keys(obj).join(' and ');
        const authOptions = clonedAuth?.options?.[key] ?? clonedAuth?.options?.[comboAuthId];
        placeholder = authOptions?.find((opt: JsonObject) => opt.key === key)?.name;
        obj[key] = cleanCredentials(obj[key]);
      } else {
        obj[key] = `<${placeholder ?? key}>`;
      }
    }
    return obj;
  }
  // JSON drops the `undefined` token the cleaning replaces: put the keys back as the store has them.
  clonedAuth.data = Object.fromEntries(Object.entries<JsonObject>(auth.data).map(([scheme, keys]) => [scheme, {...keys}]));
  const cleanedAuth = {...clonedAuth, data: cleanCredentials(clonedAuth.data)};
  const postman = new sdk.Request(sdk.Request.isRequest(api.postman) ? api.postman.toJSON() : api.postman);
  const request = buildPostmanRequest(postman, {
    queryParams: paramState.query,
    pathParams: paramState.path,
    cookieParams: paramState.cookie,
    contentType,
    accept,
    headerParams: paramState.header,
    body: bodyState,
    server: serverState.value,
    auth: cleanedAuth,
  });
  const languageSet = languages.generateLanguageSet();
  const userDefined = apiLanguageTabs as unknown as JsonObject[];
  const filtered = languageSet.filter((set) => userDefined.some((lang) => lang.language === set.language));
  const merged = languages.mergeCodeSampleLanguage(languages.mergeArraysbyLanguage(userDefined, filtered), (api['x-codeSamples'] ?? []) as JsonObject[]);
  const language = merged.find((lang) => lang.language === 'curl');
  if (!language) throw new Error('the site has no curl tab (config/api-reference.ts apiLanguageTabs)');
  const mergedLanguage = language.options ? language : {...merged.find((lang) => lang.language === language.language), ...language};
  const snippet = await new Promise<string>((resolve, reject) => {
    codegen.convert(mergedLanguage.language, mergedLanguage.variant, request, mergedLanguage.options, (error: unknown, text: string) => (error ? reject(error) : resolve(text)));
  });
  return {
    operationId: api.operationId,
    method: api.method,
    path: api.path,
    fill,
    snippet,
    firstLine: snippet.split('\n')[0].replace(/\s*\\$/, ''),
    language: {language: mergedLanguage.language, variant: mergedLanguage.variant, options: mergedLanguage.options},
  };
}

export type SampleRun = {
  sample: GeneratedSample;
  calls: MockCall[];
  exitCode: number | null;
  stderr: string;
  /** Empty when the sample reached the mock once, for its own operation, and was answered 2xx. */
  problems: string[];
};

let sampleRuns = 0;

/**
 * Runs samples' texts with bash, as the docs' curl blocks run (the `curl` function sends
 * `https://{instance}.vigil.example` to the mock): each sample is a file of its own, sourced in turn by one bash
 * (a process per sample would take most of the test's time), so each request names its sample by its file.
 */
export async function runSamples(samples: GeneratedSample[], mock: ApiMock, timeoutMs = 20_000): Promise<SampleRun[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'generated-samples-'));
  const run = `samples${(sampleRuns += 1)}`;
  const files = samples.map((_sample, index) => `sample-${index + 1}.sh`);
  samples.forEach((sample, index) => writeFileSync(path.join(dir, files[index]), `${sample.snippet}\n`));
  writeFileSync(path.join(dir, 'run.sh'), files.map((file) => `source ./${file}; echo "${file} exit $?" >&2`).join('\n'));
  const env = readerShellEnv(dir, mock, run);
  const result = await runBash('run.sh', dir, env, timeoutMs);
  const notSent = readFileSync(String(env.CURL_EXAMPLES_LOG), 'utf8').split('\n').filter(Boolean);
  rmSync(dir, {recursive: true, force: true});

  return samples.map((sample, index) => {
    const file = files[index];
    const calls = mock.calls.filter((call) => call.run === run && call.site.startsWith(`${file}:`));
    const where = `${sample.operationId} (${sample.firstLine})`;
    const problems: string[] = [];
    for (const call of calls) {
      if (call.status < 200 || call.status > 299) problems.push(`${where}: ${call.method} ${call.url} -> ${call.status}: ${call.errors.join('; ')}`);
      else if (call.operationId !== sample.operationId) problems.push(`${where}: ${call.method} ${call.url} was answered as ${call.operationId}, not ${sample.operationId}`);
    }
    for (const line of notSent.filter((entry) => entry.startsWith(`${file}:`))) problems.push(`${where}: ${line.split('\t').slice(1).join(' ')}`);
    const stderr = result.stderr.split('\n').filter((line) => line.startsWith(`./${file}:`) || line.startsWith(`${file} `));
    const exit = /exit (\d+)$/.exec(stderr.find((line) => line.startsWith(`${file} exit`)) ?? '')?.[1];
    if (calls.length === 0 && problems.length === 0) {
      const why = exit === undefined ? `not run${result.timedOut ? ': the run timed out' : ''}` : `bash exited ${exit}${stderr.length > 1 ? `: ${stderr.filter((line) => !line.startsWith(`${file} exit`)).join(' | ')}` : ''}`;
      problems.push(`${where}: never reached the mock (${why})`);
    }
    if (calls.length > 1) problems.push(`${where}: ${calls.length} requests instead of one`);
    return {sample, calls, exitCode: exit === undefined ? null : Number(exit), stderr: stderr.join('\n'), problems};
  });
}

/** One sample, on its own. */
export async function runSample(sample: GeneratedSample, mock: ApiMock): Promise<SampleRun> {
  return (await runSamples([sample], mock))[0];
}
