// The site's fonts, read from the files of the production build: every character a page shows is in the subset
// of the font that draws it, and every page preloads the text font and declares both faces, from this host.
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {expect, test} from '@playwright/test';
import * as fontkit from 'fontkit';
import {BASE_URL} from '../../config/site-constants';
import {fontManifest} from '../../src/plugins/fonts';

const BUILD_DIR = process.env.VIGIL_BUILD_DIR ?? 'build';

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(path);
    return entry.name.endsWith('.html') ? [path] : [];
  });
}

const NAMED_ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0'};

/** Text of HTML with its tags removed and its character references decoded (the minifier writes few kinds). */
function textOf(html: string, page: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (reference, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    const named = NAMED_ENTITIES[name];
    if (named === undefined) throw new Error(`${page}: add the character reference ${reference} to NAMED_ENTITIES`);
    return named;
  });
}

/** Code, keyboard and sample text: drawn in the code font (--vigil-font-mono). */
const CODE_ELEMENTS = /<(code|kbd|samp|pre)\b[^>]*>[\s\S]*?<\/\1>/gi;
/** Elements whose content is not text on the page. */
const NOT_TEXT = /<(script|style|svg|template|noscript|title)\b[^>]*>[\s\S]*?<\/\1>/gi;

/**
 * Characters no font draws: spaces and line breaks (the browser lays them out), zero-width and joining
 * characters, the soft hyphen and the byte order mark, which are invisible.
 */
const INVISIBLE = /[\s\u00ad\u200b-\u200f\u2028\u2029\u2060\ufeff]/u;

/** Where each character of the build occurs first: a page path. */
function charactersOf(texts: Iterable<[page: string, text: string]>): Map<string, string> {
  const found = new Map<string, string>();
  for (const [page, text] of texts) {
    for (const character of text) {
      if (!INVISIBLE.test(character) && !found.has(character)) found.set(character, page);
    }
  }
  return found;
}

const [textFont, codeFont] = (['text', 'code'] as const).map((id) => {
  const font = fontManifest.fonts.find((candidate) => candidate.id === id);
  if (!font) throw new Error(`src/plugins/fonts/manifest.json has no ${id} font`);
  return font;
});

/** The code points of a built font file, read from the file itself (its cmap), not from the manifest. */
function codePointsOfFile(url: string): Set<number> {
  const file = join(BUILD_DIR, url.slice(BASE_URL.length));
  expect(existsSync(file), `${file}: the font file is in the build`).toBe(true);
  const font = fontkit.create(readFileSync(file));
  if (!('characterSet' in font)) throw new Error(`${file}: a font collection, not one font`);
  return new Set(font.characterSet);
}

test('every character of every built page is in the subset of the font that draws it', () => {
  const pages = htmlFiles(BUILD_DIR);
  expect(pages.length, 'built pages').toBeGreaterThan(10);
  const texts: [string, string][] = [];
  const codes: [string, string][] = [];
  for (const page of pages) {
    const html = readFileSync(page, 'utf8').replace(NOT_TEXT, '');
    const name = page.slice(BUILD_DIR.length);
    const code = [...html.matchAll(CODE_ELEMENTS)].map((match) => match[0]).join('\n');
    codes.push([name, textOf(code, name)]);
    texts.push([name, textOf(html.replace(CODE_ELEMENTS, ''), name)]);
    // The search box's placeholder is drawn in the text font too.
    for (const match of html.matchAll(/\splaceholder="?([^">]+)/g)) texts.push([name, textOf(match[1], name)]);
  }
  const text = codePointsOfFile(textFont.url);
  // In code, what the code font lacks is drawn by the text font's file (CODE_SUPPLEMENT_FAMILY of
  // scripts/subset-fonts.mjs), only for the characters the manifest lists.
  const code = codePointsOfFile(codeFont.url);
  const supplement = new Set(fontManifest.codeSupplement.codePoints.filter((point) => text.has(point)));
  const describe = ([character, page]: [string, string]) =>
    `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} "${character}" (first on ${page})`;
  const missingText = [...charactersOf(texts)].filter(([character]) => !text.has(character.codePointAt(0)!));
  const missingCode = [...charactersOf(codes)].filter(([character]) => {
    const point = character.codePointAt(0)!;
    return !code.has(point) && !supplement.has(point);
  });
  const advice = 'add them to CHARACTERS in scripts/subset-fonts.mjs and run npm run fonts';
  expect(missingText.map(describe), `characters the text font lacks: ${advice}`).toEqual([]);
  expect(missingCode.map(describe), `characters the code font lacks: ${advice}`).toEqual([]);
});

test('the bundled style sheet has the metric-matched fallback faces of both families', () => {
  const cssDir = join(BUILD_DIR, 'assets/css');
  const css = readdirSync(cssDir)
    .filter((name) => name.endsWith('.css'))
    .map((name) => readFileSync(join(cssDir, name), 'utf8'))
    .join('\n');
  for (const font of [textFont, codeFont]) {
    const faces = [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)]
      .map((match) => match[1])
      .filter((face) => face.includes(font.fallbackFamily));
    expect(faces.length, `fallback faces of ${font.family}`).toBeGreaterThan(0);
    for (const face of faces) expect(face, font.fallbackFamily).toMatch(/size-adjust:\s*[\d.]+%/);
  }
});

test('every page preloads the text font and declares both faces, with URLs of this site', () => {
  for (const page of ['index.html', 'intro/index.html', 'api/index.html', '404.html']) {
    const html = readFileSync(join(BUILD_DIR, page), 'utf8');
    const preloads = [...html.matchAll(/<link\b[^>]*\brel="?preload"?[^>]*>/g)].map((match) => match[0]);
    const fontPreloads = preloads.filter((link) => /\bas="?font\b/.test(link));
    expect(fontPreloads, `${page}: one font preload`).toHaveLength(1);
    expect(fontPreloads[0], `${page}: the text font, fetched in CORS mode`).toMatch(
      new RegExp(`href="?${textFont.url.replace(/\./g, '\\.')}[\\s">].*crossorigin`),
    );
    const faces = html.match(/<style>(@font-face[\s\S]*?)<\/style>/)?.[1] ?? '';
    for (const font of [textFont, codeFont]) expect(faces, `${page}: @font-face of ${font.family}`).toContain(font.url);
    const urls = [...faces.matchAll(/url\(([^)]+)\)/g)].map((match) => match[1].replace(/["']/g, ''));
    expect(
      urls.filter((url) => !url.startsWith(`${BASE_URL}fonts/`)),
      `${page}: fonts from elsewhere`,
    ).toEqual([]);
  }
});
