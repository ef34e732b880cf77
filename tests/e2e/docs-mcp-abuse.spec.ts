// The docs MCP server (packages/vigil-docs-mcp) under abuse, part 2: the search workers' memory stays bounded
// over many searches (bench/search-memory.mjs measures 5,000), a slow client is cut at the request timeout the
// README gives, and a client that floods the search within its rate limit does not starve another client.
import {createRequire} from 'node:module';
import {connect} from 'node:net';
import path from 'node:path';
import {DOCS_MCP_PACKAGE, queryOfDistinctWords, startDocsMcpHttp, type JsonRpcAnswer} from '../support/docs-mcp';
import {SEARCH_QUESTIONS} from '../support/search-questions';
import {expect, test} from '../support/site';

/**
 * REQUEST_TIMEOUT_MS of packages/vigil-docs-mcp/src/limits.ts, and the margin: its check's interval (1 s), and a
 * second for a machine the other browser tests load (the old server closed after 33 s and 12 s).
 */
const REQUEST_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MARGIN_MS = 2_000;

interface WorkerMemory {
  heapUsed: number;
  external: number;
}
interface SearchPoolLike {
  search(query: string, section: undefined, limit: number, signal: AbortSignal, client?: string): Promise<unknown>;
  memory(): Promise<WorkerMemory[]>;
  close(): Promise<void>;
}

/** The server's own search pool (dist/), in this process. */
function searchPool(): SearchPoolLike {
  const load = createRequire(path.join(DOCS_MCP_PACKAGE, 'package.json'));
  const {openSite} = load('./dist/packages/vigil-docs-mcp/src/site.js');
  const {SearchPool} = load('./dist/packages/vigil-docs-mcp/src/search.js');
  return new SearchPool(openSite(path.resolve('build'), '/docs/')) as SearchPoolLike;
}

test("the search workers' memory does not grow with the searches answered", async () => {
  test.setTimeout(40_000);
  // Before, each search grew its worker's WebAssembly memory by about 0.17 MB, never given back: 120 searches
  // more per worker grew it by about 20 MB. A worker is now retired after 100 searches.
  const pool = searchPool();
  const signal = new AbortController().signal;
  const external = async () => Math.max(...(await pool.memory()).map((usage) => usage.external));
  try {
    let done = 0;
    const searchUntil = async (total: number) => {
      for (; done < total; done += 2)
        await Promise.all(
          [done, done + 1].map((n) =>
            pool.search(SEARCH_QUESTIONS[n % SEARCH_QUESTIONS.length].query, undefined, 10, signal),
          ),
        );
    };
    // Each worker has answered 20 searches, then 120.
    await searchUntil(40);
    const warm = await external();
    await searchUntil(240);
    const after = await external();
    test.info().annotations.push({
      type: 'worker memory (external)',
      description: `${(warm / 1e6).toFixed(1)} MB after 40 searches, ${(after / 1e6).toFixed(1)} MB after 240`,
    });
    expect(after - warm, 'bytes a worker grew over 200 searches').toBeLessThan(8_000_000);
  } finally {
    await pool.close();
  }
});

/** Opens a connection to `url` and sends `head` at once, then `slow` a byte every `everyMs`; the ms until it is closed. */
function slowClient(url: string, head: string, slow: string, everyMs: number): Promise<{ms: number; received: string}> {
  const {hostname, port} = new URL(url);
  return new Promise((resolve) => {
    const started = Date.now();
    let received = '';
    let sent = 0;
    const socket = connect(Number(port), hostname, () => socket.write(head));
    const timer = setInterval(() => {
      if (sent < slow.length && socket.writable) socket.write(slow[sent++]);
    }, everyMs);
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ms: Date.now() - started, received});
    });
  });
}

test(`a client that sends its request slowly is cut after the request timeout of ${REQUEST_TIMEOUT_MS / 1000} s, headers or body`, async () => {
  test.setTimeout(30_000);
  const server = await startDocsMcpHttp('build');
  try {
    const {host, pathname} = new URL(server.url);
    const body = JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/list'});
    const [headers, slowBody] = await Promise.all([
      // Headers a byte every 200 ms: they would take 20 s.
      slowClient(
        server.url,
        '',
        `POST ${pathname} HTTP/1.1\r\nHost: ${host}\r\nX-Padding: ${'a'.repeat(100)}\r\n`,
        200,
      ),
      // A body of 200 bytes a byte every 200 ms (40 s), its headers at once.
      slowClient(
        server.url,
        `POST ${pathname} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 200\r\n\r\n`,
        body.padEnd(200, ' '),
        200,
      ),
    ]);
    test.info().annotations.push({
      type: 'closed after',
      description: `slow headers ${headers.ms} ms, slow body ${slowBody.ms} ms`,
    });
    for (const [what, closed] of [
      ['slow headers', headers],
      ['slow body', slowBody],
    ] as const) {
      expect(closed.ms, `${what}: ms until the connection was closed`).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
      expect(closed.ms, `${what}: ms until the connection was closed`).toBeLessThanOrEqual(
        REQUEST_TIMEOUT_MS + REQUEST_TIMEOUT_MARGIN_MS,
      );
      expect(closed.received, what).toMatch(/^(HTTP\/1\.1 408 |$)/);
    }
    // The server answers as before.
    const ping = await fetch(server.url.replace(/\/mcp$/, '/healthz'));
    expect(ping.status).toBe(200);
  } finally {
    await server.stop();
  }
});

/**
 * The longest a search of the second client may take, while the first floods the search within its limit: 0.6 to
 * 1.2 s measured alone, room for a machine the other browser tests load; the old server's p50 was 5.5 s, every
 * search past its budget.
 */
const FAIR_P99_MS = 3_000;

test(`a client that floods the search within its rate limit does not starve another: its 10 searches take ${FAIR_P99_MS / 1000} s at most`, async () => {
  test.setTimeout(40_000);
  // Two clients behind a proxy (each its address in X-Forwarded-For), the first within a rate limit of 1,000 a
  // minute: one that lets it keep its 8 requests in progress all along.
  const server = await startDocsMcpHttp('build', ['--trust-proxy', '--rate-limit', '1000']);
  const post = async (client: string, message: unknown) => {
    const response = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'x-forwarded-for': client,
      },
      body: JSON.stringify(message),
    });
    return {status: response.status, body: (await response.json()) as JsonRpcAnswer | JsonRpcAnswer[]};
  };
  const search = (id: number, query: string) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: {name: 'search_docs', arguments: {query}},
  });
  let flooding = true;
  try {
    // The first client: 8 requests at once (what nginx lets one client have), each a batch of 7 costly searches
    // (made-up words), each sent again once answered, until the second client is done.
    const costly = queryOfDistinctWords(1_000);
    const statuses: number[] = [];
    const flood = Array.from({length: 8}, async (_, request) => {
      for (let round = 0; flooding; round += 1) {
        const batch = Array.from({length: 7}, (__, index) =>
          search(index + 1, `${costly.slice(0, 980)} ${round} ${request} ${index}`),
        );
        statuses.push((await post('203.0.113.1', batch)).status);
      }
    });
    // Awaited at the end; a request cut when the test fails is no unhandled rejection.
    void Promise.allSettled(flood);
    await new Promise((wait) => setTimeout(wait, 300));
    // The second client: 10 ordinary searches, one after another.
    const times: number[] = [];
    const failed: string[] = [];
    for (let index = 0; index < 10; index += 1) {
      const started = Date.now();
      const answer = await post('203.0.113.2', search(index + 1, SEARCH_QUESTIONS[index].query));
      times.push(Date.now() - started);
      const result = (answer.body as JsonRpcAnswer).result as {isError?: boolean; content: Array<{text: string}>};
      if (answer.status !== 200 || result.isError)
        failed.push(`search ${index + 1}: ${answer.status} ${result?.content[0]?.text.slice(0, 120)}`);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const p50 = sorted[Math.floor(sorted.length / 2)];
    const p99 = sorted.at(-1)!;
    test.info().annotations.push({
      type: 'second client',
      description: `p50 ${p50} ms, p99 ${p99} ms, ${failed.length} of 10 failed`,
    });
    expect(failed, "the second client's searches that failed").toEqual([]);
    expect(p99, "the second client's slowest search, ms").toBeLessThan(FAIR_P99_MS);
    flooding = false;
    await Promise.all(flood);
    expect(new Set(statuses), "the first client's requests, all answered").toEqual(new Set([200]));
  } finally {
    flooding = false;
    await server.stop();
  }
});

test('a client with 8 requests in progress gets 429 for a ninth, and another client is answered', async () => {
  const server = await startDocsMcpHttp('build', ['--trust-proxy', '--rate-limit', '1000']);
  const {host, pathname} = new URL(server.url);
  const held = Array.from({length: 8}, () => {
    const {hostname, port} = new URL(server.url);
    const socket = connect(Number(port), hostname);
    socket.on('error', () => {});
    // Headers whole, the body awaited: a request in progress.
    socket.write(
      `POST ${pathname} HTTP/1.1\r\nHost: ${host}\r\nX-Forwarded-For: 203.0.113.5\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
    );
    return socket;
  });
  try {
    const post = (client: string) =>
      fetch(server.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'x-forwarded-for': client,
        },
        body: JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/list'}),
      });
    await expect.poll(async () => (await post('203.0.113.5')).status, {timeout: 5_000}).toBe(429);
    const refused = await post('203.0.113.5');
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(((await refused.json()) as {error: {message: string}}).error.message).toMatch(
      /answers 8 requests of one client at a time/,
    );
    expect((await post('203.0.113.6')).status, 'another client').toBe(200);
    for (const socket of held) socket.destroy();
    await expect.poll(async () => (await post('203.0.113.5')).status, {timeout: 5_000}).toBe(200);
  } finally {
    for (const socket of held) socket.destroy();
    await server.stop();
  }
});
