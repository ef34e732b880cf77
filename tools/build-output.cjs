// @ts-check
// What the scripts and the tests know about a production build: the pages its sitemap lists, its HTML files, the content types of its files, and how a static host maps a
// request path to one of them.
// CommonJS, so that the scripts (ES modules) and the tests (transpiled by Playwright) load the same module.
const {existsSync, readdirSync, readFileSync, statSync} = require('node:fs');
const {join, normalize, sep} = require('node:path');
const {BASE_URL} = require('../config/base-url.cjs');

/**
 * The content type of each kind of file the build holds.
 * @type {Record<string, string>}
 */
const CONTENT_TYPES = {
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

/** The paths (under the base path) listed in the build's sitemap; an error when it lists none. */
function sitemapPaths(buildDir = 'build') {
  const xml = readFileSync(join(buildDir, 'sitemap.xml'), 'utf8');
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  if (paths.length === 0) throw new Error(`${buildDir}/sitemap.xml lists no page`);
  return paths;
}

/**
 * Every HTML file below `dir`, as paths that start with `dir`.
 * @param {string} dir
 * @returns {string[]}
 */
function htmlFiles(dir) {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => /** @type {string[]} */ {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(path);
    return entry.name.endsWith('.html') ? [path] : [];
  });
}

/**
 * The file a static host serves for a request path: under `basePath`, the file itself, `x/index.html` or
 * `x.html` below `root`; undefined outside `basePath`, outside `root`, or when there is none.
 * @param {string} root
 * @param {string} pathname
 * @returns {string | undefined}
 */
function fileForPath(root, pathname, basePath = BASE_URL) {
  if (!pathname.startsWith(basePath)) return undefined;
  const relative = normalize(decodeURIComponent(pathname.slice(basePath.length)));
  if (relative === '..' || relative.startsWith(`..${sep}`)) return undefined;
  const candidates = [join(root, relative), join(root, relative, 'index.html'), join(root, `${relative}.html`)];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile());
}

module.exports = {CONTENT_TYPES, sitemapPaths, htmlFiles, fileForPath};
