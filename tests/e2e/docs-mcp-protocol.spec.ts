// The docs MCP server (packages/vigil-docs-mcp) at the edges of the protocol, where the SDK's client never goes:
// raw JSON-RPC over stdio and raw HTTP requests (a tools/call without params or of an unknown tool, a request
// target that does not parse, HEAD /healthz, a Host the server does not answer for, a batch against the rate
// limit), and the cap on the size of every answer, over a made-up site with a page and an API larger than it.
import {mkdtempSync, mkdirSync, rmSync, writeFileSync} from 'node:fs';
import {connect} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {resultText, startDocsMcp, startDocsMcpHttp, startRawStdio, type JsonRpcAnswer} from '../support/docs-mcp';
import {BASE_URL, expect, test} from '../support/site';

/** MAX_ANSWER_BYTES of packages/vigil-docs-mcp/src/limits.ts. */
const MAX_ANSWER_BYTES = 128 * 1024;

/** An HTTP request written byte for byte on a socket, as a client that is no browser and no SDK may send it. */
async function rawHttp(
  url: string,
  {
    method = 'GET',
    target,
    headers = {},
    body = '',
  }: {method?: string; target: string; headers?: Record<string, string>; body?: string},
): Promise<{status: number; headers: string; body: string}> {
  const {hostname, port, host} = new URL(url);
  const lines = [
    `${method} ${target} HTTP/1.1`,
    ...Object.entries({
      host,
      connection: 'close',
      ...(body && {'content-length': String(Buffer.byteLength(body))}),
      ...headers,
    }).map(([name, value]) => `${name}: ${value}`),
  ];
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
  const split = answer.indexOf('\r\n\r\n');
  const head = answer.slice(0, split);
  let rest = answer.slice(split + 4);
  // A chunked body: its chunks' data, without their sizes.
  if (/^transfer-encoding: chunked$/im.test(head)) {
    let data = '';
    for (let size = parseInt(rest, 16); size > 0; size = parseInt(rest, 16)) {
      const start = rest.indexOf('\r\n') + 2;
      data += rest.slice(start, start + size);
      rest = rest.slice(start + size + 2);
    }
    rest = data;
  }
  return {status: Number(head.split(' ')[1]), headers: head, body: rest};
}

/** A JSON-RPC message POSTed to the endpoint; the answer's status and body. */
async function post(url: string, message: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers},
    body: JSON.stringify(message),
  });
  return {status: response.status, body: (await response.json()) as JsonRpcAnswer | JsonRpcAnswer[]};
}

/** Requests a client may send that the SDK answered with a raw dump (-32603) or with a tool result. */
const INVALID_CALLS: Array<[string, Record<string, unknown>, RegExp]> = [
  [
    'tools/call without params',
    {method: 'tools/call'},
    /^Invalid params: tools\/call takes params, an object with the name of a tool and its arguments, such as \{"name": "search_docs"/,
  ],
  [
    'tools/call with params of no name',
    {method: 'tools/call', params: {}},
    /^Invalid params: the params of tools\/call name the tool/,
  ],
  [
    'tools/call of an unknown tool',
    {method: 'tools/call', params: {name: 'no_such_tool', arguments: {}}},
    /^Unknown tool "no_such_tool": this server's tools are search_docs, read_page, get_operation, get_object, list_operations, api_changes \(tools\/list describes them\)\.$/,
  ],
  [
    'tools/call of a tool name of 2,000 characters',
    {method: 'tools/call', params: {name: 'x'.repeat(2000)}},
    /^Unknown tool "x{80}…" \(2,000 characters\): this server's tools are/,
  ],
  [
    'tools/call with arguments that are no object',
    {method: 'tools/call', params: {name: 'read_page', arguments: ['/docs/intro']}},
    /^Invalid params: the arguments of tools\/call are an object/,
  ],
  [
    'initialize without params',
    {method: 'initialize'},
    /^Invalid params of initialize: params: expected object, received undefined\.$/,
  ],
];

function expectInvalidParams(answer: JsonRpcAnswer, id: number, message: RegExp, what: string) {
  expect(answer.result, `${what}: no result, an error`).toBeUndefined();
  expect(answer.id, what).toBe(id);
  expect(answer.error?.code, `${what}: -32602, Invalid params`).toBe(-32602);
  expect(answer.error?.message, what).toMatch(message);
  expect(answer.error?.message, `${what}: one sentence`).not.toMatch(/\n/);
}

test('over stdio, a tools/call without params, of an unknown tool or with arguments no object gets the JSON-RPC error -32602 in one sentence', async () => {
  const server = await startRawStdio('build');
  try {
    let id = 0;
    for (const [what, message, expected] of INVALID_CALLS) {
      id += 1;
      expectInvalidParams(await server.request({jsonrpc: '2.0', id, ...message}), id, expected, what);
    }
    // A method the server does not have stays "Method not found"; a valid call is answered as before.
    const unknown = await server.request({jsonrpc: '2.0', id: 100, method: 'no/such-method'});
    expect(unknown.error?.code).toBe(-32601);
    const page = await server.request({
      jsonrpc: '2.0',
      id: 101,
      method: 'tools/call',
      params: {name: 'read_page', arguments: {path: `${BASE_URL}intro`}},
    });
    expect(page.error).toBeUndefined();
    expect((page.result as {content: Array<{text: string}>}).content[0].text).toMatch(/^# /m);
  } finally {
    await server.stop();
  }
});

test('over HTTP, the same errors, alone or in a batch beside a valid call', async () => {
  const server = await startDocsMcpHttp('build', ['--rate-limit', '1000']);
  try {
    let id = 0;
    for (const [what, message, expected] of INVALID_CALLS) {
      id += 1;
      const answer = await post(server.url, {jsonrpc: '2.0', id, ...message});
      expect(answer.status, what).toBe(200);
      expectInvalidParams(answer.body as JsonRpcAnswer, id, expected, what);
    }
    const batch = await post(server.url, [
      {jsonrpc: '2.0', id: 1, method: 'tools/call', params: {name: 'no_such_tool'}},
      {jsonrpc: '2.0', id: 2, method: 'tools/call', params: {name: 'read_page', arguments: {path: `${BASE_URL}intro`}}},
    ]);
    const answers = batch.body as JsonRpcAnswer[];
    expectInvalidParams(
      answers.find((answer) => answer.id === 1)!,
      1,
      /^Unknown tool "no_such_tool"/,
      'in a batch',
    );
    expect(answers.find((answer) => answer.id === 2)?.result).toHaveProperty('content');
    expect(server.log()).not.toMatch(/error answering/);
  } finally {
    await server.stop();
  }
});

test('a request target that does not parse gets 400, HEAD /healthz 200 without a body', async () => {
  const server = await startDocsMcpHttp('build', ['--rate-limit', '1000']);
  try {
    const ping = JSON.stringify({jsonrpc: '2.0', id: 1, method: 'ping'});
    const json = {'content-type': 'application/json', accept: 'application/json, text/event-stream'};
    for (const [method, target] of [
      ['GET', '/%'],
      ['POST', '/mcp%zz'],
      ['POST', '/mcp?q=%E0%A4%A'],
      ['GET', 'http://[zz/'],
      ['POST', 'http://127.0.0.1:99999/mcp'],
    ]) {
      const answer = await rawHttp(server.url, {method, target, headers: json, body: method === 'POST' ? ping : ''});
      expect(answer.status, `${method} ${target}`).toBe(400);
      expect(answer.body, `${method} ${target}`).toMatch(/Bad request: the request target is not a valid path/);
    }
    // A path that starts like an authority is a path (before, 500: it was parsed as a URL with a host and port).
    expect((await rawHttp(server.url, {target: '//x:99999/'})).status).toBe(404);
    // The absolute form of a valid target is answered as its path.
    const absolute = await rawHttp(server.url, {method: 'POST', target: server.url, headers: json, body: ping});
    expect(absolute.status).toBe(200);
    expect(server.log(), 'no request is an error of the server').not.toMatch(/error answering/);

    const head = await rawHttp(server.url, {method: 'HEAD', target: '/healthz'});
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    const get = await rawHttp(server.url, {target: '/healthz'});
    expect([get.status, get.body]).toEqual([200, 'ok\n']);
  } finally {
    await server.stop();
  }
});

test('a request for a host the server does not answer for gets 421: the loopback names by default, --allowed-hosts otherwise', async () => {
  const [local, named] = await Promise.all([
    startDocsMcpHttp('build', ['--rate-limit', '1000']),
    startDocsMcpHttp('build', ['--rate-limit', '1000', '--allowed-hosts', 'docs.vigil.example,127.0.0.1']),
  ]);
  try {
    const ping = JSON.stringify({jsonrpc: '2.0', id: 1, method: 'ping'});
    const json = {'content-type': 'application/json', accept: 'application/json, text/event-stream'};
    const status = async (url: string, host: string, target = '/mcp') =>
      (await rawHttp(url, {method: 'POST', target, headers: {...json, host}, body: ping})).status;
    const port = new URL(local.url).port;
    // A page whose name resolves to 127.0.0.1 (DNS rebinding) sends its own name as Host.
    expect(await status(local.url, 'rebinding.example')).toBe(421);
    expect(await status(local.url, `rebinding.example:${port}`)).toBe(421);
    expect(await status(local.url, `localhost:${port}`)).toBe(200);
    expect(await status(local.url, `127.0.0.1:${port}`)).toBe(200);
    expect(await status(local.url, `[::1]:${port}`)).toBe(200);
    const refused = await rawHttp(local.url, {
      method: 'POST',
      target: '/mcp',
      headers: {...json, host: 'rebinding.example'},
      body: ping,
    });
    expect(refused.body).toMatch(
      /Misdirected request: this server answers requests for localhost, 127\.0\.0\.1, \[::1\] only/,
    );

    expect(await status(named.url, 'docs.vigil.example')).toBe(200);
    expect(await status(named.url, 'DOCS.Vigil.Example.:443'), 'in any case, with a port and a final dot').toBe(200);
    expect(await status(named.url, '127.0.0.1')).toBe(200);
    expect(await status(named.url, 'localhost')).toBe(421);
    expect(await status(named.url, 'other.vigil.example')).toBe(421);
    // The health check answers whatever the host.
    const health = await rawHttp(named.url, {target: '/healthz', headers: {host: 'anything.example'}});
    expect(health.status).toBe(200);
  } finally {
    await Promise.all([local.stop(), named.stop()]);
  }
});

test('each message of a batch counts against the rate limit', async () => {
  const server = await startDocsMcpHttp('build', ['--rate-limit', '5']);
  try {
    const ping = (id: number) => ({jsonrpc: '2.0', id, method: 'ping'});
    const first = await post(server.url, [ping(1), ping(2), ping(3)]);
    expect(first.status).toBe(200);
    expect((first.body as JsonRpcAnswer[]).map((answer) => answer.id).sort()).toEqual([1, 2, 3]);
    // 3 + 3 > 5: before, a batch cost one request, and 100 calls went through as one.
    const second = await post(server.url, [ping(4), ping(5), ping(6)]);
    expect(second.status).toBe(429);
    expect((second.body as JsonRpcAnswer).error?.message).toMatch(
      /^Too many requests: a batch of 3 messages counts as 3 requests, and this server takes 5 requests per 60 s from one client$/,
    );
    const fresh = await startDocsMcpHttp('build', ['--rate-limit', '60']);
    try {
      const calls = Array.from({length: 100}, (_, index) => ({
        jsonrpc: '2.0',
        id: index + 1,
        method: 'tools/call',
        params: {name: 'api_changes', arguments: {}},
      }));
      expect((await post(fresh.url, calls)).status, 'a batch of 100 calls from a client of 60 a minute').toBe(429);
    } finally {
      await fresh.stop();
    }
  } finally {
    await server.stop();
  }
});

test(`every answer is at most ${MAX_ANSWER_BYTES / 1024} KiB: a longer page is cut with a note, a longer list is a tool error`, async () => {
  const site = mkdtempSync(path.join(tmpdir(), 'docs-mcp-site-'));
  try {
    writeFileSync(path.join(site, 'llms.txt'), '# A made-up site\n');
    // 300 kB of Markdown, with characters of two and three bytes across the cut.
    const line = 'Données de la table « orders » — synchronisées ✓\n';
    const page = `# A long page\n\n${line.repeat(Math.ceil(300_000 / Buffer.byteLength(line)))}`;
    writeFileSync(path.join(site, 'long.md'), page);
    // An API of 3,000 operations: list_operations of them all is over the cap, of one tag not.
    mkdirSync(path.join(site, 'api'));
    const operations = Array.from({length: 3000}, (_, index) => ({
      kind: 'operation',
      page: `api/operation-${index}`,
      markdown: `api/operation-${index}.md`,
      method: 'get',
      path: `/things/${index}`,
      operationId: `getThing${index}`,
      summary: `Get the thing number ${index}`,
      tag: index < 10 ? 'Few' : 'Many',
    }));
    writeFileSync(
      path.join(site, 'api/manifest.json'),
      JSON.stringify({
        title: 'Made up',
        version: '1',
        servers: [],
        tags: ['Few', 'Many'],
        files: {},
        pages: operations,
      }),
    );
    const server = await startDocsMcp(site);
    try {
      const long = await server.callTool({name: 'read_page', arguments: {path: `${BASE_URL}long`}});
      expect(long.isError ?? false).toBe(false);
      const text = resultText(long);
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_ANSWER_BYTES);
      const note =
        /\n\n\[Cut: this page's Markdown is ([\d,]+) bytes, and this server answers at most 131,072\. The whole page is \/docs\/long\.md on the site\.\]\n$/.exec(
          text,
        );
      expect(note, text.slice(-300)).not.toBeNull();
      expect(Number(note![1].replace(/,/g, ''))).toBe(Buffer.byteLength(page));
      expect(page.startsWith(text.slice(0, note!.index)), 'the text before the note: the start of the page').toBe(true);
      expect(text, 'no character cut in two').not.toContain('\ufffd');

      const all = await server.callTool({name: 'list_operations', arguments: {}});
      expect(all.isError).toBe(true);
      expect(resultText(all)).toMatch(
        /^The answer would be [\d,]+ bytes; this server answers at most 131,072\. Ask for the operations of one tag\.$/,
      );
      const few = await server.callTool({name: 'list_operations', arguments: {tag: 'Few'}});
      expect(few.isError ?? false).toBe(false);
      expect((few.structuredContent as {operations: unknown[]}).operations).toHaveLength(10);
    } finally {
      await server.close();
    }
  } finally {
    rmSync(site, {recursive: true, force: true});
  }
});

test("the site's largest answers are within the cap", async () => {
  const server = await startDocsMcp('build');
  try {
    const sizes: Record<string, number> = {};
    for (const call of [
      {name: 'list_operations', arguments: {}},
      {name: 'read_page', arguments: {path: `${BASE_URL}llms.txt`}},
      {name: 'read_page', arguments: {path: `${BASE_URL}api/changelog`}},
      {name: 'search_docs', arguments: {query: 'dataset', limit: 50}},
      {name: 'api_changes', arguments: {limit: 100}},
    ]) {
      const result = await server.callTool(call);
      const what = `${call.name} ${JSON.stringify(call.arguments)}`;
      expect(result.isError ?? false, `${what}: ${resultText(result).slice(0, 200)}`).toBe(false);
      sizes[what] = Buffer.byteLength(resultText(result));
      expect(resultText(result), what).not.toMatch(/\[Cut: /);
    }
    for (const [what, bytes] of Object.entries(sizes)) expect(bytes, what).toBeLessThanOrEqual(MAX_ANSWER_BYTES);
  } finally {
    await server.close();
  }
});
