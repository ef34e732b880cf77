import {spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {expect, test} from '@playwright/test';

// scripts/csp-hashes.mjs against small fixture builds: what it allows, what it ignores, what it refuses.

function cspHashes(...args: string[]) {
  const run = spawnSync('node', ['scripts/csp-hashes.mjs', ...args], {encoding: 'utf8'});
  return {status: run.status, stdout: run.stdout.trim(), stderr: run.stderr.trim()};
}

function fixtureBuild(pages: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-csp-'));
  for (const [file, html] of Object.entries(pages)) {
    mkdirSync(join(dir, file, '..'), {recursive: true});
    writeFileSync(join(dir, file), html);
  }
  return dir;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

test('the policy is the one of deploy/nginx.conf, with every distinct inline script of the build by hash', () => {
  const theme = 'document.documentElement.dataset.theme="light"';
  const banner = 'localStorage.getItem("banner")';
  const build = fixtureBuild({
    'index.html': `<script src=/docs/assets/js/main.1234abcd.js defer></script><script>${theme}</script>`,
    'intro/index.html': `<script>${theme}</script><script type="application/ld+json">{"@type":"Article"}</script><script>${banner}</script>`,
  });
  try {
    const {status, stdout, stderr} = cspHashes('--build', build, '--policy');
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const template = /add_header Content-Security-Policy "([^"]+)" always;/.exec(
      readFileSync('deploy/nginx.conf', 'utf8'),
    )![1];
    expect(stdout).toBe(template.replace('$vigil_csp_script_hashes', [sha256(banner), sha256(theme)].sort().join(' ')));
    expect(stdout).not.toContain(sha256('{"@type":"Article"}'));

    const include = join(build, 'nginx', 'csp-hashes.conf');
    expect(cspHashes('--build', build, '--nginx', include).status).toBe(0);
    expect(readFileSync(include, 'utf8')).toContain(
      `set $vigil_csp_script_hashes "${[sha256(banner), sha256(theme)].sort().join(' ')}";`,
    );
  } finally {
    rmSync(build, {recursive: true, force: true});
  }
});

test('a page that shows a javascript: URL or an inline event handler as an example is accepted', () => {
  // An API description that documents an attack payload, one page per place the build can show it. In text the
  // build escapes only `<`, so `src="javascript:` is there word for word; in an attribute, quotes become `&quot;`.
  const theme = 'document.documentElement.dataset.theme="light"';
  const build = fixtureBuild({
    'index.html': `<script>${theme}</script>`,
    'code-block/index.html': '<pre><code>&lt;iframe src="javascript:alert(1)">&lt;/iframe></code></pre>',
    'inline-code/index.html': '<p>Rejected: <code>&lt;img src=x onerror="alert(1)"></code></p>',
    'title/index.html': '<abbr title="&lt;iframe src=&quot;javascript:alert(1)&quot;>">payload</abbr>',
    'title-quotes/index.html': `<span title="<img src=x onerror='alert(1)'>">payload</span>`,
    'data-attribute/index.html': `<div data-example='<iframe src="javascript:alert(1)">'></div>`,
  });
  try {
    const {status, stdout, stderr} = cspHashes('--build', build, '--policy');
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(stdout).toContain(sha256(theme));
  } finally {
    rmSync(build, {recursive: true, force: true});
  }
});

test('a page with an inline event handler or a javascript: URL is refused, naming the file', () => {
  // However the markup spells the URL: browsers drop leading spaces and control characters and every tab, ignore
  // the case of the scheme, and decode character references before they follow it.
  const javascriptUrl = (element: string, attribute: string) =>
    new RegExp(`intro/index\\.html: a javascript: URL in <${element} ${attribute}>`);
  for (const [html, problem] of [
    ['<img src=/docs/img/logo.svg onload="track()">', /intro\/index\.html: inline event handler onload= on <img>/],
    ['<img src=x onerror="alert(1)">', /intro\/index\.html: inline event handler onerror= on <img>/],
    ['<a href="javascript:void(0)">menu</a>', javascriptUrl('a', 'href')],
    ['<a href="javascript:alert(1)">menu</a>', javascriptUrl('a', 'href')],
    ['<a href=" JaVaScRiPt:alert(1)">menu</a>', javascriptUrl('a', 'href')],
    ['<a href="&#106;avascript:alert(1)">menu</a>', javascriptUrl('a', 'href')],
    ['<a href="java&#9;script:alert(1)">menu</a>', javascriptUrl('a', 'href')],
    ['<a href="&#1;javascript:alert(1)">menu</a>', javascriptUrl('a', 'href')],
    ['<form><button formaction="javascript:send()">Send</button></form>', javascriptUrl('button', 'formaction')],
    ['<svg><a xlink:href="javascript:alert(1)"><text>menu</text></a></svg>', javascriptUrl('a', 'xlink:href')],
    ['<object data="javascript:alert(1)"></object>', javascriptUrl('object', 'data')],
  ] as const) {
    const build = fixtureBuild({'index.html': '<p>Home</p>', 'intro/index.html': html});
    try {
      const {status, stderr} = cspHashes('--build', build, '--policy');
      expect(status, html).toBe(1);
      expect(stderr, html).toMatch(problem);
    } finally {
      rmSync(build, {recursive: true, force: true});
    }
  }
});

test('a missing build or an unknown argument is a clear error', () => {
  const missing = cspHashes('--build', 'no-such-build', '--policy');
  expect(missing.status).toBe(1);
  expect(missing.stderr).toContain('no-such-build: no such folder; run `npm run build` first');
  const unknown = cspHashes('--polcy');
  expect(unknown.status).toBe(1);
  expect(unknown.stderr).toContain('unknown argument --polcy');
});
