import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {join} from 'node:path';
import {expect, test} from '@playwright/test';
import {codeThemes} from '../../config/prism-themes';
import {contrastRatio as contrast, over, parseColor, type Rgba} from '../../src/utils/color';

// WCAG contrast of the theme's color pairs, computed from the style sheets themselves: Infima (the base
// theme), then the design tokens (src/css/tokens.css) and src/css/custom.css on top, as the browser loads them. axe checks rendered text, but it
// cannot rate text on a gradient (the landing hero), and it only sees the states a page happens to be in;
// this test rates every pair the theme defines, in both color modes.

const AA_NORMAL_TEXT = 4.5;
/** WCAG 1.4.11: what identifies a control, such as the edge of a text field, against what is next to it. */
const AA_NON_TEXT = 3;
const INFIMA_CSS = createRequire(join(process.cwd(), 'package.json')).resolve('infima/dist/css/default/default.css');
const TOKENS_CSS = 'src/css/tokens.css';
const CUSTOM_CSS = 'src/css/custom.css';
const HERO_CSS = 'src/components/HomepageHero/styles.module.css';
const READER_FORM_CSS = 'src/css/reader-form.module.css';

type Block = {selectors: string[]; declarations: Map<string, string>};

/** Top-level rule blocks of a style sheet (blocks inside @media and other at-rules are left out). */
function topLevelBlocks(file: string): Block[] {
  const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const blocks: Block[] = [];
  let depth = 0;
  let start = 0;
  let prelude = '';
  for (let i = 0; i < css.length; i += 1) {
    if (css[i] === '{') {
      if (depth === 0) {
        prelude = css.slice(start, i).trim();
        start = i + 1;
      }
      depth += 1;
    } else if (css[i] === '}') {
      depth -= 1;
      if (depth < 0) throw new Error(`${file}: unbalanced "}" at offset ${i}`);
      if (depth === 0) {
        if (!prelude.startsWith('@')) {
          const declarations = new Map<string, string>();
          for (const declaration of css.slice(start, i).split(';')) {
            const colon = declaration.indexOf(':');
            if (colon > 0) declarations.set(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
          }
          blocks.push({selectors: prelude.split(',').map((s) => s.trim().replace(/"/g, "'")), declarations});
        }
        start = i + 1;
      }
    }
  }
  if (depth !== 0) throw new Error(`${file}: unbalanced "{"`);
  return blocks;
}

const sheets = [INFIMA_CSS, TOKENS_CSS, CUSTOM_CSS].map(topLevelBlocks);
const hero = topLevelBlocks(HERO_CSS);

/** Declarations of every block with one of `selectors`, in cascade order (later sheets win). */
function declarationsOf(blocks: Block[][], selectors: string[]): Map<string, string> {
  const merged = new Map<string, string>();
  for (const sheet of blocks) {
    for (const block of sheet) {
      if (block.selectors.some((selector) => selectors.includes(selector))) {
        for (const [name, value] of block.declarations) merged.set(name, value);
      }
    }
  }
  return merged;
}

type Mode = 'light' | 'dark';
const DARK_SELECTORS = ["html[data-theme='dark']", "[data-theme='dark']"];

/** The custom properties in force in a color mode, under an optional scope (such as `.footer--dark`). */
function variables(mode: Mode, scope?: string): Map<string, string> {
  const merged = new Map(declarationsOf(sheets, [':root', 'html']));
  if (mode === 'dark') for (const [name, value] of declarationsOf(sheets, DARK_SELECTORS)) merged.set(name, value);
  if (scope) {
    for (const [name, value] of declarationsOf(sheets, [scope])) merged.set(name, value);
    if (mode === 'dark') {
      for (const [name, value] of declarationsOf(
        sheets,
        DARK_SELECTORS.map((dark) => `${dark} ${scope}`),
      ))
        merged.set(name, value);
    }
  }
  return merged;
}

function resolve(value: string, vars: Map<string, string>, seen: string[] = []): string {
  return value.replace(/var\((--[\w-]+)(?:,\s*([^)]+))?\)/g, (_, name: string, fallback?: string) => {
    if (seen.includes(name)) throw new Error(`circular custom property ${name}`);
    const found = vars.get(name) ?? fallback;
    if (found === undefined) throw new Error(`custom property ${name} is not defined`);
    return resolve(found, vars, [...seen, name]);
  });
}

/** The page background of a mode: Infima's body background, white where it is transparent. */
function pageBackground(vars: Map<string, string>): Rgba {
  const value = resolve('var(--ifm-background-color)', vars);
  return value === 'transparent' ? [255, 255, 255, 1] : over(parseColor(value), [255, 255, 255, 1]);
}

function color(value: string, vars: Map<string, string>): Rgba {
  return parseColor(resolve(value, vars));
}

/** The single block of a style sheet with this selector, which must exist. */
function block(blocks: Block[], selector: string, file: string): Map<string, string> {
  const found = blocks.find((candidate) => candidate.selectors.includes(selector));
  if (!found) throw new Error(`${file} has no rule for ${selector}`);
  return found.declarations;
}

function declared(declarations: Map<string, string>, property: string, where: string): string {
  const value = declarations.get(property);
  if (!value) throw new Error(`${where} declares no ${property}`);
  return value;
}

type Pair = {name: string; ratio: number};

function themePairs(mode: Mode): Pair[] {
  const vars = variables(mode);
  const page = pageBackground(vars);
  const activeMenu = over(color('var(--ifm-menu-color-background-active)', vars), page);
  const surface = over(color('var(--ifm-background-surface-color)', vars), page);
  const footerVars = variables(mode, '.footer--dark');
  const footerBackground = color('var(--ifm-footer-background-color)', footerVars);
  const primary = color('var(--ifm-color-primary)', vars);
  const text = color('var(--ifm-font-color-base)', vars);
  const muted = color('var(--vigil-color-text-muted)', vars);
  const subtle = over(color('var(--vigil-color-bg-subtle)', vars), page);
  const footerText = color('var(--ifm-footer-color)', footerVars);
  const admonitions = ADMONITIONS.flatMap((kind): Pair[] => {
    const background = over(color(`var(--vigil-color-${kind}-bg)`, vars), page);
    return [
      {name: `${kind} admonition title`, ratio: contrast(color(`var(--vigil-color-${kind}-title)`, vars), background)},
      {name: `${kind} admonition text`, ratio: contrast(text, background)},
      {name: `link in a ${kind} admonition`, ratio: contrast(primary, background)},
    ];
  });
  return [
    ...admonitions,
    {name: 'headings on the page', ratio: contrast(color('var(--ifm-heading-color)', vars), page)},
    {name: 'muted text (captions, table of contents) on the page', ratio: contrast(muted, page)},
    {name: 'table header text on its background', ratio: contrast(muted, subtle)},
    {name: 'sidebar link on the page', ratio: contrast(color('var(--ifm-menu-color)', vars), page)},
    {name: 'tab label on the page', ratio: contrast(color('var(--ifm-tabs-color)', vars), page)},
    {
      name: 'inline code on its background',
      ratio: contrast(text, over(color('var(--ifm-code-background)', vars), page)),
    },
    {
      name: 'search excerpt text on its highlight',
      ratio: contrast(muted, over(color('var(--vigil-color-highlight-bg)', vars), page)),
    },
    {name: 'error text on the page', ratio: contrast(color('var(--vigil-color-danger-text)', vars), page)},
    {name: 'footer text on the footer', ratio: contrast(footerText, footerBackground)},
    {name: 'body text on the page', ratio: contrast(color('var(--ifm-font-color-base)', vars), page)},
    {name: 'primary (links) on the page', ratio: contrast(primary, page)},
    {name: 'primary on the active sidebar item', ratio: contrast(primary, activeMenu)},
    {name: 'primary on the navbar surface', ratio: contrast(primary, surface)},
    {
      name: 'footer link on the footer',
      ratio: contrast(color('var(--ifm-footer-link-color)', footerVars), footerBackground),
    },
    {
      name: 'footer title on the footer',
      ratio: contrast(color('var(--ifm-footer-title-color)', footerVars), footerBackground),
    },
  ];
}

const ADMONITIONS = ['note', 'tip', 'info', 'warning', 'danger'] as const;
const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'webhook', 'other'] as const;
const ANNOUNCEMENT = "div[role='banner']";

test.describe('theme colors meet WCAG AA contrast (4.5:1)', () => {
  for (const mode of ['light', 'dark'] as const) {
    test(`${mode} mode: text, links, active sidebar item, footer`, () => {
      const pairs = themePairs(mode);
      const failing = pairs
        .filter(({ratio}) => ratio < AA_NORMAL_TEXT)
        .map(({name, ratio}) => `${name}: ${ratio.toFixed(2)}:1`);
      expect(failing, `pairs below ${AA_NORMAL_TEXT}:1 in ${mode} mode`).toEqual([]);
    });
  }

  test('the announcement bar text and link on its background', () => {
    const custom = sheets[2];
    for (const mode of ['light', 'dark'] as const) {
      const vars = variables(mode);
      const bar = block(custom, ANNOUNCEMENT, CUSTOM_CSS);
      const background = color(declared(bar, 'background-color', `${CUSTOM_CSS} ${ANNOUNCEMENT}`), vars);
      for (const selector of [ANNOUNCEMENT, `${ANNOUNCEMENT} a`, `${ANNOUNCEMENT} button`]) {
        const text = color(declared(block(custom, selector, CUSTOM_CSS), 'color', `${CUSTOM_CSS} ${selector}`), vars);
        expect(contrast(text, background), `${mode} ${selector}`).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
      }
    }
  });

  test('the label of every HTTP method badge on its color, in both modes', () => {
    const failing: string[] = [];
    for (const mode of ['light', 'dark'] as const) {
      const vars = variables(mode);
      for (const method of METHODS) {
        const ratio = contrast(
          color('var(--vigil-color-on-method)', vars),
          color(`var(--vigil-color-method-${method})`, vars),
        );
        if (ratio < AA_NORMAL_TEXT) failing.push(`${mode} ${method}: ${ratio.toFixed(2)}:1`);
      }
    }
    expect(failing).toEqual([]);
  });

  test('the edge of a field a reader types in, against the page and the form, in both modes (3:1)', () => {
    const input = block(topLevelBlocks(READER_FORM_CSS), '.input', READER_FORM_CSS);
    const edge = declared(input, 'border', `${READER_FORM_CSS} .input`).replace(/^.*\bsolid\s+/, '');
    for (const mode of ['light', 'dark'] as const) {
      const vars = variables(mode);
      const page = pageBackground(vars);
      const field = over(color(declared(input, 'background', `${READER_FORM_CSS} .input`), vars), page);
      for (const [name, background] of [
        ['page', page],
        ['field', field],
      ] as const) {
        expect(contrast(color(edge, vars), background), `${mode}: field edge on the ${name}`).toBeGreaterThanOrEqual(
          AA_NON_TEXT,
        );
      }
    }
  });

  test('the code block background token is the code theme’s background, on which its token colors are rated', () => {
    for (const [mode, theme] of Object.entries(codeThemes)) {
      expect(color('var(--vigil-color-code-bg)', variables(mode as Mode)), mode).toEqual(
        parseColor(theme.plain.backgroundColor ?? ''),
      );
    }
  });

  test('the landing hero text on every stop of its gradient, in both modes', () => {
    const failing: string[] = [];
    for (const mode of ['light', 'dark'] as const) {
      const gradient = resolve('var(--vigil-hero-background)', variables(mode));
      const stops = [...gradient.matchAll(/#[0-9a-f]{6}\b|#[0-9a-f]{3}\b|rgba?\([^)]*\)/gi)].map((m) =>
        parseColor(m[0]),
      );
      expect(stops.length, `color stops of --vigil-hero-background (${mode})`).toBeGreaterThan(1);
      for (const selector of ['.hero', '.title', '.tagline', '.summary']) {
        const text = color(
          declared(block(hero, selector, HERO_CSS), 'color', `${HERO_CSS} ${selector}`),
          variables(mode),
        );
        for (const stop of stops) {
          const ratio = contrast(text, stop);
          if (ratio < AA_NORMAL_TEXT) failing.push(`${mode} ${selector} on ${stop.join(',')}: ${ratio.toFixed(2)}:1`);
        }
      }
    }
    expect(failing).toEqual([]);
  });

  test('every token color of the code themes on the code background, in both modes', () => {
    const failing: string[] = [];
    for (const [mode, theme] of Object.entries(codeThemes)) {
      const background = parseColor(theme.plain.backgroundColor ?? '');
      const colors = [theme.plain.color, ...theme.styles.map(({style}) => style.color)].filter(
        (value): value is string => Boolean(value),
      );
      for (const value of colors) {
        const ratio = contrast(parseColor(value), background);
        if (ratio < AA_NORMAL_TEXT) failing.push(`${mode} ${value}: ${ratio.toFixed(2)}:1`);
      }
      expect(
        theme.styles.filter(({style}) => style.opacity !== undefined),
        `${mode} tokens dimmed by opacity`,
      ).toEqual([]);
    }
    expect(failing).toEqual([]);
  });
});
