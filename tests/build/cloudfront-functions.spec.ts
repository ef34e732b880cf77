// The two CloudFront Functions of deploy/README.md (viewer request: redirects, folder index files, Markdown
// negotiation; viewer response: Vary: Accept), run as CloudFront runs them, over every page of the build.
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {contentPages, twinPath} from '../support/markdown-twins';
import {BASE_URL, sitemapPaths} from '../support/site';

type Headers = Record<string, {value: string}>;
type Request = {uri: string; headers: Headers};
type Answer = Request | {statusCode: number; headers: Headers};

const GUIDE = readFileSync('deploy/README.md', 'utf8');
/** The `js` code blocks of the deployment guide. */
const blocks = [...GUIDE.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
const viewerRequest = new Function(
  `${blocks.find((code) => code.includes('function redirect'))}\nreturn handler;`,
)() as (event: {request: Request}) => Answer;
const viewerResponse = new Function(
  `${blocks.find((code) => code.includes('event.response'))}\nreturn handler;`,
)() as (event: {response: {statusCode: number; headers: Headers}}) => {headers: Headers};

/** The S3 key the viewer request function asks for, for a path and an Accept (and Accept-Encoding) header. */
function keyFor(uri: string, accept?: string, acceptEncoding?: string): string | {redirect: string} {
  const headers: Headers = {};
  if (accept !== undefined) headers.accept = {value: accept};
  if (acceptEncoding !== undefined) headers['accept-encoding'] = {value: acceptEncoding};
  const answer = viewerRequest({request: {uri, headers}});
  if ('statusCode' in answer) return {redirect: answer.headers.location.value};
  return answer.uri;
}

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

test('the viewer request function answers Markdown for every page that has a Markdown version, and the HTML otherwise', () => {
  expect(blocks).toHaveLength(2);
  const withTwin = new Set(contentPages().map((page) => page.path));
  const problems: string[] = [];
  for (const path of sitemapPaths()) {
    const html = path.endsWith('/') ? `${path}index.html` : `${path}/index.html`;
    if (!existsSync(`build/${html.slice(BASE_URL.length)}`)) problems.push(`${path}: no ${html} in build/`);
    for (const accept of [undefined, BROWSER_ACCEPT, 'text/html', '*/*', 'text/markdown;q=0, text/html']) {
      if (keyFor(path, accept) !== html)
        problems.push(`${path} (Accept: ${accept}): ${JSON.stringify(keyFor(path, accept))}, expected ${html}`);
    }
    const markdown = withTwin.has(path) ? twinPath(path) : html;
    for (const accept of ['text/markdown', 'text/markdown, text/html;q=0.9, */*;q=0.8']) {
      if (keyFor(path, accept) !== markdown)
        problems.push(`${path} (Accept: ${accept}): ${JSON.stringify(keyFor(path, accept))}, expected ${markdown}`);
    }
    if (withTwin.has(path) && !existsSync(`build/${markdown.slice(BASE_URL.length)}`))
      problems.push(`${path}: no ${markdown} in build/`);
  }
  expect(problems).toEqual([]);
});

test('the viewer request function redirects as the nginx server block does, and leaves files alone', () => {
  expect(keyFor('/')).toEqual({redirect: '/docs/'});
  expect(keyFor('/docs')).toEqual({redirect: '/docs/'});
  expect(keyFor('/docs/intro.html', 'text/markdown')).toEqual({redirect: '/docs/intro'});
  expect(keyFor('/docs/features/index.html')).toEqual({redirect: '/docs/features/'});
  for (const file of ['/docs/intro.md', '/docs/llms.txt', '/docs/img/favicon.svg', '/docs/pagefind/pagefind.js']) {
    expect(keyFor(file, 'text/markdown'), file).toBe(file);
  }
});

test('the viewer response function adds Vary: Accept to HTML and Markdown only, after any Vary of the answer', () => {
  const vary = (type: string, before?: string) =>
    viewerResponse({
      response: {statusCode: 200, headers: {'content-type': {value: type}, ...(before ? {vary: {value: before}} : {})}},
    }).headers.vary?.value;
  expect(vary('text/html; charset=utf-8')).toBe('Accept');
  expect(vary('text/markdown; charset=utf-8', 'Accept-Encoding')).toBe('Accept-Encoding, Accept');
  expect(vary('text/javascript; charset=utf-8')).toBeUndefined();
  expect(vary('image/svg+xml', 'Accept-Encoding')).toBe('Accept-Encoding');
});

test('a YAML description is asked of S3 as its gzipped copy when the viewer accepts gzip, and is stored so', () => {
  const descriptions = readdirSync('build/openapi').filter((name) => name.endsWith('.yaml'));
  expect(descriptions.length, 'YAML descriptions in build/openapi').toBeGreaterThan(0);
  for (const name of descriptions) {
    const path = `${BASE_URL}openapi/${name}`;
    for (const encoding of ['gzip', 'gzip, deflate, br', 'br;q=1.0, gzip;q=0.8, *;q=0.1'])
      expect(keyFor(path, undefined, encoding), `${path} (Accept-Encoding: ${encoding})`).toBe(`${path}.gz`);
    for (const encoding of [undefined, 'identity', 'br', 'gzip;q=0', 'x-gzip-like'])
      expect(keyFor(path, undefined, encoding), `${path} (Accept-Encoding: ${encoding})`).toBe(path);
  }
  // The upload commands store the copies the function asks for, as YAML, the gzipped ones with their encoding.
  const upload = GUIDE.match(/^```bash\n(aws s3 sync[\s\S]*?)^```$/m)?.[1] ?? '';
  expect(upload).toMatch(/--include '\*\.yaml' \\\n\s+--content-type 'application\/yaml; charset=utf-8'/);
  expect(upload).toMatch(/gzip -9 -n -c "\$file" > "\$gzipped\/\$\(basename "\$file"\)\.gz"/);
  expect(upload).toMatch(/--content-encoding gzip \\\n\s+--content-type 'application\/yaml; charset=utf-8'/);
  // No file or folder whose name starts with a dot reaches the bucket.
  for (const sync of upload.match(/aws s3 sync [^\n]*(?:\\\n[^\n]*)*/g) ?? [])
    expect(sync, 'dotfiles left out').toContain("--exclude '.*' --exclude '*/.*'");
});

test('the viewer response function adds Vary: Accept-Encoding to the YAML answers, once', () => {
  const vary = (type: string, before?: string) =>
    viewerResponse({
      response: {statusCode: 200, headers: {'content-type': {value: type}, ...(before ? {vary: {value: before}} : {})}},
    }).headers.vary?.value;
  expect(vary('application/yaml; charset=utf-8')).toBe('Accept-Encoding');
  expect(vary('application/yaml; charset=utf-8', 'Accept-Encoding')).toBe('Accept-Encoding');
  expect(vary('application/yaml; charset=utf-8', 'Origin')).toBe('Origin, Accept-Encoding');
});
