import {spawnSync} from 'node:child_process';
import {readFileSync, readdirSync} from 'node:fs';
import {gzipSync} from 'node:zlib';
import {expect, test} from '@playwright/test';
import type {SearchIndexSizes} from '../../scripts/search-index-size.mjs';
import {markdownFiles} from '../support/content';
import {posts} from '../support/blog';
import {operationsOf} from '../../src/openapi';
import {loadSpec} from '../support/openapi';

// The search index report of the benchmark: every page of the build's index is counted under its kind,
// and the kinds match the sources they come from.
test('the search index report splits the index of build/ into docs, blog and API pages', () => {
  const run = (...args: string[]) => {
    const result = spawnSync('node', ['scripts/search-index-size.mjs', ...args], {encoding: 'utf8'});
    expect(result.status, result.stderr).toBe(0);
    return result.stdout;
  };
  const sizes = JSON.parse(run('--json', 'build')) as SearchIndexSizes;
  const byKind = Object.fromEntries(sizes.kinds.map((kind) => [kind.kind, kind]));

  expect(byKind.docs.pages).toBe(markdownFiles('docs').length);
  expect(byKind['api-operation'].pages).toBe(operationsOf(loadSpec()).length);
  expect(byKind.blog.pages).toBeGreaterThanOrEqual(posts.length);
  expect(byKind['api-other'].pages).toBeGreaterThan(0);
  expect(sizes.kinds.reduce((sum, kind) => sum + kind.pages, 0)).toBe(sizes.total.pages);

  // The whole row measures the files themselves; each kind holds part of them.
  const files = readdirSync('build')
    .filter((name) => /^search-index.*\.json$/.test(name))
    .map((name) => `build/${name}`);
  expect(sizes.files).toEqual(files);
  const raw = files.reduce((sum, file) => sum + readFileSync(file).length, 0);
  const gzip = files.reduce((sum, file) => sum + gzipSync(readFileSync(file)).length, 0);
  expect(sizes.total.raw).toBe(raw);
  expect(sizes.total.gzip).toBe(gzip);
  for (const kind of sizes.kinds) {
    expect(kind.raw, kind.label).toBeGreaterThan(0);
    expect(kind.raw, kind.label).toBeLessThan(raw);
    expect(kind.gzip, kind.label).toBeLessThan(kind.raw);
  }

  const table = run('build');
  for (const kind of [...sizes.kinds, sizes.total]) {
    expect(table).toContain(`| ${kind.label} | ${kind.pages} |`);
  }
});

test('the search index report names the missing build folder', () => {
  const result = spawnSync('node', ['scripts/search-index-size.mjs', 'no-such-build'], {encoding: 'utf8'});
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('no-such-build/ does not exist');
});
