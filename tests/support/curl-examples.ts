/**
 * Runs the `curl` examples of the docs and the blog against a request-validating mock of
 * openapi/vigil-api.yaml.
 *
 * How a page's shell blocks are run:
 * - Every ```bash / ```sh / ```shell block that calls `curl` is executed with bash, in page order, in one
 *   temporary directory per page, with a stand-in for the reader's environment (READER_ENV below, HOME in
 *   that directory, the reader's own files from tests/fixtures/curl-examples/reader/ and home/). PATH
 *   holds only READER_TOOLS (shell utilities, curl, jq), so a cloud CLI in a block is "not found".
 * - A block titled like a script (```bash title="wait-for-sync.sh"```) is written to that directory as an
 *   executable file first; when another block of the page runs it (`./wait-for-sync.sh`) it is not run
 *   on its own.
 * - `curl` is a bash function (tests/fixtures/curl-examples/curl-function.sh, loaded through BASH_ENV, so
 *   scripts started by a block have it too) that sends any `https://...vigil.example/...` URL to the mock
 *   on 127.0.0.1 (which checks the host against `https://{instance}.vigil.example`) and runs the real
 *   curl, so `-G`, `--data-urlencode`, `-o`, `-w`, `--fail` behave as for the reader. Calls to other hosts
 *   (a reader's webhook endpoint, a schema registry) are not sent anywhere and count as "other hosts".
 * - Each curl is named by its doc line (`file:line` of the line where `curl` is). A curl the run never
 *   reaches fails, unless it is in a branch on a status the block tests (`409) ...`): then the block runs
 *   again with the mock answering that documented status to the calls made before it.
 *
 * Convention: how a doc names the body of `curl ... -d @file.json` (also --data, --data-binary, --json):
 * 1. the block itself writes the file (`jq -n ... > file.json`): the shell run makes it;
 * 2. else a code block of the page titled exactly `file.json`;
 * 3. else the `<operationId> request` JSON block nearest to the curl block, after or before it with no
 *    other curl block in between, for the operation the curl calls (read from its method and URL, or the
 *    nearest one when that cannot be read); a request block there for another operation fails the check;
 * 4. anything else breaks the convention (`conventionBreaks` lists it); the run then takes the same file
 *    name resolved on another page by rules 2-3, else the `<operationId> request` block of another page
 *    for the operation the curl calls (docs/features/index.md points to the feature pages this way).
 */
import {execFile} from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type {ValidateFunction} from 'ajv';
import {type CodeBlock, codeBlocks, type MarkdownFile} from './content';
import {deref, mediaExamples, operationsOf, type ApiOperation as Operation, type JsonObject} from '../../src/openapi';
import {loadSpec} from './openapi';
import {allowsType, createBodyValidator, createSchemaAjv} from './schema-validator';

export const FIXTURES = 'tests/fixtures/curl-examples';

/** The reader's environment as the docs assume it (docs/intro.md sets the first two). */
export const READER_ENV: Record<string, string> = {
  VIGIL_INSTANCE: 'acme',
  VIGIL_TOKEN: 'vgl_pat_standin0token0for0the0docs0examples',
  // Secret of a webhook endpoint (docs/features/alerts.md signs a test body with it).
  VIGIL_WEBHOOK_SECRET: 'whsec_standin',
  // The `next_cursor` of a previous page (docs/product/limits-and-quotas.md), as in the OpenAPI examples.
  NEXT_CURSOR: 'eyJvZmZzZXQiOjUwfQ',
};

/**
 * The only commands a block finds on PATH: shell utilities, curl and jq. Cloud CLIs of the reader
 * (gcloud, aws, ...) are "not found", so a block never reaches a real service or writes over a reader file.
 */
export const READER_TOOLS = [
  'bash',
  'sh',
  'env',
  'curl',
  'jq',
  'openssl',
  'sed',
  'awk',
  'grep',
  'head',
  'tail',
  'tr',
  'cut',
  'sort',
  'uniq',
  'wc',
  'cat',
  'tee',
  'date',
  'sleep',
  'rm',
  'mkdir',
  'cp',
  'mv',
  'ls',
  'touch',
  'basename',
  'dirname',
  'mktemp',
  'base64',
  'sha256sum',
  'xargs',
  'printf',
  'echo',
  'test',
  'true',
  'false',
  'seq',
];

function toolsDir(dir: string): string {
  const bin = path.join(dir, 'bin');
  mkdirSync(bin);
  for (const tool of READER_TOOLS) {
    const found = ['/usr/bin', '/bin']
      .map((folder) => path.join(folder, tool))
      .find((candidate) => existsSync(candidate));
    if (found) symlinkSync(found, path.join(bin, tool));
  }
  return bin;
}

const SHELL_LANGUAGES = new Set(['bash', 'sh', 'shell']);
/** A `curl` command word: at a line start, after `$(`, `|`, `;`, `&&`, `||` or `(`. */
const CURL_WORD = /(?:^|[\s;&|(])curl(?=\s)/;
const REQUEST_TITLE = /^(\w+) request$/;
const BODY_FILE = /(?:-d|--data|--data-binary|--data-raw|--json)\s+["']?@([^\s"']+)/g;

// ---------------------------------------------------------------------------------------------------------
// The mock

export type MockCall = {
  /** The page run that sent it, and `script:line` in that run. */
  run: string;
  site: string;
  /** A documented non-2xx status the run asked for (X-Curl-Example-Force), not a rejection. */
  forced?: boolean;
  /** Answered by the mock's scenario hook (startApiMock's `scenario` option), after validation. */
  scenario?: boolean;
  method: string;
  url: string;
  operationId?: string;
  status: number;
  errors: string[];
};

type Route = {op: Operation; regex: RegExp; names: string[]; literalLength: number};

export type ApiMock = {port: number; calls: MockCall[]; close: () => Promise<void>};

/** A request the mock accepted (valid against the OpenAPI file), as a scenario hook sees it. */
export type ScenarioRequest = {
  operationId: string;
  method: string;
  /** The path under the base path, such as `/jobs/job_7p2m4x9k/run`. */
  path: string;
  /** The path parameters by name. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body, or undefined without one. */
  body: unknown;
};

/** What a scenario answers: a status the operation documents, its body, and headers it documents. */
export type ScenarioAnswer = {status: number; body?: unknown; headers?: Record<string, string>};

/**
 * An optional hook of startApiMock for tests that need answers in a sequence (an execution `running`, then
 * `succeeded`; a `429` then a `200`). It is asked only after a request passed validation; `undefined` leaves
 * the answer to the mock (the first 2xx example). The mock checks every answer against the operation's
 * responses (a documented status, a body valid against that response's schema, only documented headers with
 * valid values) and answers 500 with the problems otherwise, so a test never runs against an answer the API
 * cannot give. The curl examples do not use it.
 */
export type ScenarioHook = (request: ScenarioRequest) => ScenarioAnswer | undefined;

/**
 * A validating mock of the OpenAPI file on 127.0.0.1: unknown path 404, other method 405, bad or unknown
 * path/query/header parameters 400, a missing bearer token 401 where the operation requires it, a body
 * that is missing, not JSON or against the schema 400/415/422; otherwise the first 2xx response of the
 * operation with its example, or the answer of the `scenario` hook (ScenarioHook) after it is validated.
 * Every request is recorded with the doc site of the curl that sent it.
 */
export async function startApiMock(spec: JsonObject, options: {scenario?: ScenarioHook} = {}): Promise<ApiMock> {
  const validateBody = createBodyValidator(spec);
  const {ajv, rooted} = createSchemaAjv(spec);
  const paramValidators = new Map<string, ValidateFunction>();
  const basePath = new URL(String(spec.servers[0].url).replace(/\{[^}]+\}/g, 'x')).pathname.replace(/\/$/, '');
  const serverOrigin = /^[a-z]+:\/\/[^/]+/.exec(String(spec.servers[0].url))![0];
  const originPattern = new RegExp(
    `^${serverOrigin.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}|\{\w+\}/g, '[A-Za-z0-9-]+')}$`,
  );

  const routes: Route[] = operationsOf(spec).map((op) => {
    const names: string[] = [];
    const source = op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}|\{(\w+)\}/g, (_m, a, b) => {
      names.push(a ?? b);
      return '([^/]+)';
    });
    return {op, regex: new RegExp(`^${source}$`), names, literalLength: op.path.replace(/\{\w+\}/g, '').length};
  });
  // A literal segment wins over a template (/users/me before /users/{user_id}).
  routes.sort((a, b) => b.literalLength - a.literalLength);

  function checkParam(op: Operation, param: JsonObject, raw: string): string | undefined {
    const key = `${op.operationId} ${param.in} ${param.name}`;
    let validator = paramValidators.get(key);
    const schema = deref(spec, param.schema) ?? {};
    if (!validator) {
      validator = ajv.compile(rooted(param.schema ?? {}));
      paramValidators.set(key, validator);
    }
    let value: unknown = raw;
    if (allowsType(schema, 'integer') || allowsType(schema, 'number'))
      value = /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
    if (allowsType(schema, 'boolean')) value = raw === 'true' ? true : raw === 'false' ? false : raw;
    if (validator(value)) return undefined;
    return `${param.in} parameter ${param.name}=${JSON.stringify(raw)}: ${(validator.errors ?? []).map((e) => `${e.instancePath} ${e.message}`.trim()).join('; ')}`;
  }

  function exampleOf(raw: JsonObject | undefined): unknown {
    const content =
      deref(spec, raw)?.content?.['application/json'] ?? deref(spec, raw)?.content?.['application/problem+json'];
    if (!content) return undefined;
    // The example the operation page shows: the media type's own, else the one the shared generator builds.
    return mediaExamples(spec, content, 'response')[0]?.value ?? {};
  }

  const answerValidators = new Map<string, ValidateFunction>();
  /** Problems of a scenario answer against the operation's documented responses; empty when it is valid. */
  function checkAnswer(op: Operation, answer: ScenarioAnswer): {problems: string[]; contentType?: string} {
    const response = deref(spec, op.definition.responses[String(answer.status)]);
    if (!response) {
      return {
        problems: [
          `scenario answer: ${answer.status} is not a documented response of ${op.operationId} (${Object.keys(op.definition.responses).join(', ')})`,
        ],
      };
    }
    const problems: string[] = [];
    const [contentType, media] = Object.entries<JsonObject>(response.content ?? {})[0] ?? [];
    if (!media) {
      if (answer.body !== undefined) problems.push(`scenario answer: ${op.operationId} ${answer.status} has no body`);
    } else if (answer.body === undefined) {
      problems.push(`scenario answer: ${op.operationId} ${answer.status} needs a ${contentType} body`);
    } else {
      const key = `${op.operationId} ${answer.status}`;
      let validator = answerValidators.get(key);
      if (!validator) {
        validator = ajv.compile(rooted(media.schema ?? {}));
        answerValidators.set(key, validator);
      }
      if (!validator(answer.body)) {
        for (const error of validator.errors ?? [])
          problems.push(
            `scenario answer: ${op.operationId} ${answer.status} body ${error.instancePath || '/'} ${error.message}${error.params && 'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : ''}`,
          );
      }
    }
    const documented = new Map(
      Object.entries<JsonObject>(response.headers ?? {}).map(([name, header]) => [name.toLowerCase(), header]),
    );
    for (const [name, value] of Object.entries(answer.headers ?? {})) {
      const header = deref(spec, documented.get(name.toLowerCase()));
      if (!header) {
        problems.push(`scenario answer: ${op.operationId} ${answer.status} does not document the header ${name}`);
        continue;
      }
      const problem = checkParam(op, {...header, in: 'header', name}, value);
      if (problem) problems.push(`scenario answer: ${problem}`);
    }
    return {problems, contentType};
  }

  function handle(
    method: string,
    rawUrl: string,
    headers: http.IncomingHttpHeaders,
    body: string,
  ): Omit<MockCall, 'run' | 'site' | 'method' | 'url'> & {
    response?: unknown;
    responseHeaders?: Record<string, string>;
    contentType?: string;
  } {
    const url = new URL(rawUrl, 'http://mock');
    const origin = headers['x-curl-example-origin'];
    if (typeof origin === 'string' && origin !== '' && !originPattern.test(origin)) {
      return {status: 404, errors: [`${origin} is not the API server ${serverOrigin}`]};
    }
    if (!url.pathname.startsWith(`${basePath}/`))
      return {status: 404, errors: [`${url.pathname} is not under the API base path ${basePath}`]};
    const apiPath = url.pathname.slice(basePath.length);
    const matching = routes.filter((route) => route.regex.test(apiPath));
    if (matching.length === 0) return {status: 404, errors: [`no path of the OpenAPI file matches ${apiPath}`]};
    const route = matching.find((candidate) => candidate.op.method === method.toLowerCase());
    if (!route) {
      return {
        status: 405,
        errors: [
          `${method} is not an operation of ${matching[0].op.path} (it has ${[...new Set(matching.map((m) => m.op.method.toUpperCase()))].join(', ')})`,
        ],
      };
    }
    const {op} = route;
    const errors: string[] = [];
    let status = 400;
    const params = op.parameters;

    // Security first, as the API does.
    const security = (op.definition.security ?? spec.security ?? []) as JsonObject[];
    const needsBearer = security.length > 0 && security.every((requirement) => 'bearerAuth' in requirement);
    if (needsBearer && !/^Bearer \S+$/.test(String(headers.authorization ?? ''))) {
      return {
        operationId: op.operationId,
        status: 401,
        errors: [
          `missing or malformed "Authorization: Bearer <token>" header (got ${JSON.stringify(headers.authorization ?? null)})`,
        ],
      };
    }

    const pathValues = route.regex.exec(apiPath)!.slice(1);
    route.names.forEach((name, index) => {
      const param = params.find((p) => p.in === 'path' && p.name === name);
      const problem = param && checkParam(op, param, decodeURIComponent(pathValues[index]));
      if (problem) errors.push(problem);
    });

    const queryNames = new Set<string>();
    for (const [name] of url.searchParams) queryNames.add(name);
    for (const name of queryNames) {
      const param = params.find((p) => p.in === 'query' && p.name === name);
      const values = url.searchParams.getAll(name);
      if (!param)
        errors.push(
          `unknown query parameter ${name} (${op.operationId} has ${
            params
              .filter((p) => p.in === 'query')
              .map((p) => p.name)
              .join(', ') || 'none'
          })`,
        );
      else if (values.length > 1 && !allowsType(deref(spec, param.schema), 'array'))
        errors.push(`query parameter ${name} given ${values.length} times`);
      else {
        const problem = checkParam(op, param, values[0]);
        if (problem) errors.push(problem);
      }
    }
    for (const param of params) {
      if (param.in === 'query' && param.required && !queryNames.has(param.name))
        errors.push(`missing required query parameter ${param.name}`);
      if (param.in === 'header') {
        const value = headers[String(param.name).toLowerCase()];
        if (value === undefined) {
          if (param.required) errors.push(`missing required header ${param.name}`);
        } else {
          const problem = checkParam(op, param, String(value));
          if (problem) errors.push(problem);
        }
      }
    }

    const requestBody = deref(spec, op.definition.requestBody);
    if (errors.length === 0) {
      if (!requestBody) {
        if (body.length > 0) errors.push(`${op.operationId} takes no request body, got ${body.length} bytes`);
      } else if (body.length === 0) {
        if (requestBody.required) errors.push(`${op.operationId} requires a JSON body, got none`);
      } else if (!/^application\/json\b/.test(String(headers['content-type'] ?? ''))) {
        status = 415;
        errors.push(`body sent as ${JSON.stringify(headers['content-type'] ?? null)}, not application/json`);
      } else {
        let value: unknown;
        try {
          value = JSON.parse(body);
        } catch (error) {
          errors.push(`body is not JSON: ${(error as Error).message}`);
        }
        if (errors.length === 0) {
          const problems = validateBody(op, 'request', value) ?? [];
          if (problems.length > 0) {
            status = 422;
            errors.push(...problems.map((problem) => `body ${problem}`));
          }
        }
      }
    }
    if (errors.length > 0) return {operationId: op.operationId, status, errors};

    const answer = options.scenario?.({
      operationId: op.operationId,
      method: method.toUpperCase(),
      path: apiPath,
      params: Object.fromEntries(route.names.map((name, index) => [name, decodeURIComponent(pathValues[index])])),
      query: url.searchParams,
      body: body.length > 0 ? JSON.parse(body) : undefined,
    });
    if (answer) {
      const {problems, contentType} = checkAnswer(op, answer);
      if (problems.length > 0) return {operationId: op.operationId, status: 500, errors: problems, scenario: true};
      return {
        operationId: op.operationId,
        status: answer.status,
        errors: [],
        scenario: true,
        response: answer.body,
        responseHeaders: answer.headers,
        contentType,
      };
    }

    const force = /^(\w+)=(\d{3})$/.exec(String(headers['x-curl-example-force'] ?? ''));
    if (force && force[1] === op.operationId && op.definition.responses[force[2]]) {
      return {
        operationId: op.operationId,
        status: Number(force[2]),
        errors: [],
        forced: true,
        response: exampleOf(op.definition.responses[force[2]]),
      };
    }
    const [code, raw] = Object.entries<JsonObject>(op.definition.responses).find(([key]) => /^2\d\d$/.test(key))!;
    return {operationId: op.operationId, status: Number(code), errors: [], response: exampleOf(raw)};
  }

  const calls: MockCall[] = [];
  const server = http.createServer((request, reply) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const result = handle(
        request.method ?? 'GET',
        request.url ?? '/',
        request.headers,
        Buffer.concat(chunks).toString('utf8'),
      );
      const [run, site] = String(request.headers['x-curl-example-site'] ?? 'none/unknown').split('/');
      calls.push({
        run,
        site,
        forced: result.forced,
        scenario: result.scenario,
        method: request.method ?? 'GET',
        url: request.url ?? '/',
        operationId: result.operationId,
        status: result.status,
        errors: result.errors,
      });
      if (result.status >= 300 && !result.forced && !(result.scenario && result.errors.length === 0)) {
        reply.writeHead(result.status, {'content-type': 'application/problem+json'});
        reply.end(
          JSON.stringify({
            title: 'Rejected by the OpenAPI mock',
            status: result.status,
            detail: result.errors.join('; '),
          }),
        );
      } else if (result.response === undefined || result.status === 204) {
        reply.writeHead(result.status, result.responseHeaders ?? {});
        reply.end();
      } else {
        reply.writeHead(result.status, {
          'content-type': result.contentType ?? 'application/json',
          ...result.responseHeaders,
        });
        reply.end(JSON.stringify(result.response));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The shell side

export type CurlSite = {file: string; line: number; command: string; bodyFiles: string[]};

export type ShellBlock = CodeBlock & {
  /** File name the block is written to in the run directory. */
  script: string;
  sites: CurlSite[];
  /** Run by another block of the page (`./name.sh`), so not on its own. */
  invokedByOthers: boolean;
};

/** The bash blocks of a page that call curl, with their curl sites (doc line of each `curl`). */
export function shellBlocks(page: MarkdownFile): ShellBlock[] {
  const offset = pageLineOffset(page);
  const blocks = codeBlocks(page.body).filter(
    (block) => SHELL_LANGUAGES.has(block.language) && block.code.split('\n').some((line) => CURL_WORD.test(line)),
  );
  const result = blocks.map((block) => {
    const lines = block.code.split('\n');
    const sites: CurlSite[] = [];
    lines.forEach((text, index) => {
      if (!CURL_WORD.test(text) || /^\s*#/.test(text)) return;
      let command = text;
      for (let next = index; /\\\s*$/.test(lines[next]) && next + 1 < lines.length; next += 1)
        command += `\n${lines[next + 1]}`;
      sites.push({
        file: page.file,
        line: offset + block.line + 1 + index,
        command,
        bodyFiles: [...command.matchAll(BODY_FILE)].map((m) => m[1]),
      });
    });
    const script =
      block.title && /^[\w.-]+\.(sh|bash)$/.test(block.title) ? block.title : `block-${offset + block.line}.sh`;
    return {...block, script, sites, invokedByOthers: false};
  });
  for (const block of result) {
    block.invokedByOthers =
      Boolean(block.title) && result.some((other) => other !== block && other.code.includes(`./${block.script}`));
  }
  return result;
}

/** Lines of front matter before the body, so that lines are lines of the file. */
function pageLineOffset(page: MarkdownFile): number {
  const source = readFileSync(page.file, 'utf8');
  return source.slice(0, source.length - page.body.length).split('\n').length - 1;
}

export type BodySource = {name: string; text: string; from: string; operationId?: string; convention: boolean};

let operationCache: Operation[] | undefined;

/** The operation a curl command calls, read from its text (method flags and the URL after /api/v1 or $API). */
export function operationOfCommand(command: string): Operation | undefined {
  operationCache ??= operationsOf(loadSpec());
  const url = /(?:\/api\/v1|\$\{?API\}?)(\/[^"'\s?\\]*)/.exec(command)?.[1];
  if (!url) return undefined;
  const apiPath = url.replace(/\$\{?\w+\}?/g, 'x');
  const explicit = /(?:-X|--request)\s+["']?(\w+)/.exec(command)?.[1];
  const method = (
    explicit ??
    (/\s(?:-G|--get)\b/.test(command) ? 'GET' : /\s(?:-d|--data[\w-]*|--json)\s/.test(command) ? 'POST' : 'GET')
  ).toLowerCase();
  const candidates = operationCache.filter(
    (op) => op.method === method && new RegExp(`^${op.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(apiPath),
  );
  return candidates.sort((a, b) => b.path.replace(/\{\w+\}/g, '').length - a.path.replace(/\{\w+\}/g, '').length)[0];
}

function writtenByBlock(name: string, code: string): boolean {
  return new RegExp(`>\\s*["']?${name.replace(/[.*+?^$()|[\]\\]/g, '\\$&')}`).test(code);
}

/** The body of each `@file` a page's curl commands read, by rules 2-3 of the convention at the top of this file. */
export function pageBodies(page: MarkdownFile): Map<string, BodySource> {
  const offset = pageLineOffset(page);
  const all = codeBlocks(page.body);
  const bodies = new Map<string, BodySource>();
  const shells = shellBlocks(page);
  const isCurlBlock = (block: CodeBlock) => shells.some((other) => other.line === block.line);
  const isRequest = (block: CodeBlock) => block.language === 'json' && REQUEST_TITLE.test(block.title ?? '');
  for (const shell of shells) {
    const index = all.findIndex((block) => block.line === shell.line);
    // Request blocks around this curl block, nearest first (after before before at the same distance).
    const around: CodeBlock[] = [];
    for (let distance = 1; distance < all.length; distance += 1) {
      const after = all[index + distance];
      const before = all[index - distance];
      if (after && !isCurlBlock(after) && isRequest(after)) around.push(after);
      if (before && !isCurlBlock(before) && isRequest(before)) around.push(before);
    }
    const reachable = around.filter((block) => {
      const [from, to] = block.line > shell.line ? [shell.line, block.line] : [block.line, shell.line];
      return !shells.some((other) => other.line > from && other.line < to);
    });
    const names = [...new Set(shell.sites.flatMap((site) => site.bodyFiles))].filter(
      (name) => !writtenByBlock(name, shell.code),
    );
    for (const site of shell.sites) {
      for (const name of site.bodyFiles) {
        if (bodies.has(name) || writtenByBlock(name, shell.code)) continue;
        const titled = all.find((block) => block.title === name);
        if (titled) {
          bodies.set(name, {name, text: titled.code, from: `${page.file}:${offset + titled.line}`, convention: true});
          continue;
        }
        const operationId = operationOfCommand(site.command)?.operationId;
        const found = operationId
          ? reachable.find((block) => block.title === `${operationId} request`)
          : names.length === 1
            ? reachable[0]
            : undefined;
        if (found) {
          bodies.set(name, {
            name,
            text: found.code,
            from: `${page.file}:${offset + found.line}`,
            operationId: REQUEST_TITLE.exec(found.title!)![1],
            convention: true,
          });
        } else if (operationId && names.length === 1 && reachable.length > 0) {
          // The page shows a request body next to the curl, but for another operation: a wrong example.
          bodies.set(name, {
            name,
            text: reachable[0].code,
            from: `${page.file}:${offset + reachable[0].line}`,
            operationId: REQUEST_TITLE.exec(reachable[0].title!)![1],
            convention: true,
          });
        }
      }
    }
  }
  return bodies;
}

export type PageRun = {
  page: string;
  sites: CurlSite[];
  calls: MockCall[];
  /** Curl calls not sent to the mock: other hosts, or curl failing (exit status). */
  notSent: Array<{site: string; detail: string}>;
  blocks: Array<{
    script: string;
    line: number;
    exitCode: number | null;
    stderr: string;
    timedOut: boolean;
    force?: string;
  }>;
  bodies: BodySource[];
  missingBodies: Array<{site: string; name: string}>;
  /** Problems, each naming `file:line`; empty when every curl of the page was answered 2xx. */
  problems: string[];
};

let runCounter = 0;

/**
 * The environment a run's bash gets, in its temporary directory `dir`: READER_ENV, only READER_TOOLS on
 * PATH, HOME (default `dir`/home), and the `curl` function (BASH_ENV) that sends Vigil calls to the mock
 * with the header `X-Curl-Example-Site: <run>/<script>:<line>` and logs the others to CURL_EXAMPLES_LOG
 * (an empty `dir`/curl.log).
 */
export function readerShellEnv(
  dir: string,
  mock: ApiMock,
  run: string,
  home = path.join(dir, 'home'),
): NodeJS.ProcessEnv {
  if (run.includes('/')) throw new Error(`a run id has no "/": ${run}`);
  const log = path.join(dir, 'curl.log');
  writeFileSync(log, '');
  return {
    PATH: toolsDir(dir),
    LANG: 'C.UTF-8',
    HOME: home,
    TMPDIR: dir,
    ...READER_ENV,
    BASH_ENV: path.resolve(FIXTURES, 'curl-function.sh'),
    CURL_EXAMPLES_PORT: String(mock.port),
    CURL_EXAMPLES_LOG: log,
    CURL_EXAMPLES_RUN: run,
  };
}

/** Runs `bash script` in `cwd`, killed after `timeout` ms. */
export function runBash(script: string, cwd: string, env: NodeJS.ProcessEnv, timeout: number) {
  return new Promise<{code: number | null; stderr: string; timedOut: boolean}>((resolve) => {
    execFile(
      'bash',
      [script],
      {cwd, env, timeout, killSignal: 'SIGKILL', maxBuffer: 4 << 20},
      (error, _stdout, stderr) => {
        const failure = error as (NodeJS.ErrnoException & {code?: number | string; killed?: boolean}) | null;
        resolve({
          code: failure ? (typeof failure.code === 'number' ? failure.code : null) : 0,
          stderr: String(stderr),
          timedOut: Boolean(failure?.killed),
        });
      },
    );
  });
}

/**
 * Runs the curl blocks of one page against the mock and checks that every curl site was sent and
 * answered 2xx. `fallbackBodies` are bodies resolved on other pages (rule 4 of the convention).
 */
export async function runPage(
  page: MarkdownFile,
  mock: ApiMock,
  fallbackBodies: Map<string, BodySource> = new Map(),
  timeoutMs = 15_000,
): Promise<PageRun> {
  const blocks = shellBlocks(page);
  const sites = blocks.flatMap((block) => block.sites);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'curl-examples-'));
  const home = path.join(dir, 'home');
  const work = path.join(dir, 'work');
  mkdirSync(work, {recursive: true});
  cpSync(path.join(FIXTURES, 'home'), home, {recursive: true});
  cpSync(path.join(FIXTURES, 'reader'), work, {recursive: true});
  const local = pageBodies(page);
  const bodies: BodySource[] = [];
  const missingBodies: PageRun['missingBodies'] = [];
  for (const block of blocks) {
    for (const site of block.sites) {
      for (const name of site.bodyFiles) {
        if (writtenByBlock(name, block.code)) continue;
        const fallback =
          fallbackBodies.get(name) ?? fallbackBodies.get(`request:${operationOfCommand(site.command)?.operationId}`);
        const body = local.get(name) ?? (fallback && {...fallback, name, convention: false});
        if (!body) {
          missingBodies.push({site: `${site.file}:${site.line}`, name});
          continue;
        }
        if (!bodies.includes(body)) bodies.push(body);
        mkdirSync(path.dirname(path.join(work, name)), {recursive: true});
        writeFileSync(path.join(work, name), body.text);
      }
    }
    writeFileSync(path.join(work, block.script), block.code);
    chmodSync(path.join(work, block.script), 0o755);
  }

  const runId = `run${(runCounter += 1)}`;
  const env = readerShellEnv(dir, mock, runId, home);
  const log = String(env.CURL_EXAMPLES_LOG);
  const runs: PageRun['blocks'] = [];
  const deadline = Date.now() + timeoutMs;
  const runBlock = async (block: ShellBlock, force?: string) => {
    const result = await runBash(
      block.script,
      work,
      force ? {...env, CURL_EXAMPLES_FORCE: force} : env,
      Math.max(1_000, deadline - Date.now()),
    );
    runs.push({
      script: block.script,
      line: block.line,
      exitCode: result.code,
      stderr: result.stderr.trim(),
      timedOut: result.timedOut,
      force,
    });
  };
  const readLog = () =>
    readFileSync(log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [site, ...rest] = line.split('\t');
        return {site, detail: rest.join('\t')};
      });

  // Map `script:line` (bash reports the first or the last line of a multi-line command) to the doc site.
  const scriptOf = new Map(blocks.map((block) => [block.script, block]));
  const siteOf = (where: string): CurlSite | undefined => {
    const [script, lineText] = where.split(':');
    const block = scriptOf.get(script);
    if (!block) return undefined;
    const line = pageLineOffset(page) + block.line + Number(lineText);
    return [...block.sites].reverse().find((site) => site.line <= line);
  };
  const key = (site: CurlSite | undefined) => (site ? `${site.file}:${site.line}` : undefined);
  const reached = () =>
    new Set([
      ...mock.calls.filter((call) => call.run === runId).map((call) => key(siteOf(call.site))),
      ...readLog().map((entry) => key(siteOf(entry.site))),
    ]);

  for (const block of blocks) if (!block.invokedByOthers) await runBlock(block);

  // A curl in a branch on a status the script tests (`409) ...`) is reached by asking the mock for that
  // documented status on a call the block made before it.
  for (const block of blocks) {
    if (block.invokedByOthers) continue;
    const own = [block, ...blocks.filter((other) => other.invokedByOthers && block.code.includes(`./${other.script}`))];
    const missing = () => own.flatMap((b) => b.sites).filter((site) => !reached().has(key(site)));
    if (missing().length === 0) continue;
    const called = new Set(
      mock.calls
        .filter((call) => call.run === runId && own.some((b) => call.site.startsWith(`${b.script}:`)))
        .map((call) => call.operationId),
    );
    for (const operationId of called) {
      const op =
        operationCache?.find((candidate) => candidate.operationId === operationId) ??
        operationsOf(loadSpec()).find((candidate) => candidate.operationId === operationId);
      for (const status of Object.keys(op?.definition.responses ?? {}).filter(
        (code) => !/^2/.test(code) && new RegExp(`\\b${code}\\b`).test(block.code),
      )) {
        if (missing().length > 0) await runBlock(block, `${operationId}=${status}`);
      }
    }
  }
  const notSent = readLog();
  rmSync(dir, {recursive: true, force: true});

  const calls = mock.calls
    .filter((call) => call.run === runId)
    .map((call) => ({...call, site: key(siteOf(call.site)) ?? `${page.file} (${call.site})`}));

  const problems: string[] = [];
  for (const call of calls) {
    if ((call.status < 200 || call.status > 299) && !call.forced) {
      problems.push(
        `${call.site}: ${call.method} ${call.url.replace(/^\/api\/v1/, '')}${call.operationId ? ` (${call.operationId})` : ''} -> ${call.status}: ${call.errors.join('; ')}`,
      );
    }
    const site = sites.find((s) => `${s.file}:${s.line}` === call.site);
    for (const name of site?.bodyFiles ?? []) {
      const body = bodies.find((b) => b.name === name);
      if (body?.operationId && call.operationId && body.operationId !== call.operationId) {
        problems.push(
          `${call.site}: the body ${name} is the "${body.operationId} request" block (${body.from}) but the call is ${call.operationId}`,
        );
      }
    }
  }
  for (const entry of notSent) {
    const site = siteOf(entry.site);
    const where = site ? `${site.file}:${site.line}` : `${page.file} (${entry.site})`;
    if (/^curl exit /.test(entry.detail)) problems.push(`${where}: ${entry.detail}`);
  }
  for (const missing of missingBodies)
    problems.push(
      `${missing.site}: no body for @${missing.name} on this page or any other (see the convention in tests/support/curl-examples.ts)`,
    );
  const externalSites = new Set(
    notSent
      .filter((entry) => !/^curl exit /.test(entry.detail))
      .map((entry) => siteOf(entry.site))
      .filter(Boolean)
      .map((site) => `${site!.file}:${site!.line}`),
  );
  for (const site of sites) {
    const where = `${site.file}:${site.line}`;
    if (!calls.some((call) => call.site === where) && !externalSites.has(where)) {
      const block = blocks.find((b) => b.sites.includes(site))!;
      const run = runs.find((r) => r.script === block.script);
      const why = run?.timedOut
        ? 'the block timed out'
        : run
          ? `the block exited ${run.exitCode}${run.stderr ? `: ${run.stderr.split('\n').slice(-2).join(' | ')}` : ''}`
          : `${block.script} was not reached from the blocks that run it`;
      problems.push(`${where}: this curl was never sent (${why})`);
    }
  }
  for (const run of runs)
    if (run.timedOut)
      problems.push(`${page.file}:${pageLineOffset(page) + run.line}: the block did not finish within ${timeoutMs} ms`);
  return {page: page.file, sites, calls, notSent, blocks: runs, bodies, missingBodies, problems};
}

/**
 * For rule 4: bodies resolved on each page by rules 2-3, by file name, and every `<operationId> request`
 * block, as `request:<operationId>` (first page in path order wins).
 */
export function docsBodies(pages: MarkdownFile[]): Map<string, BodySource> {
  const all = new Map<string, BodySource>();
  for (const page of pages) for (const [name, body] of pageBodies(page)) if (!all.has(name)) all.set(name, body);
  for (const page of pages) {
    const offset = pageLineOffset(page);
    for (const block of codeBlocks(page.body)) {
      const operationId = block.language === 'json' ? REQUEST_TITLE.exec(block.title ?? '')?.[1] : undefined;
      if (operationId && !all.has(`request:${operationId}`)) {
        all.set(`request:${operationId}`, {
          name: `request:${operationId}`,
          text: block.code,
          from: `${page.file}:${offset + block.line}`,
          operationId,
          convention: false,
        });
      }
    }
  }
  return all;
}

/** Curl blocks whose `@file` bodies do not follow the convention (resolved elsewhere or nowhere). */
export function conventionBreaks(pages: MarkdownFile[]): string[] {
  const breaks: string[] = [];
  for (const page of pages) {
    const local = pageBodies(page);
    for (const block of shellBlocks(page)) {
      for (const site of block.sites) {
        for (const name of site.bodyFiles) {
          if (writtenByBlock(name, block.code)) continue;
          if (!local.has(name)) breaks.push(`${site.file}:${site.line} @${name}`);
        }
      }
    }
  }
  return breaks;
}

export function fixturePage(name: string): MarkdownFile {
  const file = path.join(FIXTURES, name);
  if (!existsSync(file)) throw new Error(`no fixture ${file}`);
  return {file, frontMatter: {}, body: readFileSync(file, 'utf8')};
}
