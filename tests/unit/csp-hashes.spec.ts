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

test('a page with an inline event handler or a javascript: URL is refused, naming the file', () => {
  for (const [html, problem] of [
    ['<img src=/docs/img/logo.svg onload="track()">', /intro\/index\.html: inline event handler onload=/],
    ['<a href="javascript:void(0)">menu</a>', /intro\/index\.html: a javascript: URL/],
  ] as const) {
    const build = fixtureBuild({'intro/index.html': html});
    try {
      const {status, stderr} = cspHashes('--build', build, '--policy');
      expect(status).toBe(1);
      expect(stderr).toMatch(problem);
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
