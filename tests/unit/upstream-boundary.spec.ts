// src/upstream/ is the one place that reaches into another package's internals: it imports files of their
// lib/, dist/ or src/ folders, rewrites them at bundle time (a loader's or an alias' rule that names such a path),
// reads a file beside a package's entry point, or styles a theme's markup by its inline style. Everything else
// goes through the packages' public entry points (`@theme/*`, `@docusaurus/*`, a package's name or its exports).
import {readFileSync, readdirSync, statSync} from 'node:fs';
import {join} from 'node:path';
import {expect, test} from '@playwright/test';

const WING = 'src/upstream/';
const SCANNED = ['src', 'config', 'scripts', 'docusaurus.config.ts'];
const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs|mts|cts|css|scss)$/;

/**
 * Internal paths a file outside the wing may name, each with the documentation that makes it public.
 * mermaid's browser bundle: mermaid.js.org "Usage" loads `mermaid/dist/mermaid.min.js` with a script tag.
 */
const DOCUMENTED = new Set(['mermaid/dist/mermaid.min.js']);

/** A module specifier into a package's lib/, dist/ or src/ folder, such as `@docusaurus/core/lib/client/docusaurus.js`. */
const INTERNAL_SPECIFIER = /^(?:@\w[\w.-]*\/)?\w[\w.-]*\/(?:lib|dist|src)(?:\/|$)/;
/** Module specifiers of import, export, dynamic import, require and require.resolve. */
const SPECIFIERS = /(?:\bfrom|\bimport|\brequire(?:\.resolve)?)\s*\(?\s*['"]([^'"\n]+)['"]/g;

/** What rewrites or reads internals without a specifier: a rule's path pattern, a file beside an entry, a style attribute selector. */
const REWRITES: Array<[kind: string, pattern: RegExp]> = [
  ['a rule matching a package folder', /\[\\\\\/\](?:lib|dist|src)\[\\\\\/\]/],
  ['a file beside a package entry point', /dirname\(\s*require\.resolve\(/],
  ['a selector of inline styles', /\[style[*^$~|]?=/],
];

function filesUnder(path: string): string[] {
  if (statSync(path).isFile()) return SOURCE.test(path) ? [path] : [];
  return readdirSync(path).flatMap((name) => (name === 'node_modules' ? [] : filesUnder(join(path, name))));
}

/** Each place in `file` that reaches into another package's internals, as "file: what". */
function internalReaches(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(SPECIFIERS)]
    .map((match) => match[1])
    .filter((specifier) => INTERNAL_SPECIFIER.test(specifier) && !DOCUMENTED.has(specifier));
  const rewrites = REWRITES.filter(([, pattern]) => pattern.test(source)).map(([kind]) => kind);
  return [...specifiers, ...rewrites].map((what) => `${file}: ${what}`);
}

const files = SCANNED.flatMap(filesUnder).map((file) => file.split('\\').join('/'));

test('no file outside src/upstream/ imports, rewrites or styles the internals of another package', () => {
  expect(files.length, 'files scanned').toBeGreaterThan(50);
  expect(files.filter((file) => !file.startsWith(WING)).flatMap(internalReaches)).toEqual([]);
});

test('the scan finds each kind of reach in src/upstream/, where the wing keeps them', () => {
  // Proves the patterns above match real code: each kind occurs in the wing.
  const found = files
    .filter((file) => file.startsWith(WING))
    .flatMap(internalReaches)
    .join('\n');
  expect(found).toContain(
    'src/upstream/theme-code-block-styles.ts: @docusaurus/theme-classic/lib/theme/CodeBlock/Container/styles.module.css',
  );
  expect(found).toContain('src/upstream/staged-client-entry-browser.ts: @docusaurus/core/lib/client/clientEntry.js');
  for (const [kind] of REWRITES.filter(([kind]) => kind !== 'a selector of inline styles'))
    expect(found, kind).toContain(kind);
  // No style rule of the wing targets inline styles since the API theme left: the pattern is proved on a sample.
  const inlineStyles = REWRITES.find(([kind]) => kind === 'a selector of inline styles')![1];
  expect(inlineStyles.test(".panel span[style*='opacity'] { opacity: 1; }")).toBe(true);
});
