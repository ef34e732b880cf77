import {spawnSync} from 'node:child_process';
import {expect, test} from '@playwright/test';

test('spelling: cspell with the project word list, code excluded', () => {
  test.setTimeout(120_000);
  const result = spawnSync('node_modules/.bin/cspell', [ '--no-progress', '--no-summary', '--config', 'cspell.json'], {encoding: 'utf8'});
  expect(result.stdout + result.stderr).toBe('');
  expect(result.status).toBe(0);
});

test('Markdown style: markdownlint-cli2', () => {
  test.setTimeout(120_000);
  const result = spawnSync('node_modules/.bin/markdownlint-cli2', [], {encoding: 'utf8'});
  const problems = (result.stdout + result.stderr).split('\n').filter((line) => /:\d+(:\d+)? MD\d{3}/.test(line));
  expect(problems).toEqual([]);
  expect(result.status).toBe(0);
});
