import {createReadStream, existsSync, statSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {extname, join, normalize} from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.xml': 'application/xml',
};

/** Resolves a request path inside `root` the way a static host does: the file, `x.html` or `x/index.html`. */
function resolveFile(root: string, relativePath: string): string | undefined {
  const base = normalize(join(root, decodeURIComponent(relativePath)));
  if (!base.startsWith(root)) return undefined;
  for (const candidate of [base, `${base}.html`, join(base, 'index.html')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/**
 * Serves a production build under an arbitrary path prefix on a loopback port, as a host would that
 * deploys the site to the wrong folder. Paths outside the prefix answer 404.
 */
export async function servePrefixed(root: string, prefix: string): Promise<{origin: string; close: () => Promise<void>}> {
  const absoluteRoot = normalize(join(process.cwd(), root));
  const server: Server = createServer((request, response) => {
    const {pathname} = new URL(request.url ?? '/', 'http://localhost');
    const file = pathname.startsWith(prefix) ? resolveFile(absoluteRoot, pathname.slice(prefix.length)) : undefined;
    if (!file) {
      response.writeHead(404, {'content-type': 'text/plain'}).end('not found');
      return;
    }
    response.writeHead(200, {'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream'});
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    // Browsers keep connections open; close them too, or close() waits for them to time out.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
