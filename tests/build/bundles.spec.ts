// What the production build in build/ holds, read from its files: no server, no browser.
import {readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {gzipSync} from 'node:zlib';
import {expect, test} from '@playwright/test';

const SCRIPTS_DIR = 'build/assets/js';

test('each chunk holding the Copy page control is at most 5 KB gzipped, and the bundle every page loads does not hold it', () => {
  const scripts = readdirSync(SCRIPTS_DIR).filter((name) => name.endsWith('.js'));
  // The control's visible text marks the chunks that hold it; each is loaded only by pages that show it.
  const holding = scripts.filter((name) => readFileSync(join(SCRIPTS_DIR, name), 'utf8').includes('View as Markdown'));
  expect(holding.length, 'chunks holding the control').toBeGreaterThan(0);
  for (const name of holding) {
    expect(name, 'the control is not in the bundle every page loads').not.toMatch(/^main\./);
    const gzipped = gzipSync(readFileSync(join(SCRIPTS_DIR, name))).length;
    expect(gzipped, `${name}: gzipped bytes`).toBeLessThanOrEqual(5 * 1024);
  }
});
