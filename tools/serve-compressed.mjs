// @ts-check
// A small static server for the production build, as a CDN would serve it: `build/` under the base URL,
// brotli or gzip by the request's Accept-Encoding, long cache lifetimes for the hashed assets, and
// `404.html` with status 404 for unknown paths, under any base path: tests/e2e/base-url.spec.ts serves
// the build under another path than the one it was built for, which nginx's configuration does not.
import {createServer} from 'node:http';
import {existsSync, readFileSync} from 'node:fs';
import {extname, join, resolve} from 'node:path';
import {promisify} from 'node:util';
import {brotliCompress, constants as zlib, gzip} from 'node:zlib';
import {BASE_URL} from '../config/base-url.cjs';
import {CONTENT_TYPES, fileForPath} from './build-output.cjs';

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.xml', '.txt', '.md', '.yaml', '.svg']);

/**
 * Compression levels of a production host that compresses ahead of time.
 * @param {Buffer} body
 * @param {'br' | 'gzip'} encoding
 * @returns {Promise<Buffer>}
 */
export function compress(body, encoding) {
  return encoding === 'br'
    ? promisify(brotliCompress)(body, {
        params: {[zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length},
      })
    : promisify(gzip)(body, {level: 9});
}

/**
 * Serves `root` under `basePath` (the site's own by default; another one to try the site deployed to the
 * wrong folder) on `port` (0 for any free one). Resolves to the listening server.
 * @param {{root?: string, port?: number, host?: string, basePath?: string}} [options]
 * @returns {Promise<import('node:http').Server>}
 */
export function startServer({root = 'build', port = 3000, host = '127.0.0.1', basePath = BASE_URL} = {}) {
  const dir = resolve(root);
  if (!existsSync(join(dir, '404.html'))) {
    throw new Error(`${join(dir, '404.html')} is missing: run \`npm run build\` first`);
  }
  /** @type {Map<string, Promise<Buffer>>} */
  const cache = new Map();
  const server = createServer((request, response) => {
    const {pathname} = new URL(request.url ?? '/', 'http://localhost');
    if (pathname === '/' || pathname === basePath.slice(0, -1)) {
      response.writeHead(301, {Location: basePath}).end();
      return;
    }
    const found = fileForPath(dir, pathname, basePath);
    const file = found ?? join(dir, '404.html');
    const extension = extname(file);
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = !COMPRESSIBLE.has(extension)
      ? undefined
      : /\bbr\b/.test(accepted)
        ? 'br'
        : /\bgzip\b/.test(accepted)
          ? 'gzip'
          : undefined;
    const key = `${file}|${encoding ?? 'identity'}`;
    // Each file is compressed once, on its first request, and kept (a host compressing ahead of time).
    if (!cache.has(key)) {
      const raw = readFileSync(file);
      cache.set(key, encoding ? compress(raw, encoding) : Promise.resolve(raw));
    }
    /** @type {Promise<Buffer>} */ (cache.get(key)).then(
      (body) => {
        const hashedAsset = pathname.startsWith(`${basePath}assets/`);
        response.writeHead(found ? 200 : 404, {
          'Content-Type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
          'Content-Length': body.length,
          'Cache-Control': hashedAsset ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
          ...(COMPRESSIBLE.has(extension) ? {Vary: 'Accept-Encoding'} : {}),
          ...(encoding ? {'Content-Encoding': encoding} : {}),
        });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (/** @type {unknown} */ error) => {
        response.writeHead(500, {'Content-Type': 'text/plain'}).end(String(error));
      },
    );
  });
  return new Promise((resolveListening, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolveListening(server));
  });
}
