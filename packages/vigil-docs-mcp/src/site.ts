/**
 * The built documentation site the server reads: a folder (`npm run build` writes `build/`) or the URL the
 * site is served at. The server reads nothing else, and writes nothing there: every file comes through
 * `Site.read`, and the search's own requests (Pagefind's library fetches its index files) go through a `fetch`
 * that answers only from the site and refuses any other address.
 */
import {existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {readFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {CALL_TIME_BUDGET_MS, MAX_QUOTED_LENGTH} from './limits';

/** The path the Vigil docs are served under (Docusaurus `baseUrl`), for a folder: `build/` holds `/docs/`. */
export const DEFAULT_BASE_PATH = '/docs/';

/**
 * An error a tool reports to the client as it is: the arguments are what is wrong, and its message says what to do.
 * Any other error is the server's (a site it cannot read): the client is told so, and only the log has the details,
 * which may name the server's folders.
 */
export class ToolInputError extends Error {}

/**
 * An argument as an error message quotes it: in double quotes, control characters escaped (`\u0000`), cut to
 * MAX_QUOTED_LENGTH characters with its length given.
 */
export function quoted(value: string): string {
  const cut = value.length > MAX_QUOTED_LENGTH;
  const shown = JSON.stringify(cut ? value.slice(0, MAX_QUOTED_LENGTH) : value);
  return cut ? `${shown.slice(0, -1)}…" (${value.length.toLocaleString('en')} characters)` : shown;
}

/**
 * Text as an error message shows it unquoted (a path): control characters escaped (`\u0000`), cut to
 * MAX_QUOTED_LENGTH characters with an ellipsis.
 */
export function truncated(value: string): string {
  const shown = value.length > MAX_QUOTED_LENGTH ? `${value.slice(0, MAX_QUOTED_LENGTH)}…` : value;
  return [...shown]
    .map((char) =>
      controlCharacter(char) === undefined ? char : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
    )
    .join('');
}

/** The first control character (U+0000 to U+001F, U+007F) of `text`, which no page or path has. */
export function controlCharacter(text: string): string | undefined {
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return char;
  }
  return undefined;
}

/** The longest segment of a file's path that a file system takes (NAME_MAX, in bytes). */
const MAX_SEGMENT_BYTES = 255;

export interface Site {
  /** The folder or URL given, as the log names it (never a message to the client: a folder is the server's). */
  location: string;
  /** The path the site is served under, with a slash at each end: `/docs/`. */
  basePath: string;
  /** A file of the site by its path under the base path (`intro.md`, `pagefind/outline.json`); undefined when there is none. */
  read(file: string): Promise<Uint8Array | undefined>;
}

/**
 * A path under the base path that can name a file of the site: no empty, `.` or `..` segment, no backslash, no
 * control character, no segment longer than a file system's names. Any other names no file (the tools answer that
 * the page does not exist) instead of reaching the file system or the site's server.
 */
function isSitePath(file: string): boolean {
  return (
    file !== '' &&
    !file.includes('\\') &&
    controlCharacter(file) === undefined &&
    file
      .split('/')
      .every(
        (segment) =>
          segment !== '' && segment !== '.' && segment !== '..' && Buffer.byteLength(segment) <= MAX_SEGMENT_BYTES,
      )
  );
}

function folderSite(folder: string, basePath: string): Site {
  const root = path.resolve(folder);
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    throw new Error(
      `--site ${folder}: no such folder (give the folder \`npm run build\` wrote, such as build/, or the site's URL)`,
    );
  }
  if (!existsSync(path.join(root, 'llms.txt'))) {
    throw new Error(`--site ${folder}: not a built Vigil documentation site (it has no llms.txt)`);
  }
  return {
    location: root,
    basePath,
    async read(file) {
      if (!isSitePath(file)) return undefined;
      try {
        return await readFile(path.join(root, ...file.split('/')));
      } catch (error) {
        // A path the file system cannot name is no file of the site either.
        if (
          ['ENOENT', 'EISDIR', 'ENOTDIR', 'ENAMETOOLONG', 'EINVAL'].includes(
            (error as NodeJS.ErrnoException).code ?? '',
          )
        )
          return undefined;
        throw error;
      }
    },
  };
}

/**
 * Node's own fetch, kept before serveSearchFromSite replaces the global one of a search worker: only `urlSite`
 * calls it.
 */
const networkFetch = globalThis.fetch;

function urlSite(location: string): Site {
  const base = new URL(location.endsWith('/') ? location : `${location}/`);
  return {
    location: base.href,
    basePath: base.pathname,
    async read(file) {
      if (!isSitePath(file)) return undefined;
      const url = new URL(file.split('/').map(encodeURIComponent).join('/'), base);
      // No call waits for the site longer than its budget.
      const response = await networkFetch(url, {
        headers: {accept: '*/*'},
        redirect: 'follow',
        signal: AbortSignal.timeout(CALL_TIME_BUDGET_MS),
      });
      if (new URL(response.url || url.href).origin !== base.origin) {
        throw new Error(`${url.href} redirected to another host (${response.url}); the server reads only ${base.href}`);
      }
      // 400 and 414: the site's server took the path for no path of its own (too long, not a valid one).
      if ([400, 404, 410, 414].includes(response.status)) return undefined;
      if (!response.ok) throw new Error(`${url.href} answered ${response.status} ${response.statusText}`);
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}

/** The site at `location`: an http(s) URL, or a folder (its base path given, `/docs/` for the Vigil docs). */
export function openSite(location: string, basePath = DEFAULT_BASE_PATH): Site {
  if (/^https?:\/\//i.test(location)) return urlSite(location);
  if (!/^\/([^/]+\/)*$/.test(basePath))
    throw new Error(`--base-path ${basePath}: a path with a slash at each end, such as /docs/`);
  return folderSite(location, basePath);
}

/** The text of a file of the site, as UTF-8. */
export async function readText(site: Site, file: string): Promise<string | undefined> {
  const bytes = await site.read(file);
  return bytes === undefined ? undefined : new TextDecoder('utf-8').decode(bytes);
}

function requestUrl(input: string | URL | Request): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

/**
 * Prepares the site's search to run in this process's worker threads (./search-worker.ts): Pagefind's browser
 * library (`pagefind/pagefind.js` of the site) is written to a temporary folder, removed when the process exits,
 * for each worker to import. Returns that folder's URL, which the site's search code takes as its base URL (what
 * the browser calls `/docs/`).
 */
export async function prepareSearchLibrary(site: Site): Promise<string> {
  const library = await site.read('pagefind/pagefind.js');
  if (library === undefined)
    throw new Error(`${site.location} has no search index (pagefind/pagefind.js): is it a complete build?`);
  const folder = mkdtempSync(path.join(tmpdir(), 'vigil-docs-mcp-'));
  process.once('exit', () => rmSync(folder, {recursive: true, force: true}));
  // An ES module, as the browser loads it.
  writeFileSync(path.join(folder, 'package.json'), '{"type": "module"}\n');
  mkdirSync(path.join(folder, 'pagefind'));
  writeFileSync(path.join(folder, 'pagefind', 'pagefind.js'), library);
  return `${pathToFileURL(folder).href}/`;
}

/**
 * Replaces the global `fetch` of this thread (a search worker's) by one that answers the requests under `mount`
 * (the URL prepareSearchLibrary returned) from the site's files and refuses every other.
 */
export function serveSearchFromSite(site: Site, mount: string): void {
  globalThis.fetch = async (input: string | URL | Request): Promise<Response> => {
    const url = requestUrl(input);
    if (!url.startsWith(mount)) {
      throw new TypeError(`vigil-docs-mcp reads only the documentation site; refused ${url}`);
    }
    // Pagefind asks for its entry file with a cache-busting query.
    const file = decodeURIComponent(url.slice(mount.length).replace(/[?#].*$/, ''));
    const body = await site.read(file);
    return body === undefined
      ? new Response(null, {status: 404, statusText: 'Not Found'})
      : new Response(body, {status: 200});
  };
}
