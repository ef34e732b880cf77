/**
 * The docs MCP server (packages/vigil-docs-mcp) started as an MCP client starts it: its command over stdio, or
 * its command with --http as a deployment runs it, driven by the official SDK's Client (StdioClientTransport,
 * StreamableHTTPClientTransport). The SDK is the package's own dependency (its own package-lock.json, installed
 * by the test command), loaded from the package's folder.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {existsSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';

/**
 * The package's folder; VIGIL_DOCS_MCP_PACKAGE names another build of it (an older commit's, to check that a test
 * fails on the behaviour it guards against).
 */
export const DOCS_MCP_PACKAGE = path.resolve(process.env.VIGIL_DOCS_MCP_PACKAGE ?? 'packages/vigil-docs-mcp');
/** The package's `bin`, as `npx vigil-docs-mcp` runs it. */
export const DOCS_MCP_BIN = path.join(DOCS_MCP_PACKAGE, 'bin/vigil-docs-mcp.js');

export interface ToolResult {
  content: Array<{type: string; text?: string}>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export interface ListedTool {
  name: string;
  description?: string;
  inputSchema: {
    type: string;
    properties?: Record<string, {type?: string; enum?: string[]; maxLength?: number}>;
    required?: string[];
  };
  outputSchema?: {type: string; properties?: Record<string, unknown>};
}

export interface DocsMcpClient {
  listTools(): Promise<{tools: ListedTool[]}>;
  callTool(request: {name: string; arguments?: Record<string, unknown>}): Promise<ToolResult>;
  close(): Promise<void>;
  /** What the server wrote to standard error (its log). */
  log(): string;
  /** The server's process id: over stdio, the process the client started. */
  pid(): number;
}

/**
 * Bad input to each tool, and the tool error it gets: a message that says what to do. The same over stdio and
 * over HTTP.
 */
export const BAD_INPUT: Array<[string, Record<string, unknown>, RegExp]> = [
  ['search_docs', {query: ''}, /query is empty/],
  ['search_docs', {query: '   '}, /query is empty/],
  ['search_docs', {query: '?!'}, /holds no word/],
  ['search_docs', {}, /query/],
  ['search_docs', {query: 'snowflake', section: 'Everything'}, /section/],
  ['search_docs', {query: 'snowflake', limit: 0}, /limit/],
  [
    'search_docs',
    {query: 'snowflake '.repeat(101)},
    /The query is 1,010 characters long; this server takes at most 1,000\. Search for the few words/,
  ],
  ['api_changes', {since: 'v0-never'}, /The changelog has no version or commit "v0-never"\. Give a date/],
  ['api_changes', {until: 'yesterday'}, /The changelog has no version or commit "yesterday"\. Give a date/],
  ['api_changes', {since: '2026-13-45'}, /"2026-13-45" is not a date: give one as 2026-11-25/],
  ['api_changes', {limit: 0}, /limit/],
  ['api_changes', {limit: 101}, /limit/],
  ['read_page', {path: ''}, /path is empty/],
  ['read_page', {path: '/docs/no-such-page'}, /No page of the site has a Markdown version at \/docs\/no-such-page\.md/],
  ['read_page', {path: '/docs/../../etc/passwd'}, /No page of the site/],
  ['read_page', {path: '/docs/pagefind/pagefind.js'}, /No page of the site/],
  // Input the file system or a URL parser refuses: the error names the input, quoted and cut, never the server's folder.
  [
    'read_page',
    {path: '/docs/intro\u0000.md'},
    /^The path "\/docs\/intro\\u0000\.md" holds a control character \(U\+0000\), which no page path has/,
  ],
  ['read_page', {path: '/docs/intro%00'}, /^The path "\/docs\/intro%00" holds a control character \(U\+0000\)/],
  [
    'read_page',
    {path: `/docs/${'a'.repeat(2042)}`},
    /^No page of the site has a Markdown version at \/docs\/a{74}… \(asked for "\/docs\/a{74}…" \(2,048 characters\)\)/,
  ],
  [
    'read_page',
    {path: 'https://[vigil.example/docs/intro'},
    /^The path "https:\/\/\[vigil\.example\/docs\/intro" is not a valid URL/,
  ],
  [
    'read_page',
    {path: `/docs/${'a'.repeat(3000)}`},
    /The path is 3,006 characters long; this server takes at most 2,048/,
  ],
  ['get_operation', {}, /Give an operationId/],
  ['get_operation', {operationId: 'getDatset'}, /no operation "getDatset"\. Did you mean "getDataset"\?/],
  ['get_operation', {method: 'FETCH', path: '/datasets'}, /not an HTTP method/],
  ['get_operation', {method: 'GET', path: '/no-such-path'}, /no path "\/no-such-path"/],
  [
    'get_operation',
    {method: 'GET', path: 'http://['},
    /^The path "http:\/\/\[" is not a valid URL: give the path of an operation/,
  ],
  [
    'get_operation',
    {method: 'GET', path: `/${'b'.repeat(2047)}`},
    /^The API has no path "\/b{79}…" \(2,048 characters\)\. list_operations/,
  ],
  [
    'get_operation',
    {operationId: `get\u0000${'x'.repeat(2044)}`},
    /^The API has no operation "get\\u0000x{76}…" \(2,048 characters\)\./,
  ],
  [
    'get_operation',
    {method: 'PUT', path: '/datasets'},
    /no PUT operation on \/datasets\. That path has: GET \/datasets/,
  ],
  ['list_operations', {tag: 'No such tag'}, /no tag "No such tag"\. Its tags: /],
  ['get_object', {name: 'Datset'}, /no object "Datset"\. Did you mean "Dataset"\?/],
  ['get_object', {name: ' '}, /Give the name of an object/],
];

/** What no tool's error may show: the server's folder, or a blame of the site for the client's input. */
export function expectNoServerDetails(text: string, what: string): void {
  if (text.includes(path.resolve('build')) || /Could not read the documentation site/.test(text))
    throw new Error(`${what}: the error shows the server's folder or blames the site: ${text.slice(0, 300)}`);
}

/** A query of `length` characters of made-up words, each different: the most work a query of that length asks. */
export function queryOfDistinctWords(length: number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const words: string[] = [];
  for (let index = 0, written = 0; written < length; index += 1) {
    let word = 'x';
    for (let rest = index + 26 * 26 * 26; rest > 0; rest = Math.floor(rest / 26)) word += letters[rest % 26];
    words.push(word);
    written += word.length + 1;
  }
  return words.join(' ').slice(0, length);
}

/** The text of a tool result's first content block. */
export function resultText(result: ToolResult): string {
  const [first] = result.content;
  if (first?.type !== 'text' || typeof first.text !== 'string')
    throw new Error(`not a text result: ${JSON.stringify(result).slice(0, 200)}`);
  return first.text;
}

function loadSdk() {
  if (!existsSync(path.join(DOCS_MCP_PACKAGE, 'dist')) || !existsSync(path.join(DOCS_MCP_PACKAGE, 'node_modules'))) {
    throw new Error(
      `the docs MCP server is not installed: run \`npm install --no-audit --no-fund\` in ${DOCS_MCP_PACKAGE} (the test command does)`,
    );
  }
  const load = createRequire(path.join(DOCS_MCP_PACKAGE, 'package.json'));
  return {
    Client: load('@modelcontextprotocol/sdk/client/index.js').Client,
    StdioClientTransport: load('@modelcontextprotocol/sdk/client/stdio.js').StdioClientTransport,
    StreamableHTTPClientTransport: load('@modelcontextprotocol/sdk/client/streamableHttp.js')
      .StreamableHTTPClientTransport,
  };
}

/** A connected SDK client as the tests use it, over either transport, with the server's log and process id. */
function clientOf(
  client: ReturnType<typeof loadSdk>['Client']['prototype'],
  log: () => string,
  pid: () => number,
): DocsMcpClient {
  return {
    listTools: () => client.listTools(),
    callTool: (request) => client.callTool(request),
    close: () => client.close(),
    log,
    pid,
  };
}

/** Starts `vigil-docs-mcp --site <site>` and connects an SDK client to it over stdio. */
export async function startDocsMcp(site: string): Promise<DocsMcpClient> {
  const {Client, StdioClientTransport} = loadSdk();
  const client = new Client({name: 'vigil-docs-tests', version: '1.0.0'});
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [DOCS_MCP_BIN, '--site', site],
    stderr: 'pipe',
  });
  let log = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString('utf8');
  });
  await client.connect(transport);
  return clientOf(
    client,
    () => log,
    () => transport.pid,
  );
}

/** A server started with --http: its endpoint, its process, its log. */
export interface DocsMcpHttpServer {
  url: string;
  process: ChildProcess;
  /** Resolves when the process has exited, to its exit code (or signal). */
  exited: Promise<number | string>;
  log(): string;
  /** An SDK client over Streamable HTTP, to `url` or another endpoint (a proxy's), with these request headers. */
  connect(options?: {url?: string; headers?: Record<string, string>}): Promise<DocsMcpClient>;
  stop(): Promise<void>;
}

/** Starts `vigil-docs-mcp --site <site> --http 0 <args>` and resolves once it listens. */
export async function startDocsMcpHttp(site: string, args: string[] = []): Promise<DocsMcpHttpServer> {
  const {Client, StreamableHTTPClientTransport} = loadSdk();
  const child = spawn(process.execPath, [DOCS_MCP_BIN, '--site', site, '--http', '0', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString('utf8');
      const listening = /over HTTP at (http:\/\/\S+)/.exec(log);
      if (listening) resolve(listening[1]);
    });
    void exited.then((code) => reject(new Error(`the server exited (${code}) before listening:\n${log}`)));
  });
  return {
    url,
    process: child,
    exited,
    log: () => log,
    async connect(options = {}) {
      const client = new Client({name: 'vigil-docs-tests', version: '1.0.0'});
      const transport = new StreamableHTTPClientTransport(new URL(options.url ?? url), {
        requestInit: {headers: options.headers ?? {}},
      });
      await client.connect(transport);
      return clientOf(
        client,
        () => log,
        () => child.pid!,
      );
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Waits until the process `pid` has exited; the milliseconds it took, or undefined after `timeoutMs`. */
export async function waitForExit(pid: number, timeoutMs: number): Promise<number | undefined> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      process.kill(pid, 0);
    } catch {
      return Date.now() - started;
    }
    await new Promise((wait) => setTimeout(wait, 20));
  }
  return undefined;
}

/** A JSON-RPC answer as the server sends it. */
export interface JsonRpcAnswer {
  jsonrpc: '2.0';
  id?: string | number | null;
  result?: Record<string, unknown>;
  error?: {code: number; message: string};
}

/**
 * `vigil-docs-mcp --site <site>` over stdio, driven with raw JSON-RPC lines (what the SDK's client never sends:
 * a request without its params, a call of a tool the server does not have): `request` resolves to the answer of
 * the message's id.
 */
export async function startRawStdio(site: string): Promise<{
  request(message: Record<string, unknown>): Promise<JsonRpcAnswer>;
  stop(): Promise<void>;
}> {
  const child = spawn(process.execPath, [DOCS_MCP_BIN, '--site', site], {stdio: ['pipe', 'pipe', 'ignore']});
  const waiting = new Map<unknown, (answer: JsonRpcAnswer) => void>();
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let end: number;
    while ((end = buffered.indexOf('\n')) !== -1) {
      const answer = JSON.parse(buffered.slice(0, end)) as JsonRpcAnswer;
      buffered = buffered.slice(end + 1);
      waiting.get(answer.id)?.(answer);
      waiting.delete(answer.id);
    }
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return {
    request(message) {
      return new Promise((resolve) => {
        waiting.set(message.id, resolve);
        child.stdin!.write(`${JSON.stringify(message)}\n`);
      });
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
