#!/usr/bin/env node
// Makes the site's two web fonts (`npm run fonts`): Inter for text and JetBrains Mono for code, from their npm
// packages, cut down to the characters the site writes (CHARACTERS below) and to the weights it uses, as woff2 in
// static/fonts/ under names that carry a hash of their bytes. It also writes the @font-face rules, in
// src/plugins/fonts/: file-faces.css (the files) and fallback-faces.css (local fonts whose metrics match, so the
// page does not move when the font arrives), and manifest.json (what the preload tags and the tests read). The
// files are committed: a build does not subset. tests/build/fonts.spec.ts fails when a built page has a character
// no subset holds; add it to CHARACTERS and run this script again.
import {createHash} from 'node:crypto';
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import * as prettier from 'prettier';
import {BASE_URL} from '../config/base-url.cjs';

// The font packages and the tools that cut them are a package of their own, packages/font-tools, which `npm run
// fonts` installs first: 180 MB (capsize's metrics of every Google font) that neither the build nor the tests need.
const require = createRequire(path.resolve('packages/font-tools/package.json'));
const {createFontStack} = require('@capsizecss/core');
const arial = require('@capsizecss/metrics/arial');
const courierNew = require('@capsizecss/metrics/courierNew');
const {fromBuffer} = require('@capsizecss/unpack');
const subsetFont = require('subset-font');
const FONTS_DIR = 'static/fonts';
const FILE_FACES_CSS = 'src/plugins/fonts/file-faces.css';
const FALLBACK_FACES_CSS = 'src/plugins/fonts/fallback-faces.css';
const MANIFEST = 'src/plugins/fonts/manifest.json';
/** The URL path of static/fonts on the site. */
const FONTS_URL = `${BASE_URL}fonts/`;

/**
 * Every character the subsets hold, as inclusive code point ranges: ASCII, Latin-1 (accented names in samples),
 * the typographic punctuation the prose uses (dashes, curly quotes, bullet, ellipsis, primes), arrows
 * ("Settings → Integrations"), a few signs of comparison and arithmetic, ✓.
 */
const CHARACTERS = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x131, 0x131],
  [0x152, 0x153],
  [0x2010, 0x2022],
  [0x2026, 0x2026],
  [0x2030, 0x2030],
  [0x2032, 0x2033],
  [0x2039, 0x203a],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2190, 0x2195],
  [0x2212, 0x2212],
  [0x2248, 0x2248],
  [0x2260, 0x2260],
  [0x2264, 0x2265],
  [0x2713, 0x2713],
];

/**
 * Arial Bold's metrics, which @capsizecss/metrics does not have: measured with @capsizecss/unpack on Liberation
 * Sans Bold, whose advance widths and vertical metrics are Arial Bold's (the regular cuts of the two give
 * capsize's Arial figures to the unit).
 */
const arialBold = {...arial, familyName: 'Arial Bold', xWidthAvg: 983, subsets: {latin: {xWidthAvg: 983}}};
const ARIAL = ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Arimo'];
const ARIAL_BOLD = ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'LiberationSans-Bold', 'Arimo Bold'];

/**
 * The two families. Weights: text from 400 (body) to 700 (bold), code 400 to 700 (the highlighter's bold tokens);
 * Inter's optical size is fixed at its text size (14), the display cut of large headings costing 13 kB more.
 * `noLayoutClosure` keeps only the glyphs of the characters themselves, not the alternates that OpenType features
 * reach (JetBrains Mono's code ligatures among them, which docs are better without): half the bytes.
 *
 * Each weight the site sets text in has a fallback face whose advance widths match the font's at that weight, so
 * that a line breaks at the same word in both: medium (500) in Arial, semibold and bold in Arial Bold, each scaled
 * by its own size-adjust. Code does not wrap; one fallback serves it.
 */
const FAMILIES = [
  {
    id: 'text',
    family: 'Inter Vigil',
    packageName: 'inter-ui',
    source: 'inter-ui/variable/InterVariable.woff2',
    license: 'inter-ui/LICENSE.txt',
    axes: {opsz: 14, wght: {min: 400, max: 700}},
    weight: '400 700',
    fallbacks: [
      {weight: 400, metrics: arial, locals: ARIAL},
      {weight: 500, metrics: arial, locals: ARIAL},
      {weight: 600, metrics: arialBold, locals: ARIAL_BOLD},
      {weight: 700, metrics: arialBold, locals: ARIAL_BOLD},
    ],
    preload: true,
  },
  {
    id: 'code',
    family: 'JetBrains Mono Vigil',
    packageName: '@fontsource-variable/jetbrains-mono',
    source: '@fontsource-variable/jetbrains-mono/files/jetbrains-mono-latin-wght-normal.woff2',
    license: '@fontsource-variable/jetbrains-mono/LICENSE',
    axes: {wght: {min: 400, max: 700}},
    weight: '400 700',
    fallbacks: [
      {
        weight: 400,
        metrics: courierNew,
        locals: ['Courier New', 'CourierNewPSMT', 'Liberation Mono', 'LiberationMono', 'Cousine'],
      },
    ],
    // Code is below the fold on most pages and does not wrap: it is fetched when the CSS asks for it.
    preload: false,
  },
];

/**
 * The name of the face that draws, in code, the characters the code font's source lacks (its Google Fonts cut
 * has no arrows), from the text font's file: the same URL, so no second download.
 */
const CODE_SUPPLEMENT_FAMILY = 'Vigil Code Supplement';

/**
 * font-display: swap. The fallback face has the font's metrics (size-adjust, ascent, descent and line gap), so
 * text set in it takes the same room and the swap moves nothing (tests/e2e/fonts.spec.ts measures the layout
 * shifts with the font held back); `optional` would keep a first visit on a slow link in the fallback for the
 * whole page, `block` would hide the text for up to 3 s.
 */
const FONT_DISPLAY = 'swap';

function codePointsOf(ranges) {
  const points = [];
  for (const [first, last] of ranges) for (let point = first; point <= last; point += 1) points.push(point);
  return points;
}

/** Inclusive ranges of sorted code points, as a CSS unicode-range. */
function unicodeRange(points) {
  const ranges = [];
  for (const point of [...points].sort((a, b) => a - b)) {
    const last = ranges.at(-1);
    if (last && point === last[1] + 1) last[1] = point;
    else ranges.push([point, point]);
  }
  const hex = (point) => point.toString(16).toUpperCase();
  return ranges
    .map(([first, last]) => (first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`))
    .join(', ');
}

/**
 * A fallback face: capsize's size-adjust and overrides of the font's metrics at `weight` (the subset instanced at
 * that weight) on the fallback font's.
 */
async function fallbackFace(family, source, text, axes, {weight, metrics, locals}) {
  const instance = await subsetFont(source, text, {
    targetFormat: 'sfnt',
    variationAxes: {...axes, wght: weight},
    noLayoutClosure: true,
  });
  const fontMetrics = await fromBuffer(instance);
  const {fontFaces} = createFontStack([fontMetrics, metrics], {fontFaceFormat: 'styleObject'});
  const face = fontFaces[0]['@font-face'];
  return {
    family: `${family} Fallback`,
    weight,
    src: locals.map((name) => `local('${name}')`).join(', '),
    sizeAdjust: face.sizeAdjust,
    ascentOverride: face.ascentOverride,
    descentOverride: face.descentOverride,
    // capsize leaves the line gap out when the font has none; the fallback's own gap must still be zeroed.
    lineGapOverride: face.lineGapOverride ?? '0%',
  };
}

const wanted = codePointsOf(CHARACTERS);
const text = String.fromCodePoint(...wanted);
rmSync(FONTS_DIR, {recursive: true, force: true});
mkdirSync(FONTS_DIR, {recursive: true});
mkdirSync(path.dirname(MANIFEST), {recursive: true});

const made = [];
for (const font of FAMILIES) {
  const source = readFileSync(require.resolve(font.source));
  const subset = await subsetFont(source, text, {
    targetFormat: 'woff2',
    variationAxes: font.axes,
    noLayoutClosure: true,
  });
  const hash = createHash('sha256').update(subset).digest('hex').slice(0, 10);
  const file = `${font.id === 'text' ? 'inter' : 'jetbrains-mono'}-vigil.${hash}.woff2`;
  writeFileSync(path.join(FONTS_DIR, file), subset);
  const held = fontkit.create(subset).characterSet.filter((point) => wanted.includes(point));
  const {version} = JSON.parse(readFileSync(require.resolve(`${font.packageName}/package.json`), 'utf8'));
  writeFileSync(
    path.join(FONTS_DIR, `${font.id === 'text' ? 'inter' : 'jetbrains-mono'}-LICENSE.txt`),
    readFileSync(require.resolve(font.license)),
  );
  made.push({
    ...font,
    file,
    url: `${FONTS_URL}${file}`,
    bytes: subset.length,
    version,
    codePoints: held,
    fallbackFaces: await Promise.all(
      font.fallbacks.map((fallback) => fallbackFace(font.family, source, text, font.axes, fallback)),
    ),
  });
}

const [textFont, codeFont] = made;
const supplement = textFont.codePoints.filter((point) => !codeFont.codePoints.includes(point));

function fontFace(lines) {
  return `@font-face {\n${lines.map((line) => `  ${line};`).join('\n')}\n}\n`;
}

const header = (what) =>
  `/*\n * Generated by scripts/subset-fonts.mjs (npm run fonts): do not edit.\n * ${what}\n */\n`;

/**
 * The faces of the font files, inlined in every page's head by src/plugins/fonts (the bundler would resolve and
 * re-emit their URLs). Short, as they are in every page's HTML: no unicode-range on the two families, whose
 * missing characters fall through to the next font of the stack anyway; the supplement needs its own.
 */
const fileFaces = [
  header('The faces of the font files, inlined in every page by src/plugins/fonts.'),
  ...made.map((font) =>
    fontFace([
      `font-family: '${font.family}'`,
      `src: url('${font.url}') format('woff2')`,
      `font-weight: ${font.weight}`,
      `font-display: ${FONT_DISPLAY}`,
    ]),
  ),
  fontFace([
    `font-family: '${CODE_SUPPLEMENT_FAMILY}'`,
    `src: url('${textFont.url}') format('woff2')`,
    `font-weight: ${textFont.weight}`,
    `font-display: ${FONT_DISPLAY}`,
    `unicode-range: ${unicodeRange(supplement)}`,
  ]),
].join('\n');

/** The metric-matched fallback faces of --vigil-font-sans and --vigil-font-mono: local fonts, in the bundled CSS. */
const fallbackFaces = [
  header('The fallback faces of --vigil-font-sans and --vigil-font-mono (src/css/tokens.css).'),
  ...made.flatMap((font) =>
    font.fallbackFaces.map((face) =>
      fontFace([
        `font-family: '${face.family}'`,
        `src: ${face.src}`,
        `font-weight: ${face.weight}`,
        `size-adjust: ${face.sizeAdjust}`,
        `ascent-override: ${face.ascentOverride}`,
        `descent-override: ${face.descentOverride}`,
        `line-gap-override: ${face.lineGapOverride}`,
      ]),
    ),
  ),
].join('\n');

/** The file's text as the repository's Prettier writes it, so that `npm run lint` passes on generated files too. */
async function formatted(file, text) {
  const options = await prettier.resolveConfig(file);
  return prettier.format(text, {...options, filepath: file});
}

writeFileSync(FILE_FACES_CSS, await formatted(FILE_FACES_CSS, fileFaces));
writeFileSync(FALLBACK_FACES_CSS, await formatted(FALLBACK_FACES_CSS, fallbackFaces));

const manifest = {
  fontDisplay: FONT_DISPLAY,
  codeSupplement: {family: CODE_SUPPLEMENT_FAMILY, codePoints: supplement},
  fonts: made.map((font) => ({
    id: font.id,
    family: font.family,
    package: `${font.packageName}@${font.version}`,
    license: 'OFL-1.1',
    url: font.url,
    bytes: font.bytes,
    preload: font.preload,
    fallbackFamily: `${font.family} Fallback`,
    codePoints: font.codePoints,
  })),
};
writeFileSync(MANIFEST, await formatted(MANIFEST, JSON.stringify(manifest)));

for (const font of made) {
  console.log(
    `${font.family}: ${path.join(FONTS_DIR, font.file)}, ${font.bytes} bytes, ${font.codePoints.length} characters`,
  );
}
