// What the production build in build/ holds, read from its files: no server, no browser.
import {readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {gzipSync} from 'node:zlib';
import {expect, test} from '@playwright/test';
import {CODE_LANGUAGES} from '../../config/code-languages';
import {bundledPrism} from '../support/prism';

test('the main bundle of the build defines the configured grammars and no others', () => {
  const main = readdirSync('build/assets/js').find((file) => /^main\.[\da-f]+\.js$/.test(file));
  if (!main) throw new Error('build/assets/js has no main bundle: run the build first');
  const source = readFileSync(join('build/assets/js', main), 'utf8');
  const defined = new Set([...source.matchAll(/\.languages\.(\w+)=/g)].map((match) => match[1]));
  const bundled = bundledPrism.languages;
  for (const language of CODE_LANGUAGES) expect(defined, `main bundle defines ${language}`).toContain(language);
  expect([...defined].filter((language) => !(language in bundled)), 'grammars in the main bundle beyond config/code-languages.ts').toEqual([]);
});

test('each chunk holding the Copy page control is at most 5 KB gzipped, and the bundle every page loads does not hold it', () => {
  const scripts = readdirSync('build/assets/js').filter((name) => name.endsWith('.js'));
  // The control's visible text marks the chunks that hold it; each is loaded only by pages that show it.
  const holding = scripts.filter((name) => readFileSync(`build/assets/js/${name}`, 'utf8').includes('View as Markdown'));
  expect(holding.length, 'chunks holding the control').toBeGreaterThan(0);
  for (const name of holding) {
    expect(name, 'the control is not in the bundle every page loads').not.toMatch(/^main\./);
    const gzipped = gzipSync(readFileSync(`build/assets/js/${name}`)).length;
    expect(gzipped, `${name}: gzipped bytes`).toBeLessThanOrEqual(5 * 1024);
  }
});
