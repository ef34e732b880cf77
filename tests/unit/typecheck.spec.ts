import {spawnSync} from 'node:child_process';
import {expect, test} from '@playwright/test';

test('tsc --noEmit is clean under strict', () => {
  test.setTimeout(180_000);
  const result = spawnSync('node_modules/.bin/tsc', ['--noEmit', '--pretty', 'false'], {encoding: 'utf8'});
  expect(result.stdout + result.stderr).toBe('');
  expect(result.status).toBe(0);
});
