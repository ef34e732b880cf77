// What the production build in build/ holds, read from its files: no server, no browser.
import {readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {gzipSync} from 'node:zlib';
import {expect, test} from '@playwright/test';

const SCRIPTS_DIR = 'build/assets/js';

let scriptTexts: Map<string, string> | undefined;

/** The build's scripts (file names under SCRIPTS_DIR) whose code holds `text`; the scripts are read once. */
function scriptsHolding(text: string): string[] {
  scriptTexts ??= new Map(
    readdirSync(SCRIPTS_DIR)
      .filter((name) => name.endsWith('.js'))
      .map((name) => [name, readFileSync(join(SCRIPTS_DIR, name), 'utf8')]),
  );
  return [...scriptTexts].filter(([, code]) => code.includes(text)).map(([name]) => name);
}

test('each chunk holding the Copy page control is at most 5 KB gzipped, and the bundle every page loads does not hold it', () => {
  // The control's visible text marks the chunks that hold it; each is loaded only by pages that show it.
  const holding = scriptsHolding('View as Markdown');
  expect(holding.length, 'chunks holding the control').toBeGreaterThan(0);
  for (const name of holding) {
    expect(name, 'the control is not in the bundle every page loads').not.toMatch(/^main\./);
    const gzipped = gzipSync(readFileSync(join(SCRIPTS_DIR, name))).length;
    expect(gzipped, `${name}: gzipped bytes`).toBeLessThanOrEqual(5 * 1024);
  }
});

test('the API page components are written once, into one chunk that the API pages load and a doc page does not', () => {
  // The class of the request samples' tabs marks the code of the operation page's component.
  const holding = scriptsHolding('api-sample-tabs');
  expect(holding, 'chunks holding the operation page component').toHaveLength(1);
  const operationPages = readdirSync('build/api', {withFileTypes: true})
    .filter((entry) => entry.isDirectory() && entry.name !== 'objects')
    .map((entry) => readFileSync(join('build/api', entry.name, 'index.html'), 'utf8'))
    .filter((html) => /class="[^"]*\bapi-sample-tabs\b/.test(html));
  expect(operationPages.length, 'operation and webhook pages').toBeGreaterThan(50);
  for (const html of operationPages) expect(html).toContain(`/assets/js/${holding[0]}`);
  expect(readFileSync('build/intro/index.html', 'utf8')).not.toContain(holding[0]);
});

test('code that 50 or more pages use is written once, however small: the object page component and the tab panel', () => {
  // A heading of the object page's component (2.5 kB), and the role of the docs theme's tab panel: each under the
  // bundler's minimum size for a chunk of its own, each used by more pages than PAGES_THAT_SHARE_A_CHUNK.
  const objectPageChunks = scriptsHolding('Objects that hold it');
  expect(objectPageChunks, 'chunks holding the object page component').toHaveLength(1);
  expect(scriptsHolding('"tabpanel"'), 'chunks holding the tab panel').toHaveLength(1);
  const objectPages = readdirSync('build/api/objects', {withFileTypes: true}).filter((entry) => entry.isDirectory());
  expect(objectPages.length, 'object pages').toBeGreaterThanOrEqual(50);
  for (const entry of objectPages)
    expect(readFileSync(join('build/api/objects', entry.name, 'index.html'), 'utf8')).toContain(
      `/assets/js/${objectPageChunks[0]}`,
    );
});
