/**
 * The server over MCP's Streamable HTTP transport, stateless: each POST to the MCP path is answered by a server
 * and a transport of its own (the SDK's StreamableHTTPServerTransport without sessions, answering JSON), over the
 * one site and the one pool of search workers. Before a request reaches the SDK it passes, in this order:
 *
 *   a request target that parses     -> 400 otherwise (bad percent-encoding, an absolute URL that is not one)
 *   the MCP path                     -> 404 otherwise (GET or HEAD /healthz answers 200 for a health check)
 *   the rate limit of its client     -> 429 with Retry-After
 *   a Host of the allowed hosts      -> 421 otherwise (DNS rebinding: a name that resolves to this address)
 *   no Origin header                 -> 403 (a browser's request: DNS rebinding; the site itself calls no backend)
 *   POST                             -> 405 otherwise (no session, so no event stream to GET and nothing to DELETE)
 *   the client's requests in progress -> 429 with Retry-After past MAX_CLIENT_REQUESTS_IN_PROGRESS (its searches
 *                                       also wait behind its own: the search pool serves clients in turn)
 *   a body of MAX_MESSAGE_BYTES      -> 413 once the body has arrived (up to MAX_DRAINED_BYTES; past that the
 *                                       connection is cut), and the connection closed
 *   JSON                             -> 400 otherwise
 *   a batch within the rate limit    -> 429: each message of a batch counts as a request of its own
 *
 * The body is read here, not by the SDK: its own bound answers a body sent in chunks with 413 but leaves the
 * connection open with the rest of the body unread, and the client's next request on that connection fails.
 *
 * A request must arrive whole within REQUEST_TIMEOUT_MS (headers and body), checked every
 * REQUEST_CHECK_INTERVAL_MS: Node then answers 408 and closes the connection.
 *
 * The server only reads the site (./site.ts).
 */
import {createServer as createHttpServer, type IncomingMessage, type ServerResponse} from 'node:http';
import {isIPv4, isIPv6, type AddressInfo} from 'node:net';
import {StreamableHTTPServerTransport} from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  MAX_CLIENT_REQUESTS_IN_PROGRESS,
  MAX_DRAINED_BYTES,
  MAX_MESSAGE_BYTES,
  RATE_LIMIT_WINDOW_MS,
  REQUEST_CHECK_INTERVAL_MS,
  REQUEST_TIMEOUT_MS,
  SHUTDOWN_GRACE_MS,
} from './limits';
import type {SearchPool} from './search';
import {SERVER_NAME, connectServer, createServer} from './server';
import type {Site} from './site';

export interface HttpOptions {
  /** The address to listen on (127.0.0.1; 0.0.0.0 in a container) and the port (0: any free port). */
  host: string;
  port: number;
  /** The path of the MCP endpoint: /mcp. */
  path: string;
  /** The client is the last address of X-Forwarded-For, which the proxy in front of the server appends. */
  trustProxy: boolean;
  /** Requests per client per RATE_LIMIT_WINDOW_MS. */
  rateLimit: number;
  /**
   * The host names (and IP addresses, IPv6 in brackets) a request's Host header may name, its port aside, in lower
   * case; undefined: any.
   */
  allowedHosts?: string[];
}

/** The names a client on the same machine uses for a server on a loopback address: the default allowed hosts. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** Whether `address` (a --host) is a loopback address or name. */
export function isLoopback(address: string): boolean {
  return address === 'localhost' || address === '::1' || /^127\.\d+\.\d+\.\d+$/.test(address);
}

/**
 * The host name of a Host header (or an entry of --allowed-hosts): lower case, without its port or a final dot,
 * an IPv6 address in brackets; undefined when it is not a host.
 */
export function hostNameOf(host: string): string | undefined {
  if (host === '' || /[\s/?#@\\]/.test(host)) return undefined;
  try {
    return new URL(`http://${host}`).hostname.replace(/\.$/, '');
  } catch {
    return undefined;
  }
}

/**
 * The path of a request target (origin-form, `/mcp?x`, or absolute-form, `http://host/mcp`); undefined when it does
 * not parse or holds a malformed percent-encoding (`/%`, `/mcp%zz`).
 */
export function targetPath(target: string | undefined): string | undefined {
  if (target === undefined) return undefined;
  try {
    let url: URL;
    if (target.startsWith('/')) url = new URL(`http://localhost${target}`);
    else if (/^https?:\/\//i.test(target)) url = new URL(target);
    else return undefined;
    decodeURIComponent(url.pathname);
    decodeURIComponent(url.search);
    return url.pathname;
  } catch {
    return undefined;
  }
}

export interface HttpServer {
  /** The MCP endpoint's URL. */
  url: string;
  /** Stops taking requests and resolves once those in progress have been answered, SHUTDOWN_GRACE_MS at most. */
  close(): Promise<void>;
}

/**
 * Who a request counts against: an IPv4 address, or the /64 network of an IPv6 address (a host is given a whole
 * /64, and could change address for each request).
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head, tail] = address.split('::');
  const groups = head === '' ? [] : head.split(':');
  if (tail !== undefined) {
    const after = tail === '' ? [] : tail.split(':');
    groups.push(...Array<string>(8 - groups.length - after.length).fill('0'), ...after);
  }
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** A fixed window per client: `limit` requests, then none until its window ends. */
export class RateLimit {
  private readonly windows = new Map<string, {start: number; count: number}>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly limit: number,
    private readonly windowMs = RATE_LIMIT_WINDOW_MS,
  ) {
    // Forgets the clients whose window has ended, so the map holds at most one window's clients.
    this.sweeper = setInterval(() => {
      const now = Date.now();
      for (const [client, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(client);
    }, this.windowMs);
    this.sweeper.unref();
  }

  /** Counts `count` requests of `client`; the seconds until it may send again when it is over its limit. */
  take(client: string, count = 1): number | undefined {
    const now = Date.now();
    let window = this.windows.get(client);
    if (!window || now - window.start >= this.windowMs) {
      window = {start: now, count: 0};
      this.windows.set(client, window);
    }
    window.count += count;
    return window.count > this.limit ? Math.ceil((window.start + this.windowMs - now) / 1000) : undefined;
  }

  stop(): void {
    clearInterval(this.sweeper);
  }
}

/** The address a request comes from: the socket's, or the one the trusted proxy appended to X-Forwarded-For. */
function clientAddress(request: IncomingMessage, trustProxy: boolean): string {
  const forwarded = request.headers['x-forwarded-for'];
  if (trustProxy && typeof forwarded === 'string') {
    const last = forwarded.split(',').at(-1)?.trim() ?? '';
    if (isIPv4(last) || isIPv6(last)) return last;
  }
  return request.socket.remoteAddress ?? 'unknown';
}

/**
 * A request's body; undefined when it is longer than MAX_MESSAGE_BYTES. The rest of a longer body is read and
 * dropped, for the client to get the answer; one longer than MAX_DRAINED_BYTES has its connection cut.
 */
async function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_MESSAGE_BYTES) {
      chunks.push(chunk);
    } else if (size > MAX_DRAINED_BYTES) {
      request.socket.destroy();
      return undefined;
    }
  }
  return size > MAX_MESSAGE_BYTES ? undefined : Buffer.concat(chunks);
}

/** An answer of this module, in the shape of the SDK's own refusals: a JSON-RPC error without an id. */
function refuse(
  response: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string | number> = {},
): void {
  response.writeHead(status, {'content-type': 'application/json', ...headers});
  response.end(JSON.stringify({jsonrpc: '2.0', error: {code: -32000, message}, id: null}));
}

export function serveHttp(site: Site, searches: SearchPool, options: HttpOptions): Promise<HttpServer> {
  const rateLimit = new RateLimit(options.rateLimit);
  let inProgress = 0;
  /** The requests in progress of each client (by clientKey) past the checks that need no body. */
  const inProgressOf = new Map<string, number>();
  let closing = false;
  let drained: (() => void) | undefined;
  const log = (message: string) => process.stderr.write(`${SERVER_NAME}: ${message}\n`);

  const allowed = options.allowedHosts === undefined ? undefined : new Set(options.allowedHosts);
  const answer = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const pathname = targetPath(request.url);
    if (pathname === undefined) {
      // The target is not read on: the connection goes with the answer, whatever body follows.
      return refuse(response, 400, 'Bad request: the request target is not a valid path', {connection: 'close'});
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && pathname === '/healthz') {
      response
        .writeHead(200, {'content-type': 'text/plain; charset=utf-8'})
        .end(request.method === 'GET' ? 'ok\n' : '');
      return;
    }
    if (pathname !== options.path) return refuse(response, 404, `Not found: the MCP endpoint is ${options.path}`);
    const client = clientAddress(request, options.trustProxy);
    // Refusals are logged, but for a 405: every SDK client GETs once, to see whether the server offers an event
    // stream. A refusal closes the connection when a body of unknown or too great a length is left unread: Node
    // would otherwise read it all, however long, to keep the connection open.
    const declared = Number(request.headers['content-length'] ?? 0);
    const refused = (status: number, message: string, headers: Record<string, string | number> = {}) => {
      if (status !== 405) log(`refused ${request.method} ${pathname} from ${client}: ${status} ${message}`);
      const unbounded = request.headers['transfer-encoding'] !== undefined || declared > MAX_DRAINED_BYTES;
      refuse(
        response,
        status,
        message,
        unbounded && !request.readableEnded ? {...headers, connection: 'close'} : headers,
      );
    };
    if (closing) return refused(503, 'The server is shutting down', {connection: 'close'});
    const key = clientKey(client);
    const wait = rateLimit.take(key);
    if (wait !== undefined) {
      const limit = `${options.rateLimit} requests per ${RATE_LIMIT_WINDOW_MS / 1000} s`;
      return refused(429, `Too many requests: this server takes ${limit} from one client`, {'retry-after': wait});
    }
    if (allowed !== undefined) {
      const host = hostNameOf(request.headers.host ?? '');
      if (host === undefined || !allowed.has(host))
        return refused(421, `Misdirected request: this server answers requests for ${[...allowed].join(', ')} only`);
    }
    if (request.headers.origin !== undefined)
      return refused(403, 'Forbidden: this server answers no request from a web page (it has an Origin header)');
    if (request.method !== 'POST')
      return refused(405, 'Method not allowed: this server is stateless, and takes POST requests only', {
        allow: 'POST',
      });
    // One client's calls wait behind its own: past its requests in progress, it is told to wait.
    const running = inProgressOf.get(key) ?? 0;
    if (running >= MAX_CLIENT_REQUESTS_IN_PROGRESS) {
      return refused(
        429,
        `Too many requests: this server answers ${MAX_CLIENT_REQUESTS_IN_PROGRESS} requests of one client at a time; send the next once one is answered`,
        {'retry-after': 1},
      );
    }
    inProgressOf.set(key, running + 1);
    response.on('close', () => {
      const left = (inProgressOf.get(key) ?? 1) - 1;
      if (left > 0) inProgressOf.set(key, left);
      else inProgressOf.delete(key);
    });
    const body = declared > MAX_DRAINED_BYTES ? undefined : await readBody(request);
    if (body === undefined) {
      return refused(413, `Payload too large: a request body must not exceed ${MAX_MESSAGE_BYTES} bytes`, {
        connection: 'close',
      });
    }
    let message: unknown;
    try {
      message = JSON.parse(body.toString('utf8'));
    } catch {
      return refused(400, 'Parse error: the request body is not JSON');
    }
    // A batch costs what its messages would cost sent one by one: the first was counted on arrival.
    if (Array.isArray(message) && message.length > 1) {
      const later = rateLimit.take(key, message.length - 1);
      if (later !== undefined) {
        const limit = `${options.rateLimit} requests per ${RATE_LIMIT_WINDOW_MS / 1000} s`;
        return refused(
          429,
          `Too many requests: a batch of ${message.length} messages counts as ${message.length} requests, and this server takes ${limit} from one client`,
          {'retry-after': later},
        );
      }
    }
    const server = createServer(site, searches, key);
    const transport = new StreamableHTTPServerTransport({sessionIdGenerator: undefined, enableJsonResponse: true});
    // Once the answer is sent, or the client has gone: a call still running is stopped (its signal aborts).
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    await connectServer(server, transport);
    await transport.handleRequest(request, response, message);
  };

  const http = createHttpServer(
    {
      requestTimeout: REQUEST_TIMEOUT_MS,
      headersTimeout: REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: REQUEST_CHECK_INTERVAL_MS,
    },
    (request, response) => {
      inProgress += 1;
      response.on('close', () => {
        inProgress -= 1;
        if (closing && inProgress === 0) drained?.();
      });
      answer(request, response).catch((error: unknown) => {
        log(
          `error answering ${request.method} ${request.url}: ${error instanceof Error ? error.message : String(error)}`,
        );
        if (!response.headersSent) refuse(response, 500, 'Internal server error');
        else response.destroy();
      });
    },
  );

  return new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host, () => {
      const {address, port} = http.address() as AddressInfo;
      const host = address.includes(':') ? `[${address}]` : address;
      resolve({
        url: `http://${host}:${port}${options.path}`,
        close() {
          closing = true;
          log(`stopping: no new request is taken; answering the ${inProgress} in progress`);
          rateLimit.stop();
          // Closes the idle connections too (Node 19 and later); a request on a connection still open gets a 503.
          http.close();
          return new Promise<void>((done) => {
            const timer = setTimeout(done, SHUTDOWN_GRACE_MS);
            drained = () => {
              clearTimeout(timer);
              done();
            };
            if (inProgress === 0) drained();
          });
        },
      });
    });
  });
}
