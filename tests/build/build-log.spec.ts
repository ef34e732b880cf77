import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {apiPagesOf} from '../../src/openapi';
import {loadSpec} from '../support/openapi';

const LOG = '.artifacts/build.log';

/** Warnings the build only reports (the specification keeps them warnings): the suite makes them failures. */
export const BUILD_WARNING_PATTERNS: Array<[string, RegExp]> = [
  ['broken links', /found broken links/i],
  ['broken markdown links', /markdown link .* couldn't be resolved|broken markdown links/i],
  ['broken anchors', /found broken anchors/i],
  ['duplicate routes', /duplicate routes/i],
  ['any other warning', /\[WARNING\]/],
];

export function buildWarnings(log: string): string[] {
  return BUILD_WARNING_PATTERNS.filter(([, pattern]) => pattern.test(log)).map(([name]) => name);
}

test('the warning detector recognises each kind of build warning', () => {
  expect(buildWarnings('[WARNING] Docusaurus found broken links!\n')).toContain('broken links');
  expect(
    buildWarnings('[WARNING] Markdown link with URL `x.md` in source file "docs/a.md" couldn\'t be resolved.'),
  ).toContain('broken markdown links');
  expect(buildWarnings('[WARNING] Docusaurus found broken anchors!')).toContain('broken anchors');
  expect(buildWarnings('[WARNING] Duplicate routes found!')).toContain('duplicate routes');
  expect(buildWarnings('[SUCCESS] Generated static files in "build".')).toEqual([]);
});

test('the production build succeeded without a single warning', () => {
  expect(existsSync(LOG), `${LOG} is written by npm test (scripts/run-tests.mjs)`).toBe(true);
  const log = readFileSync(LOG, 'utf8');
  expect(log).toContain('[SUCCESS] Generated static files in "build"');
  const offending = log.split('\n').filter((line) => BUILD_WARNING_PATTERNS.some(([, pattern]) => pattern.test(line)));
  expect(offending).toEqual([]);
});

test('the build made one page model per operation and webhook: nothing works the description out a second time', () => {
  // The API reference plugin logs model.ts's own count of every page model the build process made, by any module.
  const log = readFileSync(LOG, 'utf8');
  const counted = /API reference: (\d+) page models built for (\d+) operations and webhooks/.exec(log);
  expect(counted, 'the build log says how many page models it built').not.toBeNull();
  const pages = apiPagesOf(loadSpec()).length;
  expect(Number(counted![2])).toBe(pages);
  expect(Number(counted![1])).toBe(pages);
});

test("the server bundle read every API page's data from its file, none bundled as its data", () => {
  // The server check (src/plugins/api-reference/bundles.ts) counts the data modules the loader made readers of.
  const log = readFileSync(LOG, 'utf8');
  const counted = /API reference: the server bundle reads (\d+) pages' data from their files when they render/.exec(
    log,
  );
  expect(counted, 'the build log says how many pages it reads from their files').not.toBeNull();
  const dataModules = readdirSync('api', {recursive: true}).filter((name) => String(name).endsWith('.page.js'));
  expect(dataModules.length).toBeGreaterThan(200);
  expect(Number(counted![1])).toBe(dataModules.length);
});
