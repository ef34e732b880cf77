#!/usr/bin/env node
// A small static server for the production build, as a CDN would serve it: `build/` under /docs/,
// brotli or gzip by the request's Accept-Encoding, long cache lifetimes for the hashed assets, and
// `404.html` with status 404 for unknown paths. The benchmark runs Lighthouse against it, because
// `docusaurus serve` does not compress.
//
//   node scripts/serve-compressed.mjs [--port 3000] [--dir build]
import {createServer} from 'node:http';
import {existsSync, readFileSync, statSync} from 'node:fs';
import {extname, join, normalize, resolve} from 'node:path';
import {promisify} from 'node:util';
import {brotliCompress, constants as zlib, gzip} from 'node:zlib';
import {pathToFileURL} from 'node:url';

export const BASE_PATH = '/docs/';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.xml', '.txt', '.md', '.yaml', '.svg']);

/** Compression levels of a production host that compresses ahead of time. */
export function compress(body, encoding) {
  return encoding === 'br'
    ? promisify(brotliCompress)(body, {params: {[zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length}})
    : promisify(gzip)(body, {level: 9});
}

/** The file a request path maps to under `root`, or undefined when there is none. */
function fileFor(root, pathname) {
  if (!pathname.startsWith(BASE_PATH)) return undefined;
  const relative = normalize(decodeURIComponent(pathname.slice(BASE_PATH.length)));
  if (relative.startsWith('..')) return undefined;
  const candidates = [join(root, relative), join(root, relative, 'index.html'), join(root, `${relative}.html`)];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile());
}

export function startServer({root = 'build', port = 3000, host = '127.0.0.1'} = {}) {
  const dir = resolve(root);
  if (!existsSync(join(dir, '404.html'))) {
    throw new Error(`${join(dir, '404.html')} is missing: run \`npm run build\` first`);
  }
  const cache = new Map();
  const server = createServer((request, response) => {
    const {pathname} = new URL(request.url ?? '/', 'http://localhost');
    if (pathname === '/' || pathname === BASE_PATH.slice(0, -1)) {
      response.writeHead(301, {Location: BASE_PATH}).end();
      return;
    }
    const found = fileFor(dir, pathname);
    const file = found ?? join(dir, '404.html');
    const extension = extname(file);
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = !COMPRESSIBLE.has(extension) ? undefined : /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
    const key = `${file}|${encoding ?? 'identity'}`;
    // Each file is compressed once, on its first request, and kept (a host compressing ahead of time).
    if (!cache.has(key)) {
      const raw = readFileSync(file);
      cache.set(key, encoding ? compress(raw, encoding) : Promise.resolve(raw));
    }
    cache.get(key).then(
      (body) => {
        const hashedAsset = pathname.startsWith(`${BASE_PATH}assets/`);
        response.writeHead(found ? 200 : 404, {
          'Content-Type': TYPES[extension] ?? 'application/octet-stream',
          'Content-Length': body.length,
          'Cache-Control': hashedAsset ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
          ...(COMPRESSIBLE.has(extension) ? {Vary: 'Accept-Encoding'} : {}),
          ...(encoding ? {'Content-Encoding': encoding} : {}),
        });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error) => {
        response.writeHead(500, {'Content-Type': 'text/plain'}).end(String(error));
      },
    );
  });
  return new Promise((resolveListening, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolveListening(server));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argument = (name, fallback) => {
    const index = process.argv.indexOf(`--${name}`);
    return index === -1 ? fallback : process.argv[index + 1];
  };
  const port = Number(argument('port', 3000));
  const root = argument('dir', 'build');
  await startServer({root, port});
  console.log(`Serving ${root}/ compressed at http://127.0.0.1:${port}${BASE_PATH}`);
}
