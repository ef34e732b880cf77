// Each intervention of src/upstream/ took effect in the production build in build/, read from its files. A rule
// whose path no longer matches fails the build itself (src/upstream/index.ts); these check what a reader gets.
// The interventions seen only in a browser are checked by tests/e2e/upstream-patches.spec.ts and the tests named
// in src/upstream/README.md.
import {readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {expect, test} from '@playwright/test';
import {CODE_LANGUAGES} from '../../config/code-languages';
import {navbar} from '../../config/navbar';
import {SITE_TAGLINE} from '../../config/site-constants';
import prismComponents from 'prismjs/components.json';
import {deferredScripts} from '../support/html';
import {bundledPrism} from '../support/prism';
import {htmlFiles} from '../../tools/build-output.cjs';

const SCRIPTS_DIR = 'build/assets/js';

const scripts = () => readdirSync(SCRIPTS_DIR).filter((file) => file.endsWith('.js'));
const sourceOf = (file: string) => readFileSync(join(SCRIPTS_DIR, file), 'utf8');

/** The file name of the bundle every page loads. */
function mainBundle(): string {
  const main = scripts().find((file) => /^main\.[\da-f]+\.js$/.test(file));
  if (!main) throw new Error(`${SCRIPTS_DIR} has no main bundle: run the build first`);
  return main;
}

test('prism-languages: only the lazy chunks of the API samples panel and the grant check have Prism, with the grammars they highlight; the include-languages module that pulled them in is empty', () => {
  // Every code block is highlighted at build time (src/plugins/static-code-blocks.ts): no page runs Prism, except
  // the "your values" panel of the API reference, which highlights the samples it writes, and the grant check of
  // the datastore pages, which highlights the statements it lists, in chunks loaded when the reader uses them
  // (tests/e2e/api-your-values.spec.ts, tests/e2e/grant-check.spec.ts); both share src/utils/prism-browser.
  const grammarsOf = (file: string) =>
    new Set([...sourceOf(file).matchAll(/\.languages\.(\w+)=/g)].map((match) => match[1]));
  const withGrammars = scripts().filter((file) => grammarsOf(file).size > 0);
  expect(withGrammars.length, 'chunks with Prism grammars').toBeGreaterThan(0);
  // Lazy chunks only: numbered chunks, never the main bundle, the runtime, the shared chunk or a page's own chunk
  // (which are named by a hash of 8 hex digits).
  expect(
    withGrammars.filter((file) => !/^\d+\.[\da-f]+\.js$/.test(file)),
    'Prism outside a lazy chunk',
  ).toEqual([]);
  // The panel's chunk holds the snippet writers too (a curl option of theirs).
  expect(withGrammars.some((file) => sourceOf(file).includes('lineContinuationCharacter'))).toBe(true);
  const sampleLanguages = new Set(['bash', 'python', 'javascript', 'go', 'java', 'ruby']);
  const checkLanguages = new Set(['sql', 'bash', 'json']);
  const components = prismComponents.languages as Record<
    string,
    {require?: string | string[]; alias?: string | string[]}
  >;
  const allowed = new Set<string>();
  for (const language of [...sampleLanguages, ...checkLanguages]) {
    allowed.add(language);
    for (const id of [components[language].require ?? [], components[language].alias ?? []].flat()) allowed.add(id);
  }
  const bundled = new Set(withGrammars.flatMap((file) => [...grammarsOf(file)]));
  expect(
    [...bundled].filter((id) => !allowed.has(id)),
    'other grammars',
  ).toEqual([]);
  expect(
    [...sampleLanguages, ...checkLanguages].filter((id) => !bundled.has(id)),
    'missing grammars',
  ).toEqual([]);
  // The grammars the build highlights with are the configured ones (the same test fails when one is unknown).
  for (const language of CODE_LANGUAGES) expect(bundledPrism.languages, language).toHaveProperty(language);
});

test('client-site-config: the site config in the bundle every page loads leaves out what only the build reads', () => {
  const source = sourceOf(mainBundle());
  const holds = (text: string) => source.includes(text);
  const rendered = [SITE_TAGLINE, ...navbar.items.map((item) => item.label)];
  expect(
    rendered.filter((text) => !holds(JSON.stringify(text))),
    'what the theme renders from the config, missing',
  ).toEqual([]);
  // The content plugins' options name their rehype and remark plugins; the config's top level names its presets.
  expect(
    ['rehypePlugins', 'beforeDefaultRemarkPlugins', 'presets:['].filter(holds),
    'the options of the presets and plugins',
  ).toEqual([]);
});

test('utils-common-tslib: tslib is not in the bundle every page loads', () => {
  // tslib's CommonJS module exports its helpers by name; each name stays a string in a minified bundle.
  expect(
    ['__classPrivateFieldGet', '__createBinding', '__spreadArray'].filter((helper) =>
      sourceOf(mainBundle()).includes(helper),
    ),
  ).toEqual([]);
});

test('route-prefetch: the bundle every page loads prefetches from an index of the routes, in idle periods', () => {
  // route-prefetch-client.js waits for idle periods of at most 4 ms; @docusaurus/core's own module never yields.
  const source = sourceOf(mainBundle());
  expect(source).toContain('requestIdleCallback');
  expect(source).toMatch(/performance\.now\(\)\+4\b/);
});

test('announcement-bar-new-id: the bundle every page loads shows the bar of a new announcement id before hydration', () => {
  const source = sourceOf(mainBundle());
  expect(source).toMatch(/setAttribute\("data-announcement-bar-initially-dismissed","false"\)/);
});

test("registry-module-paths: the bundle every page loads holds the route table but none of the site's module paths", () => {
  const source = sourceOf(mainBundle());
  // The route table is there (every page's path, written once per route by route-components)...
  expect(source).toContain('"/docs/api/get-dataset"');
  expect(source).toContain('"/docs/intro"');
  // ...and the registry's entries have no module path: only the server reports them (react-loadable's capture).
  expect(source.match(/"@site\/[^"]*"/g) ?? []).toEqual([]);
});

test("head-inline-scripts: every page's inline scripts run above its style sheet, and its body opens with the app", () => {
  // A parser-inserted script below a style sheet that is still loading waits for it, and so does the parser: a
  // script at the start of the body kept the whole body from being read until the style sheet had arrived.
  const problems: string[] = [];
  const pages = htmlFiles('build');
  for (const file of pages) {
    const html = readFileSync(file, 'utf8');
    const styleSheet = html.search(/<link rel="?stylesheet"?[ >]/);
    if (styleSheet === -1) {
      problems.push(`${file}: no style sheet`);
      continue;
    }
    const inlineScriptsBelow = [...html.slice(styleSheet).matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)];
    if (inlineScriptsBelow.length > 0)
      problems.push(`${file}: ${inlineScriptsBelow.length} inline scripts below the style sheet`);
    if (!/<body[^>]*><div id="?__docusaurus"?>/.test(html))
      problems.push(`${file}: the body does not open with the app`);
  }
  expect(pages.length).toBeGreaterThan(150);
  expect(problems).toEqual([]);
});

test("route-chunk-scripts: every page's HTML lists the entry scripts, then its own route chunks, each a file of the build", () => {
  // Docusaurus lists a page's scripts from the modules it rendered; without the intervention it found none of them
  // in the client manifest, and every page listed the runtime and the main bundle only.
  const problems: string[] = [];
  const pages = htmlFiles('build');
  const built = new Set(scripts());
  for (const file of pages) {
    const listed = deferredScripts(readFileSync(file, 'utf8')).map((src) => src.replace(/^\/docs\/assets\/js\//, ''));
    if (!/^runtime~main\.[\da-f]+\.js$/.test(listed[0] ?? '') || listed[1] !== mainBundle())
      problems.push(`${file}: the entry scripts do not come first (${listed.slice(0, 2).join(', ')})`);
    if (listed.length < 3) problems.push(`${file}: no route chunk listed`);
    const missing = listed.filter((name) => !built.has(name));
    if (missing.length > 0) problems.push(`${file}: lists ${missing.join(', ')}, not in the build`);
  }
  expect(pages.length).toBeGreaterThan(150);
  expect(problems).toEqual([]);
});
