// The docs MCP server over MCP's Streamable HTTP transport (`vigil-docs-mcp --http`, stateless), driven by the
// SDK's client as a remote client drives it: the same tools and answers as over stdio (docs-mcp.spec.ts), its
// limits (a query of 1 MB, a body over 1 MiB, a client over its rate limit, a web page's request), SIGTERM during
// calls, and behind nginx at /docs/mcp with the package's location block inside deploy/nginx.conf's server block
// and its zones (nginx-http.conf) in the http block.
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {connect, createServer, type Socket} from 'node:net';
import path from 'node:path';
import {operationsOf} from '../../src/openapi';
import {
  BAD_INPUT,
  DOCS_MCP_PACKAGE,
  queryOfDistinctWords,
  resultText,
  startDocsMcp,
  startDocsMcpHttp,
  type DocsMcpClient,
  type DocsMcpHttpServer,
} from '../support/docs-mcp';
import {loadSpec} from '../support/openapi';
import {SEARCH_QUESTIONS} from '../support/search-questions';
import {BASE_URL, expect, test} from '../support/site';

/** The package's nginx location block for the MCP path. */
const NGINX_LOCATION = path.join(DOCS_MCP_PACKAGE, 'deploy/nginx-location.conf');
/** The zones of its request and connection limits, for the http block. */
const NGINX_ZONES = path.join(DOCS_MCP_PACKAGE, 'deploy/nginx-http.conf');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** A JSON-RPC request as a client POSTs it, with the headers the transport asks for. */
function post(url: string, headers: Record<string, string> = {}, body?: BodyInit): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers},
    body: body ?? JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/list'}),
    ...(body instanceof ReadableStream && {duplex: 'half'}),
  } as RequestInit);
}

/** A body of `bytes` bytes sent in chunks, without a Content-Length. */
function streamedBody(bytes: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.length;
    },
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as {port: number};
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let http: DocsMcpHttpServer;
let overHttp: DocsMcpClient;
let overStdio: DocsMcpClient;
test.beforeAll(async () => {
  // The comparison with stdio makes about 50 requests in a few seconds; the rate limit has a test of its own.
  [http, overStdio] = await Promise.all([startDocsMcpHttp('build', ['--rate-limit', '1000']), startDocsMcp('build')]);
  overHttp = await http.connect();
});
test.afterAll(async () => {
  await Promise.all([overHttp?.close(), overStdio?.close()]);
  await http?.stop();
});

test('over HTTP, the same tools and the same answers as over stdio, bad input included', async () => {
  test.setTimeout(60_000);
  expect((await overHttp.listTools()).tools).toEqual((await overStdio.listTools()).tools);
  const operations = operationsOf(loadSpec());
  const calls: Array<{name: string; arguments: Record<string, unknown>}> = [
    ...SEARCH_QUESTIONS.filter((_, index) => index % 10 === 0).map(({query}) => ({
      name: 'search_docs',
      arguments: {query},
    })),
    {name: 'search_docs', arguments: {query: 'snowflake', section: 'API', limit: 3}},
    ...[`${BASE_URL}intro`, `${BASE_URL}llms.txt`, `${BASE_URL}api/${operations[0].slug}.md`].map((page) => ({
      name: 'read_page',
      arguments: {path: page},
    })),
    {name: 'get_operation', arguments: {operationId: operations[1].operationId}},
    {name: 'get_operation', arguments: {method: operations[2].method, path: operations[2].path}},
    {name: 'list_operations', arguments: {}},
    {name: 'list_operations', arguments: {tag: operations[0].tag!}},
    ...BAD_INPUT.map(([name, args]) => ({name, arguments: args})),
  ];
  for (const call of calls) {
    const [answer, expected] = await Promise.all([overHttp.callTool(call), overStdio.callTool(call)]);
    expect(answer, `${call.name} ${JSON.stringify(call.arguments).slice(0, 80)}`).toEqual(expected);
  }
  expect(calls.filter((call) => call.name === 'search_docs').length).toBeGreaterThan(5);
  expect(http.log()).not.toMatch(/error|at .*\.js:\d+/i);
});

test('a query of 1 MB is refused at once as a tool error, and a read_page sent beside it is not held', async () => {
  const started = Date.now();
  const [search, page] = await Promise.all(
    [
      {name: 'search_docs', arguments: {query: queryOfDistinctWords(1_000_000)}},
      {name: 'read_page', arguments: {path: `${BASE_URL}intro`}},
    ].map((call) => overHttp.callTool(call).then((result) => ({result, ms: Date.now() - started}))),
  );
  expect(search.result.isError).toBe(true);
  expect(resultText(search.result)).toMatch(
    /The query is 1,000,000 characters long; this server takes at most 1,000\./,
  );
  expect(search.ms, 'the refusal of the 1 MB query').toBeLessThan(2_000);
  expect(page.result.isError ?? false).toBe(false);
  expect(page.ms, 'read_page beside it').toBeLessThan(2_000);
});

test('a request over 1 MiB is refused with 413, its length declared or not, and the server answers the next call', async () => {
  const refused = await overHttp.callTool({name: 'search_docs', arguments: {query: 'a'.repeat(2 * 1024 * 1024)}}).then(
    () => 'answered',
    (error: Error & {code?: number}) => `${error.code} ${error.message}`,
  );
  // The SDK's StreamableHTTPError carries the HTTP status as its code.
  expect(refused).toMatch(/^413 .*Payload too large: a request body must not exceed 1048576 bytes/);
  const streamed = await post(http.url, {}, streamedBody(2 * 1024 * 1024));
  expect(streamed.status, 'a body sent in chunks, without Content-Length').toBe(413);
  expect(streamed.headers.get('connection')).toBe('close');
  // Over 4 MiB the server stops reading: the client gets the 413, or its connection cut while it still sends.
  const huge = await overHttp.callTool({name: 'search_docs', arguments: {query: 'a'.repeat(11 * 1024 * 1024)}}).then(
    () => 'answered',
    (error: Error & {code?: number}) => `${error.code} ${error.message}`,
  );
  expect(huge).toMatch(/^413 |fetch failed|EPIPE|ECONNRESET|other side closed/);
  const page = await overHttp.callTool({name: 'read_page', arguments: {path: `${BASE_URL}intro`}});
  expect(page.isError ?? false).toBe(false);
  expect(resultText(page)).toMatch(/^# /m);
  expect((await post(http.url, {}, '{"jsonrpc": "2.0", "id": 1, "method": ')).status, 'a body that is not JSON').toBe(
    400,
  );
});

test('a request from a web page (with an Origin header) is refused with 403, and a GET with 405', async () => {
  const fromPage = await post(http.url, {origin: 'https://elsewhere.example'});
  expect(fromPage.status).toBe(403);
  expect(((await fromPage.json()) as {error: {message: string}}).error.message).toMatch(/Origin header/);
  const get = await fetch(http.url, {headers: {accept: 'text/event-stream'}});
  expect(get.status).toBe(405);
  expect(get.headers.get('allow')).toBe('POST');
  expect((await post(http.url)).status, 'the same request without Origin').toBe(200);
});

test('a client over the rate limit gets 429 with Retry-After; behind a trusted proxy, each forwarded address has its own count', async () => {
  const [direct, proxied] = await Promise.all([
    startDocsMcpHttp('build', ['--rate-limit', '5']),
    startDocsMcpHttp('build', ['--rate-limit', '5', '--trust-proxy']),
  ]);
  try {
    // Directly, X-Forwarded-For is anyone's to write: the socket's address counts.
    const statuses = [];
    for (let index = 0; index < 6; index += 1)
      statuses.push((await post(direct.url, {'x-forwarded-for': `203.0.113.${index}`})).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const over = await post(direct.url);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(((await over.json()) as {error: {message: string}}).error.message).toMatch(
      /Too many requests: this server takes 5 requests per 60 s from one client/,
    );
    // The SDK's client sees the refusal as an error, the HTTP status as its code.
    await expect(direct.connect()).rejects.toMatchObject({code: 429, message: /Too many requests/});

    // Behind the proxy, the last address of X-Forwarded-For is the client, and an IPv6 client is its /64 network.
    const forwarded = async (addresses: string) => (await post(proxied.url, {'x-forwarded-for': addresses})).status;
    const first = [];
    for (let index = 0; index < 6; index += 1) first.push(await forwarded(`198.51.100.1, 203.0.113.7`));
    expect(first).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await forwarded('203.0.113.7, 203.0.113.8'), 'another client').toBe(200);
    for (let index = 0; index < 5; index += 1) expect(await forwarded(`2001:db8:1:2::${index + 1}`)).toBe(200);
    expect(await forwarded('2001:db8:1:2:ffff::9'), 'another address of the same /64').toBe(429);
    expect(await forwarded('2001:db8:1:3::1'), 'another /64').toBe(200);
  } finally {
    await Promise.all([direct.stop(), proxied.stop()]);
  }
});

test('SIGTERM during calls: the calls in progress are answered, no new request is taken, and the server exits', async () => {
  const server = await startDocsMcpHttp('build');
  const client = await server.connect();
  try {
    const query = queryOfDistinctWords(1_000);
    // Eight searches, two at a time: SIGTERM comes while some run and others wait for a worker.
    const calls = Array.from({length: 8}, (_, index) =>
      client.callTool({name: 'search_docs', arguments: {query: `${query.slice(0, 990)} ${index}`}}),
    );
    await new Promise((wait) => setTimeout(wait, 300));
    const signalled = Date.now();
    server.process.kill('SIGTERM');
    await expect.poll(() => /answering the (\d+) in progress/.exec(server.log())?.[1]).toBeDefined();
    const inProgress = Number(/answering the (\d+) in progress/.exec(server.log())![1]);
    expect(inProgress, 'calls in progress at SIGTERM').toBeGreaterThan(0);
    const late = await post(server.url).then(
      (response) => response.status,
      () => 'refused',
    );
    expect(late, 'a request after SIGTERM').not.toBe(200);
    const settled = await Promise.allSettled(calls);
    const answered = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    expect(answered.length, 'calls answered').toBeGreaterThanOrEqual(inProgress);
    for (const answer of answered) {
      if (answer.isError) expect(resultText(answer)).toMatch(/took longer than its time budget of 5 s/);
      else expect(answer.structuredContent).toHaveProperty('results');
    }
    // A call the client had not sent yet finds the server gone.
    for (const outcome of settled)
      if (outcome.status === 'rejected') expect(String(outcome.reason)).toMatch(/fetch failed|503|ECONNREFUSED/);
    expect(await server.exited, 'exit code').toBe(0);
    // The calls' budget (5 s) bounds the wait.
    expect(Date.now() - signalled, 'milliseconds from SIGTERM to exit').toBeLessThan(6_500);
  } finally {
    await server.stop();
  }
});

test("behind nginx at /docs/mcp with the package's location block in deploy/nginx.conf's server block, and its limits", async () => {
  test.setTimeout(60_000);
  // nginx waits for an answer a little longer than a call's budget (5 s), no longer.
  const block = readFileSync(NGINX_LOCATION, 'utf8');
  const readTimeout = Number(/proxy_read_timeout (\d+)s;/.exec(block)?.[1]);
  expect(readTimeout, 'proxy_read_timeout, in seconds').toBeGreaterThan(5);
  expect(readTimeout, 'proxy_read_timeout, in seconds').toBeLessThanOrEqual(10);
  // The server's own rate limit out of the way: a 429 here is nginx's.
  const [mcp, port] = await Promise.all([
    startDocsMcpHttp('build', ['--trust-proxy', '--rate-limit', '1000']),
    freePort(),
  ]);
  const home = path.resolve(`.artifacts/nginx-mcp-${port}`);
  const endpoint = `http://127.0.0.1:${port}${BASE_URL}mcp`;
  const held: Socket[] = [];
  let nginx: ChildProcess | undefined;
  try {
    const {writeNginxConfig} = await import('../../tools/nginx-server.mjs');
    const conf = writeNginxConfig({port, dir: home});
    // The location block as the deployment guide has it, pointed at this server, inside the production server block.
    const location = block.replace(/proxy_pass http:\/\/127\.0\.0\.1:\d+\/mcp;/, `proxy_pass ${mcp.url};`);
    expect(location, 'the block names the server started').toContain(`proxy_pass ${mcp.url};`);
    writeFileSync(`${home}/mcp-location.conf`, location);
    // The zones go in the http context: deploy/nginx.conf is included inside http {}, and this file before it.
    writeFileSync(`${home}/mcp-zones.conf`, readFileSync(NGINX_ZONES, 'utf8'));
    const serverBlock = readFileSync(`${home}/vigil-docs.conf`, 'utf8');
    const end = serverBlock.lastIndexOf('}');
    writeFileSync(
      `${home}/vigil-docs.conf`,
      `include ${home}/mcp-zones.conf;\n${serverBlock.slice(0, end)}    include ${home}/mcp-location.conf;\n${serverBlock.slice(end)}`,
    );
    const checked = spawnSync(NGINX, ['-t', '-p', home, '-c', conf, '-e', `${home}/error.log`], {encoding: 'utf8'});
    expect(checked.status, `nginx -t:\n${checked.stderr}`).toBe(0);

    nginx = spawn(NGINX, ['-p', home, '-c', conf, '-e', `${home}/error.log`], {stdio: 'ignore'});
    await expect
      .poll(
        async () =>
          post(endpoint).then(
            (response) => response.status,
            () => 0,
          ),
        {timeout: 10_000},
      )
      .toBe(200);
    const throughNginx = await mcp.connect({url: endpoint});
    try {
      expect((await throughNginx.listTools()).tools).toEqual((await overHttp.listTools()).tools);
      for (const call of [
        {name: 'search_docs', arguments: {query: SEARCH_QUESTIONS[0].query}},
        {name: 'read_page', arguments: {path: `${BASE_URL}intro`}},
      ]) {
        expect(await throughNginx.callTool(call), call.name).toEqual(await overHttp.callTool(call));
      }
    } finally {
      await throughNginx.close();
    }
    // nginx refuses a body over the server's limit itself, and the site's pages are served beside the endpoint.
    expect((await post(endpoint, {}, 'x'.repeat(1024 * 1024 + 1))).status).toBe(413);
    const intro = await fetch(`http://127.0.0.1:${port}${BASE_URL}intro`);
    expect(intro.status).toBe(200);
    expect(intro.headers.get('content-type')).toMatch(/^text\/html/);

    // Connections: 8 requests of one client in progress at once (here, their bodies still awaited), then 429.
    // What ends a held request early (nginx answers it, or closes its connection) is kept, to say why if no 429.
    const heldEnds: string[] = [];
    for (let index = 0; index < 8; index += 1) {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', (error) => heldEnds.push(`request ${index + 1}: ${error.message}`));
      socket.on('data', (data) => heldEnds.push(`request ${index + 1} answered: ${String(data).split('\r\n')[0]}`));
      socket.on('close', () => heldEnds.push(`request ${index + 1}: connection closed`));
      await new Promise((resolve) =>
        socket.write(
          `POST ${BASE_URL}mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
          resolve,
        ),
      );
      held.push(socket);
    }
    await expect
      .poll(async () => ({ninth: (await post(endpoint)).status, heldEnds: [...heldEnds]}), {
        timeout: 10_000,
        message: 'a ninth request at once, the 8 held still in progress',
      })
      .toEqual({ninth: 429, heldEnds: []});
    for (const socket of held.splice(0)) socket.destroy();
    await expect.poll(async () => (await post(endpoint)).status, {timeout: 5_000}).toBe(200);

    // Requests: a burst of 60 at once, then 2 a second. 100 in a row: about 60 answered, the rest refused by nginx.
    const statuses: number[] = [];
    let refusal = '';
    for (let index = 0; index < 100; index += 1) {
      const response = await post(endpoint);
      statuses.push(response.status);
      if (response.status === 429) refusal = await response.text();
      else await response.arrayBuffer();
    }
    const answered = statuses.filter((status) => status === 200).length;
    test
      .info()
      .annotations.push({type: 'nginx limit_req', description: `${answered} of 100 requests in a row answered`});
    expect(answered + statuses.filter((status) => status === 429).length, 'every request: 200 or 429').toBe(100);
    expect(answered, 'requests answered').toBeGreaterThan(10);
    expect(answered, 'requests answered').toBeLessThanOrEqual(75);
    expect(refusal, "nginx's refusal, not the server's").toMatch(/<title>429 Too Many Requests<\/title>/);
  } finally {
    for (const socket of held) socket.destroy();
    if (nginx) {
      const stopped = new Promise((resolve) => nginx!.once('exit', resolve));
      nginx.kill('SIGTERM');
      await stopped;
    }
    await mcp.stop();
    rmSync(home, {recursive: true, force: true});
  }
});

test("the container's build compiles the server from its context alone: no node_modules but the package's own", () => {
  test.setTimeout(120_000);
  // What Dockerfile.dockerignore lets into the context: the `!` lines, less the lines after them.
  const rules = readFileSync(path.join(DOCS_MCP_PACKAGE, 'Dockerfile.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#') && line !== '*');
  const included = rules.filter((line) => line.startsWith('!')).map((line) => line.slice(1));
  const excluded = new Set(rules.filter((line) => !line.startsWith('!')));
  expect(included).toEqual(['src', 'packages/vigil-docs-mcp']);
  const context = mkdtempSync(path.join(tmpdir(), 'docs-mcp-context-'));
  try {
    for (const folder of included) {
      cpSync(folder, path.join(context, folder), {
        recursive: true,
        filter: (source) => !excluded.has(path.relative('.', source)),
      });
    }
    const pkg = path.join(context, 'packages/vigil-docs-mcp');
    // The image's `npm ci` in the package: the dependencies the test command installed there.
    symlinkSync(path.join(DOCS_MCP_PACKAGE, 'node_modules'), path.join(pkg, 'node_modules'), 'dir');
    const tsc = spawnSync(
      process.execPath,
      [path.join(pkg, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit'],
      {cwd: pkg, encoding: 'utf8'},
    );
    expect(`${tsc.stdout}${tsc.stderr}`).toBe('');
    expect(tsc.status).toBe(0);
  } finally {
    rmSync(context, {recursive: true, force: true});
  }
});
