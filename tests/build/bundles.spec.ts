// What the production build in build/ holds, read from its files: no server, no browser.
import {readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {gzipSync} from 'node:zlib';
import {expect, test} from '@playwright/test';
import {CODE_LANGUAGES} from '../../config/code-languages';
import {navbar} from '../../config/navbar';
import {SITE_TAGLINE} from '../../config/site-constants';
import {bundledPrism} from '../support/prism';

const SCRIPTS_DIR = 'build/assets/js';

/** The file name of the bundle every page loads. */
function mainBundle(scripts: string[]): string {
  const main = scripts.find((file) => /^main\.[\da-f]+\.js$/.test(file));
  if (!main) throw new Error(`${SCRIPTS_DIR} has no main bundle: run the build first`);
  return main;
}

test('Prism is not in the bundle every page loads, and the chunk that has it defines the configured grammars and no others', () => {
  // Fences are highlighted at build time (src/plugins/static-code-blocks.ts); Prism stays for the API
  // reference's code samples, highlighted in the browser by the theme's CodeBlock (src/patches/prism-languages.ts).
  const scripts = readdirSync(SCRIPTS_DIR).filter((file) => file.endsWith('.js'));
  const main = mainBundle(scripts);
  const grammarsOf = (file: string) => new Set([...readFileSync(join(SCRIPTS_DIR, file), 'utf8').matchAll(/\.languages\.(\w+)=/g)].map((match) => match[1]));
  expect([...grammarsOf(main)], 'Prism grammars in the main bundle').toEqual([]);
  const withPrism = scripts.filter((file) => grammarsOf(file).has('bash'));
  expect(withPrism.length, 'chunks with the Prism grammars').toBe(1);
  const defined = grammarsOf(withPrism[0]);
  const bundled = bundledPrism.languages;
  for (const language of CODE_LANGUAGES) expect(defined, `${withPrism[0]} defines ${language}`).toContain(language);
  expect([...defined].filter((language) => !(language in bundled)), 'grammars beyond config/code-languages.ts').toEqual([]);
});

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

test('the site config in the bundle every page loads leaves out what only the build reads', () => {
  // src/patches/client-site-config.ts: the presets' and plugins' options and the page template.
  const source = readFileSync(join(SCRIPTS_DIR, mainBundle(readdirSync(SCRIPTS_DIR))), 'utf8');
  const holds = (text: string) => source.includes(text);
  const rendered = [SITE_TAGLINE, ...navbar.items.map((item) => item.label)];
  expect(rendered.filter((text) => !holds(JSON.stringify(text))), 'what the theme renders from the config, missing').toEqual([]);
  expect(['rehypePlugins', 'it.htmlAttributes'].filter(holds), 'the rehype options of the content plugins, the page template').toEqual([]);
});
