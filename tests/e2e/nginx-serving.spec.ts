import {createHash} from 'node:crypto';
import {mkdirSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import type {APIRequestContext, APIResponse} from '@playwright/test';
import {NGINX_TEST_PORT} from '../../playwright.config';
import {operationsOf} from '../../src/openapi';
import {startDocusaurusServe} from '../support/docusaurus-serve';
import {contentPages, twinPath} from '../support/markdown-twins';
import {loadSpec} from '../support/openapi';
import {BASE_URL, expect, sitemapPaths, test} from '../support/site';

// The production server (nginx with deploy/nginx.conf), compared with `docusaurus serve` (the README's
// serve command) where they must agree.

const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';

/** The /docs/assets/ URLs a page's HTML loads (attribute values may be unquoted in the minified HTML). */
function assetURLs(html: string): string[] {
  return [...html.matchAll(/\s(?:src|href)=["']?(\/docs\/assets\/[^"'\s>]+)/g)].map((match) => match[1]);
}

/** status and Location (a path) of one answer, redirects not followed. */
async function answer(request: APIRequestContext, url: string) {
  const response = await request.get(url, {maxRedirects: 0});
  const location = response.headers().location;
  return {
    status: response.status(),
    location: location === undefined ? undefined : new URL(location, url).pathname + new URL(location, url).search,
  };
}

function expectSecurityHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  const csp = headers['content-security-policy'] ?? '';
  expect(csp, `${what}: Content-Security-Policy`).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], what).toMatch(/camera=\(\).*microphone=\(\)|microphone=\(\).*camera=\(\)/);
  expect(headers['permissions-policy'], what).toContain('geolocation=()');
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

/**
 * The folder nginx serves under the base path: the build the `nginx` setup project linked into its root
 * (tools/nginx-server.mjs), so a file written there is a file of the site under test.
 */
const servedFolder = () => realpathSync(`.artifacts/nginx-${NGINX_TEST_PORT}/www${BASE_URL.replace(/\/$/, '')}`);

const pages = sitemapPaths();
const pageWithoutSlash = pages.find((path) => path !== BASE_URL && !path.endsWith('/'))!;
const pageWithSlash = pages.find((path) => path !== BASE_URL && path.endsWith('/'))!;

test.describe('URLs: the same answers as docusaurus serve', () => {
  let reference: Awaited<ReturnType<typeof startDocusaurusServe>>;
  let referenceURL = '';
  test.beforeAll(async () => {
    reference = await startDocusaurusServe();
    referenceURL = reference.url;
  });
  test.afterAll(async () => {
    await reference?.stop();
  });

  test('trailing slashes, the base path and unknown pages answer as docusaurus serve answers them', async ({
    request,
    baseURL,
  }) => {
    const probes = [
      '/',
      '/docs',
      BASE_URL,
      pageWithoutSlash,
      `${pageWithoutSlash}/`,
      pageWithSlash,
      pageWithSlash.replace(/\/$/, ''),
      '/docs/api',
      '/docs/api/',
      '/docs/blog',
      '/docs/blog/',
      // a folder of static files without an index page
      '/docs/img/',
      '/docs/img',
      '/docs/no-such-page',
      '/docs/no-such-page/',
      '/docs/sitemap.xml',
    ];
    for (const path of probes) {
      const reference = await answer(request, referenceURL + path);
      const production = await answer(request, baseURL + path);
      expect(production, path).toEqual(reference);
    }
  });

  test('.html and index.html suffixes redirect permanently to the clean URL, keeping the query', async ({
    request,
    baseURL,
  }) => {
    const cases: Array<[string, string]> = [
      [`${pageWithoutSlash}.html`, pageWithoutSlash],
      [`${pageWithSlash}index.html`, pageWithSlash],
      [`${BASE_URL}index.html`, BASE_URL],
      [`${pageWithoutSlash}.html?tab=1`, `${pageWithoutSlash}?tab=1`],
    ];
    for (const [path, clean] of cases) {
      expect(await answer(request, baseURL + path), path).toEqual({status: 301, location: clean});
      // The clean URL is one docusaurus serve answers with the page.
      expect((await answer(request, referenceURL + clean)).status, clean).toBe(200);
    }
  });

  test('an unknown path answers 404 with the not-found page, outside /docs/ too', async ({request, baseURL}) => {
    const notFound = await (await request.get(`${baseURL}${BASE_URL}404.html`, {maxRedirects: 1})).text();
    expect(notFound).toContain('Page Not Found');
    for (const path of ['/docs/no-such-page', '/docs/assets/js/no-such-bundle.js', '/elsewhere']) {
      const response = await request.get(baseURL + path, {maxRedirects: 0});
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toContain('Page Not Found');
      expect(response.headers()['cache-control'], path).toBe('no-cache');
      expectSecurityHeaders(response, path);
    }
  });
});

test.describe('headers', () => {
  test('HTML carries a Content-Security-Policy that allows exactly its inline scripts by hash', async ({
    request,
    baseURL,
  }) => {
    for (const path of [BASE_URL, pageWithoutSlash, pages.find((page) => page.startsWith('/docs/api/'))!]) {
      const response = await request.get(baseURL + path);
      expect(response.status(), path).toBe(200);
      expectSecurityHeaders(response, path);
      const policy = directives(response.headers()['content-security-policy']);
      const scriptSources = policy.get('script-src') ?? [];
      expect(scriptSources, path).toContain("'self'");
      expect(scriptSources, path).not.toContain("'unsafe-inline'");
      expect(scriptSources, path).not.toContain("'unsafe-eval'");
      // The search compiles its WebAssembly (Pagefind); that allows no JavaScript eval.
      expect(scriptSources, path).toContain("'wasm-unsafe-eval'");
      expect(policy.get('object-src'), path).toEqual(["'none'"]);
      expect(policy.get('default-src'), path).toEqual(["'self'"]);
      const html = await response.text();
      const inline = [
        ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*\btype=["']?application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g),
      ].map((match) => match[1]);
      expect(inline.length, `${path} has inline scripts`).toBeGreaterThan(0);
      for (const body of inline) {
        expect(scriptSources, `${path}: inline script ${body.slice(0, 60)}…`).toContain(
          `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
        );
      }
    }
  });

  test('hashed assets are cached for a year; HTML is revalidated with a validator', async ({request, baseURL}) => {
    const page = await request.get(baseURL + pageWithoutSlash);
    expect(page.headers()['cache-control']).toBe('no-cache');
    const etag = page.headers().etag;
    expect(etag).toBeTruthy();
    const revalidated = await request.get(baseURL + pageWithoutSlash, {headers: {'if-none-match': etag}});
    expect(revalidated.status()).toBe(304);

    const html = await page.text();
    const assets = assetURLs(html);
    expect(assets.some((asset) => asset.endsWith('.js'))).toBe(true);
    expect(assets.some((asset) => asset.endsWith('.css'))).toBe(true);
    for (const asset of new Set(assets)) {
      // Immutable caching is only right for a name that changes with the content.
      expect(asset, 'a content hash in the file name').toMatch(/[.-][0-9a-f]{8,}\.[a-z0-9]+$/);
      const response = await request.get(baseURL + asset);
      expect(response.status(), asset).toBe(200);
      expect(response.headers()['cache-control'], asset).toBe(HASHED_ASSET_CACHE);
      expectSecurityHeaders(response, asset);
    }
    // The fonts every page preloads are named by their content too (the preload is in the HTML).
    const introHtml = await (await request.get(`${baseURL}${BASE_URL}intro`)).text();
    const fonts = [...introHtml.matchAll(/<link[^>]*\bhref=["']?(\/docs\/fonts\/[^"'\s>]+\.woff2)/g)].map(
      (match) => match[1],
    );
    expect(fonts.length, 'preloaded fonts').toBeGreaterThan(0);
    for (const font of fonts) {
      const response = await request.get(baseURL + font);
      expect(response.status(), font).toBe(200);
      expect(response.headers()['cache-control'], font).toBe(HASHED_ASSET_CACHE);
    }
    // Files of static/ keep their names from build to build: revalidated.
    expect((await request.get(`${baseURL}${BASE_URL}img/favicon.svg`)).headers()['cache-control']).toBe('no-cache');
    expect((await request.get(`${baseURL}${BASE_URL}fonts/inter-LICENSE.txt`)).headers()['cache-control']).toBe(
      'no-cache',
    );
  });

  test('the search index: its chunks and fragments are cached for a year, its library and entry files revalidated', async ({
    request,
    baseURL,
  }) => {
    const index = `${BASE_URL}pagefind/`;
    const entry = await request.get(`${baseURL}${index}pagefind-entry.json`);
    expect(entry.status()).toBe(200);
    expect(entry.headers()['cache-control']).toBe('no-cache');
    const {languages} = (await entry.json()) as {languages: Record<string, {hash: string}>};
    const meta = `${index}pagefind.${Object.values(languages)[0].hash}.pf_meta`;
    const chunk = `${index}index/${readdirSync(join(servedFolder(), 'pagefind/index'))[0]}`;
    const fragment = `${index}fragment/${readdirSync(join(servedFolder(), 'pagefind/fragment'))[0]}`;
    for (const path of [meta, chunk, fragment]) {
      const response = await request.get(baseURL + path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['cache-control'], path).toBe(HASHED_ASSET_CACHE);
      expectSecurityHeaders(response, path);
    }
    for (const path of [
      `${index}pagefind.js`,
      `${index}pagefind-worker.js`,
      `${index}outline.json`,
      `${index}vocabulary.json`,
    ]) {
      const response = await request.get(baseURL + path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['cache-control'], path).toBe('no-cache');
    }
    expect((await request.get(`${baseURL}${index}pagefind.js`)).headers()['content-type']).toMatch(
      /^application\/javascript/,
    );
  });

  test('text answers are gzip-compressed for clients that accept it', async ({request, baseURL}) => {
    const assets = assetURLs(await (await request.get(baseURL + pageWithoutSlash)).text());
    const script = assets.find((asset) => /\/main\.[0-9a-f]+\.js$/.test(asset));
    const style = assets.find((asset) => asset.endsWith('.css'));
    expect(script).toBeTruthy();
    expect(style).toBeTruthy();
    for (const path of [pageWithoutSlash, script!, style!, `${BASE_URL}sitemap.xml`, `${BASE_URL}img/favicon.svg`]) {
      const response = await request.get(baseURL + path, {headers: {'accept-encoding': 'gzip'}});
      expect(response.headers()['content-encoding'], path).toBe('gzip');
      expect(response.headers().vary, path).toContain('Accept-Encoding');
    }
  });

  test('redirects carry the security headers and a path-only Location', async ({request, baseURL}) => {
    for (const path of ['/', '/docs', `${pageWithoutSlash}.html`]) {
      const response = await request.get(baseURL + path, {maxRedirects: 0});
      expect(response.status(), path).toBeGreaterThanOrEqual(301);
      expect(response.headers().location, path).toMatch(/^\/docs\//);
      expectSecurityHeaders(response, path);
    }
  });

  test('Markdown and plain-text files are served as themselves, with UTF-8', async ({request, baseURL}) => {
    // Files named for this test only, removed afterwards; the .html normalisation must not touch them.
    const name = `nginx-type-probe-${process.pid}`;
    const files = {md: join(servedFolder(), `${name}.md`), txt: join(servedFolder(), `${name}.txt`)};
    writeFileSync(files.md, '# Probe\n\nÜbersicht\n');
    writeFileSync(files.txt, 'Probe: Übersicht\n');
    try {
      const markdown = await request.get(`${baseURL}${BASE_URL}${name}.md`, {maxRedirects: 0});
      expect(markdown.status()).toBe(200);
      expect(markdown.headers()['content-type']).toBe('text/markdown; charset=utf-8');
      expect(await markdown.text()).toContain('Übersicht');
      expectSecurityHeaders(markdown, 'Markdown');
      const text = await request.get(`${baseURL}${BASE_URL}${name}.txt`, {maxRedirects: 0});
      expect(text.status()).toBe(200);
      expect(text.headers()['content-type']).toBe('text/plain; charset=utf-8');
      expect(await text.text()).toContain('Übersicht');
    } finally {
      rmSync(files.md, {force: true});
      rmSync(files.txt, {force: true});
    }
  });
});

test.describe('files and paths', () => {
  test('the OpenAPI description in YAML is served as application/yaml, gzipped, revalidated', async ({
    request,
    baseURL,
  }) => {
    const path = `${BASE_URL}openapi/vigil-api.yaml`;
    const bytes = readFileSync(join(servedFolder(), 'openapi/vigil-api.yaml'));
    const plain = await request.get(baseURL + path, {headers: {'accept-encoding': 'identity'}});
    expect(plain.status()).toBe(200);
    expect(plain.headers()['content-type']).toBe('application/yaml; charset=utf-8');
    expect(plain.headers()['cache-control']).toBe('no-cache');
    expect((await plain.body()).equals(bytes), 'the bytes of the file').toBe(true);
    expectSecurityHeaders(plain, path);
    const gzipped = await request.get(baseURL + path, {headers: {'accept-encoding': 'gzip'}});
    expect(gzipped.headers()['content-encoding']).toBe('gzip');
    expect(gzipped.headers()['content-type']).toBe('application/yaml; charset=utf-8');
    expect(gzipped.headers().vary).toContain('Accept-Encoding');
  });

  test('a path with a segment that starts with a dot answers the not-found page, even when the file exists', async ({
    request,
    baseURL,
  }) => {
    // Files named for this test only, removed afterwards: a dotfile at the top, one in a dot folder, and the
    // Markdown version a negotiated request would look for.
    const name = `.nginx-dotfile-probe-${process.pid}`;
    const folder = servedFolder();
    const files = [join(folder, name), join(folder, `${name}.md`), join(folder, 'img', name, 'probe.txt')];
    mkdirSync(join(folder, 'img', name), {recursive: true});
    for (const file of files) writeFileSync(file, 'a file the site never links to\n');
    try {
      for (const [path, accept] of [
        [`${BASE_URL}${name}`, undefined],
        [`${BASE_URL}${name}`, 'text/markdown'],
        [`${BASE_URL}${name}.md`, undefined],
        [`${BASE_URL}img/${name}/probe.txt`, undefined],
      ] as const) {
        const what = `${path}${accept ? ` (Accept: ${accept})` : ''}`;
        const response = await request.get(baseURL + path, {
          headers: accept ? {accept} : {},
          maxRedirects: 0,
        });
        expect(response.status(), what).toBe(404);
        expect(await response.text(), what).toContain('Page Not Found');
        expectSecurityHeaders(response, what);
      }
    } finally {
      rmSync(join(folder, name), {force: true});
      rmSync(join(folder, `${name}.md`), {force: true});
      rmSync(join(folder, 'img', name), {recursive: true, force: true});
    }
  });

  test('a Range past the end of a file is ignored: the whole file, each header once', async ({request, baseURL}) => {
    for (const path of [pageWithoutSlash, `${BASE_URL}img/favicon.svg`, `${BASE_URL}openapi/vigil-api.yaml`]) {
      // Uncompressed: nginx never cuts a gzipped answer into ranges.
      const whole = await request.get(baseURL + path, {headers: {'accept-encoding': 'identity'}});
      const response = await request.get(baseURL + path, {
        headers: {'accept-encoding': 'identity', range: `bytes=${(await whole.body()).length + 1000}-`},
      });
      expect(response.status(), path).toBe(200);
      expect((await response.body()).equals(await whole.body()), `${path}: the whole file`).toBe(true);
      const lines = response.headersArray().map(({name, value}) => `${name.toLowerCase()}: ${value}`);
      expect(
        lines.filter((line, index) => lines.indexOf(line) !== index),
        `${path}: header lines sent twice`,
      ).toEqual([]);
      for (const name of ['content-security-policy', 'x-content-type-options', 'cache-control', 'permissions-policy'])
        expect(
          lines.filter((line) => line.startsWith(`${name}:`)),
          `${path}: ${name}`,
        ).toHaveLength(1);
      expectSecurityHeaders(response, path);
    }
  });
});

test.describe('content negotiation', () => {
  /** The values of a header, all of its lines (gzip adds its own Vary line). */
  const headerValues = (response: APIResponse, name: string) =>
    response
      .headersArray()
      .filter((header) => header.name.toLowerCase() === name)
      .flatMap((header) => header.value.split(',').map((value) => value.trim()));
  const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
  // A doc, an index doc (with its trailing slash), an API operation and a blog post.
  const content = contentPages();
  const twinned = [
    content.find((item) => item.kind === 'doc' && !item.path.endsWith('/'))!.path,
    content.find((item) => item.kind === 'doc' && item.path.endsWith('/'))!.path,
    `${BASE_URL}api/${operationsOf(loadSpec())[0].slug}`,
    content.find((item) => item.kind === 'blog-post')!.path,
  ];

  test('a page asked for with Accept: text/markdown answers its Markdown version, with the headers of the page', async ({
    request,
    baseURL,
  }) => {
    for (const path of twinned) {
      const twin = twinPath(path);
      for (const accept of ['text/markdown', 'text/markdown, text/html;q=0.9, */*;q=0.8']) {
        const what = `${path} (Accept: ${accept})`;
        const response = await request.get(baseURL + path, {headers: {accept}, maxRedirects: 0});
        expect(response.status(), what).toBe(200);
        expect(response.headers()['content-type'], what).toBe('text/markdown; charset=utf-8');
        expect(
          (await response.body()).equals(readFileSync(join(servedFolder(), twin.slice(BASE_URL.length)))),
          `${what}: the bytes of ${twin}`,
        ).toBe(true);
        expect(headerValues(response, 'vary'), what).toContain('Accept');
        expect(response.headers()['cache-control'], what).toBe('no-cache');
        expect(response.headers().etag, what).toBeTruthy();
        expectSecurityHeaders(response, what);
      }
      // The Markdown version asked for by name says the same.
      const byName = await request.get(baseURL + twin);
      expect(byName.headers()['content-type'], twin).toBe('text/markdown; charset=utf-8');
      expect(headerValues(byName, 'vary'), twin).toContain('Accept');
      // Compressed like the HTML.
      const gzipped = await request.get(baseURL + path, {
        headers: {accept: 'text/markdown', 'accept-encoding': 'gzip'},
      });
      expect(gzipped.headers()['content-encoding'], path).toBe('gzip');
      expect(headerValues(gzipped, 'vary'), path).toEqual(expect.arrayContaining(['Accept', 'Accept-Encoding']));
    }
  });

  test('Accept: text/html, a browser, and Markdown refused (q=0) get the HTML, which varies on Accept', async ({
    request,
    baseURL,
    page,
  }) => {
    for (const path of twinned) {
      for (const accept of ['text/html', BROWSER_ACCEPT, '*/*', 'text/markdown;q=0, text/html']) {
        const what = `${path} (Accept: ${accept})`;
        const response = await request.get(baseURL + path, {headers: {accept}, maxRedirects: 0});
        expect(response.status(), what).toBe(200);
        expect(response.headers()['content-type'], what).toBe('text/html; charset=utf-8');
        expect(await response.text(), what).toMatch(/^<!doctype html>/i);
        expect(headerValues(response, 'vary'), what).toContain('Accept');
        expectSecurityHeaders(response, what);
      }
    }
    const response = await page.goto(baseURL + twinned[0]);
    expect(response?.headers()['content-type']).toBe('text/html; charset=utf-8');
    await expect(page.locator('head link[rel="alternate"][type="text/markdown"]')).toHaveAttribute(
      'href',
      twinPath(twinned[0]),
    );
  });

  test('a page without a Markdown version, a redirect and an unknown page answer as without negotiation; assets do not vary on Accept', async ({
    request,
    baseURL,
  }) => {
    const accept = {accept: 'text/markdown'};
    const landing = await request.get(baseURL + BASE_URL, {headers: accept});
    expect(landing.status()).toBe(200);
    expect(landing.headers()['content-type']).toBe('text/html; charset=utf-8');
    expect(await answer(request, `${baseURL}${pageWithoutSlash}.html`)).toEqual({
      status: 301,
      location: pageWithoutSlash,
    });
    const missing = await request.get(`${baseURL}${BASE_URL}no-such-page`, {headers: accept, maxRedirects: 0});
    expect(missing.status()).toBe(404);
    expect(missing.headers()['content-type']).toBe('text/html; charset=utf-8');
    const asset = await request.get(`${baseURL}${BASE_URL}img/favicon.svg`, {headers: accept});
    expect(asset.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(headerValues(asset, 'vary')).not.toContain('Accept');
  });
});
