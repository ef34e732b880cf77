/**
 * vigil-docs-mcp --site <build folder or URL> [--base-path /docs/]
 *                [--http <port> [--host <address>] [--path /mcp] [--trust-proxy] [--rate-limit <n>]
 *                                [--allowed-hosts <names>]]
 *
 * An MCP server for one built Vigil documentation site, over stdio or over Streamable HTTP. It reads only that
 * site (its Markdown versions, its search index and its OpenAPI file): from the folder, or with GET requests to
 * the URL.
 */
import {parseArgs} from 'node:util';
import {RATE_LIMIT_REQUESTS} from './limits';
import {LOOPBACK_HOSTS, hostNameOf, isLoopback, serveHttp} from './http';
import {SearchPool} from './search';
import {SERVER_NAME, SERVER_VERSION, connectServer, createServer} from './server';
import {DEFAULT_BASE_PATH, openSite} from './site';
import {BoundedStdioServerTransport} from './stdio';

const DEFAULT_HOST = '127.0.0.1';
const DEFAULT_PATH = '/mcp';

const USAGE = `Usage: ${SERVER_NAME} --site <site> [--base-path <path>] [--http <port> [options]]

An MCP server over a built Vigil documentation site, with the tools search_docs,
read_page, get_operation, get_object, list_operations and api_changes: over stdio, or with --http over
MCP's Streamable HTTP transport (stateless).

  --site <site>        the folder \`npm run build\` wrote (build/), or the URL the site
                       is served at (https://vigil.example/docs/)
  --base-path <path>   the path a folder is served under (default ${DEFAULT_BASE_PATH})
  --http <port>        serve over HTTP on this port (0: any free port) instead of stdio
  --host <address>     the address to listen on (default ${DEFAULT_HOST}; 0.0.0.0 in a container)
  --path <path>        the path of the MCP endpoint (default ${DEFAULT_PATH})
  --trust-proxy        count requests against the last address of X-Forwarded-For, which
                       the proxy in front appends (only when no client reaches the port directly)
  --rate-limit <n>     requests per minute from one client address (default ${RATE_LIMIT_REQUESTS})
  --allowed-hosts <names>
                       the host names a request's Host header may name, comma-separated, or *
                       for any (default: ${LOOPBACK_HOSTS.join(', ')} on a loopback address, any on
                       another); a request for another host is refused with 421
  --help, --version
`;

function wholeNumber(value: string, name: string, allowZero = false): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || (!allowZero && number === 0)) throw new Error(`${name} ${value}: not a whole number`);
  return number;
}

/**
 * The host names a request may name in its Host header: those given (`*`: any); by default the loopback names on a
 * loopback address (a page of any site could make a name of its own resolve to it: DNS rebinding), any on another
 * (a container's, whose proxy in front checks the host).
 */
function allowedHosts(given: string | undefined, host: string): string[] | undefined {
  if (given === undefined) return isLoopback(host) ? LOOPBACK_HOSTS : undefined;
  if (given.trim() === '*') return undefined;
  return given.split(',').map((entry) => {
    const name = hostNameOf(entry.trim());
    if (name === undefined) throw new Error(`--allowed-hosts ${given}: "${entry.trim()}" is not a host name`);
    return name;
  });
}

async function main(args: string[]): Promise<void> {
  const {values} = parseArgs({
    args,
    options: {
      site: {type: 'string'},
      'base-path': {type: 'string'},
      http: {type: 'string'},
      host: {type: 'string'},
      path: {type: 'string'},
      'trust-proxy': {type: 'boolean'},
      'rate-limit': {type: 'string'},
      'allowed-hosts': {type: 'string'},
      help: {type: 'boolean', short: 'h'},
      version: {type: 'boolean'},
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  if (values.version) {
    process.stdout.write(`${SERVER_VERSION}\n`);
    return;
  }
  if (!values.site) throw new Error('--site is required');
  const httpOnly = ['host', 'path', 'trust-proxy', 'rate-limit', 'allowed-hosts'] as const;
  const misplaced = httpOnly.find((name) => values[name] !== undefined);
  if (values.http === undefined && misplaced) throw new Error(`--${misplaced} goes with --http`);
  const site = openSite(values.site, values['base-path']);
  const searches = new SearchPool(site);
  const served = `${site.location} (base path ${site.basePath})`;

  if (values.http !== undefined) {
    const path = values.path ?? DEFAULT_PATH;
    if (!path.startsWith('/')) throw new Error(`--path ${path}: a path that starts with a slash, such as /mcp`);
    const host = values.host ?? DEFAULT_HOST;
    const http = await serveHttp(site, searches, {
      host,
      allowedHosts: allowedHosts(values['allowed-hosts'], host),
      port: wholeNumber(values.http, '--http', true),
      path,
      trustProxy: values['trust-proxy'] ?? false,
      rateLimit: values['rate-limit'] ? wholeNumber(values['rate-limit'], '--rate-limit') : RATE_LIMIT_REQUESTS,
    });
    // Stops taking requests and exits once those in progress are answered; a second signal exits at once.
    let stopping = false;
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.on(signal, () => {
        if (stopping) process.exit(0);
        stopping = true;
        void http.close().then(() => process.exit(0));
      });
    }
    console.error(`${SERVER_NAME} ${SERVER_VERSION}: serving ${served} over HTTP at ${http.url}`);
    return;
  }

  const server = createServer(site, searches);
  await connectServer(server, new BoundedStdioServerTransport());
  // Ends when the client closes its end or stops it; `exit` handlers (the search's temporary folder) run. A search
  // runs in a worker thread, so the signal is handled at once, whatever the server is doing.
  process.stdin.on('end', () => process.exit(0));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));
  // Standard output carries the protocol; anything else goes to standard error, which clients log.
  console.error(`${SERVER_NAME} ${SERVER_VERSION}: serving ${served} over stdio`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${SERVER_NAME}: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  process.exit(2);
});
