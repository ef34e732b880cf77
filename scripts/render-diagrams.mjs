#!/usr/bin/env node
// Renders every ```mermaid block of docs/ and blog/ to SVG (`npm run diagrams`), once per color mode, with
// the mermaid package in Debian's Chromium, into `diagrams/<hash>.<light|dark>.svg` next to the Markdown
// file; the remark plugin (src/plugins/mermaid-svg) inlines them into the pages. The files are committed:
// the build never runs a browser. The same text gives the same bytes (ids follow document order, numbers
// are rounded, randomness is seeded), and what the page does not need is removed: unused markers, style
// rules that match nothing, mermaid's data attributes, per-word text spans. SVGs that no diagram names
// any more are deleted.
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {chromium} from '@playwright/test';
import {VARIANTS, contentDiagrams, svgFilesOnDisk, svgId, svgPath} from '../src/plugins/mermaid-svg/diagrams.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Mermaid is a package of its own, packages/diagram-tools, which `npm run diagrams` installs first: neither the build
// nor the tests run it (they read the committed SVGs).
const require = createRequire(path.resolve('packages/diagram-tools/package.json'));

/**
 * Text is measured in DejaVu Sans (installed with Debian's Chromium), wider than the site's own text font and
 * the system fonts after it, so labels fit their boxes whatever font draws them; the SVG then draws them in the
 * site's text font (--vigil-font-sans of src/css/tokens.css: the diagrams are inline in the page, which defines
 * it), or in the reader's system font where the SVG is read on its own.
 */
const MEASURING_FONT = '"DejaVu Sans", sans-serif';
const SITE_FONT = 'var(--vigil-font-sans, system-ui, sans-serif)';

/**
 * The smallest size, in CSS pixels, a label of a diagram may be drawn at. A diagram shrinks with the column down
 * to the width at which its smallest label is this size, and no further: a narrower column scrolls it sideways
 * (src/css/responsive.css). tests/e2e/responsive-layout.spec.ts measures the labels as the pages show them.
 */
const SMALLEST_LABEL_PX = 12;

/**
 * Mermaid's `base` theme in the site's colors (src/css/custom.css, Infima): text in the page's text color,
 * boxes tinted with the brand green and outlined in it, lines in a grey of at least 3:1 on the page.
 * Every text color is at least 4.5:1 on what it is drawn on (tests/unit/diagrams.spec.ts measures it).
 */
const THEMES = {
  light: {
    darkMode: false,
    background: '#ffffff',
    fontFamily: MEASURING_FONT,
    fontSize: '16px',
    primaryColor: '#e7f3ed',
    primaryBorderColor: '#1d6b48',
    primaryTextColor: '#1c1e21',
    secondaryColor: '#f2f4f6',
    tertiaryColor: '#f6f7f8',
    lineColor: '#5c6370',
    textColor: '#1c1e21',
    edgeLabelBackground: '#ffffff',
    clusterBkg: '#f6f7f8',
    clusterBorder: '#8d949e',
    titleColor: '#1c1e21',
    actorBkg: '#e7f3ed',
    actorBorder: '#1d6b48',
    actorTextColor: '#1c1e21',
    actorLineColor: '#8d949e',
    signalColor: '#5c6370',
    signalTextColor: '#1c1e21',
    labelBoxBkgColor: '#e7f3ed',
    labelBoxBorderColor: '#1d6b48',
    labelTextColor: '#1c1e21',
    loopTextColor: '#1c1e21',
    noteBkgColor: '#fdf5d8',
    noteBorderColor: '#8a6d00',
    noteTextColor: '#1c1e21',
    activationBkgColor: '#f2f4f6',
    activationBorderColor: '#5c6370',
    sequenceNumberColor: '#ffffff',
    labelBackgroundColor: '#ffffff',
    transitionColor: '#5c6370',
    transitionLabelColor: '#1c1e21',
    stateBkg: '#e7f3ed',
    stateLabelColor: '#1c1e21',
    compositeBackground: '#ffffff',
    compositeTitleBackground: '#e7f3ed',
    altBackground: '#f6f7f8',
  },
  dark: {
    darkMode: true,
    background: '#1b1b1d',
    fontFamily: MEASURING_FONT,
    fontSize: '16px',
    primaryColor: '#1e3a2c',
    primaryBorderColor: '#4cc38a',
    primaryTextColor: '#e3e3e3',
    secondaryColor: '#2a2c30',
    tertiaryColor: '#242526',
    lineColor: '#a8afba',
    textColor: '#e3e3e3',
    edgeLabelBackground: '#1b1b1d',
    clusterBkg: '#242526',
    clusterBorder: '#7a818c',
    titleColor: '#e3e3e3',
    actorBkg: '#1e3a2c',
    actorBorder: '#4cc38a',
    actorTextColor: '#e3e3e3',
    actorLineColor: '#7a818c',
    signalColor: '#a8afba',
    signalTextColor: '#e3e3e3',
    labelBoxBkgColor: '#1e3a2c',
    labelBoxBorderColor: '#4cc38a',
    labelTextColor: '#e3e3e3',
    loopTextColor: '#e3e3e3',
    noteBkgColor: '#3a3220',
    noteBorderColor: '#c9a227',
    noteTextColor: '#e3e3e3',
    activationBkgColor: '#2a2c30',
    activationBorderColor: '#a8afba',
    sequenceNumberColor: '#1b1b1d',
    labelBackgroundColor: '#1b1b1d',
    transitionColor: '#a8afba',
    transitionLabelColor: '#e3e3e3',
    stateBkg: '#1e3a2c',
    stateLabelColor: '#e3e3e3',
    compositeBackground: '#1b1b1d',
    compositeTitleBackground: '#1e3a2c',
    altBackground: '#242526',
  },
};

/** Mermaid's configuration for one color mode. */
function mermaidConfig(variant) {
  return {
    startOnLoad: false,
    theme: 'base',
    themeVariables: THEMES[variant],
    fontFamily: MEASURING_FONT,
    // SVG <text> instead of HTML in <foreignObject>: smaller, and drawn the same without the page's CSS.
    htmlLabels: false,
    securityLevel: 'strict',
    deterministicIds: true,
    look: 'classic',
    // Edge labels on an opaque box: the line behind a label would lower the contrast of its text.
    themeCSS: '.edgeLabel rect, .edgeLabel .label rect { opacity: 1; }',
  };
}

/**
 * Runs in the browser: renders one diagram and returns its SVG, cleaned. Self-contained, as Playwright
 * sends its source to the page.
 */
async function renderInPage({id, text, config, measuringFont, siteFont, smallestLabelPx}) {
  // A seeded generator in place of Math.random, so that anything mermaid draws at random is drawn the same.
  let seed = 1;
  Math.random = () => {
    seed = (seed * 16807) % 2147483647;
    return (seed - 1) / 2147483646;
  };
  const {mermaid} = globalThis;
  mermaid.initialize(config);
  const {svg: markup} = await mermaid.render(id, text);
  const host = document.createElement('div');
  document.body.append(host);
  host.innerHTML = markup;
  const root = host.querySelector('svg');
  const all = () => [root, ...root.querySelectorAll('*')];

  // Text: one text node per line instead of a span per word, when no word is styled.
  for (const span of root.querySelectorAll('tspan.text-inner-tspan')) {
    const plain =
      (span.getAttribute('font-style') ?? 'normal') === 'normal' &&
      (span.getAttribute('font-weight') ?? 'normal') === 'normal';
    if (plain && span.children.length === 0) span.replaceWith(document.createTextNode(span.textContent));
  }
  root.normalize();
  for (const text of root.querySelectorAll('text')) {
    if (text.textContent.trim() === '') text.remove();
  }
  // The accessible description as one line, whatever the line breaks of its accDescr block.
  for (const element of root.querySelectorAll(':scope > title, :scope > desc')) {
    element.textContent = element.textContent.replace(/\s+/g, ' ').trim();
  }

  // Definitions nothing refers to (mermaid defines every arrowhead of the diagram type).
  const referenced = () => {
    const ids = new Set();
    for (const element of all()) {
      for (const {name, value} of element.attributes) {
        for (const match of value.matchAll(/url\(#([^)]+)\)/g)) ids.add(match[1]);
        if ((name === 'href' || name === 'xlink:href') && value.startsWith('#')) ids.add(value.slice(1));
        if (name === 'aria-labelledby' || name === 'aria-describedby')
          for (const token of value.split(/\s+/)) ids.add(token);
      }
    }
    return ids;
  };
  let used = referenced();
  for (const definition of root.querySelectorAll(
    'marker, linearGradient, radialGradient, filter, clipPath, pattern, symbol',
  )) {
    if (!used.has(definition.id)) definition.remove();
  }

  // Style rules that match nothing in this diagram, and animations nothing runs.
  const style = root.querySelector('style');
  const rules = [];
  const animations = [];
  for (const rule of style.sheet.cssRules) {
    if (rule instanceof CSSKeyframesRule) animations.push(rule);
    if (!(rule instanceof CSSStyleRule)) continue;
    const selectors = rule.selectorText.split(',').map((selector) => selector.trim());
    const matching = selectors.filter((selector) => {
      try {
        return root.matches(selector) || root.querySelector(selector) !== null;
      } catch {
        return false;
      }
    });
    if (matching.length > 0 && rule.style.length > 0)
      rules.push({selectors: matching, declarations: rule.style.cssText});
  }
  for (const extra of root.querySelectorAll('style')) extra.remove();

  const keyframes = animations
    .filter((animation) =>
      rules.some(({declarations}) => new RegExp(`animation[^;]*\\b${animation.name}\\b`).test(declarations)),
    )
    .map((animation) => animation.cssText.replace(/\s+/g, ' '));

  // Classes no remaining rule selects, mermaid's data attributes, empty attributes.
  const usedClasses = new Set(
    rules.flatMap(({selectors}) =>
      selectors.flatMap((selector) => [...selector.matchAll(/\.([\w-]+)/g)].map((m) => m[1])),
    ),
  );
  for (const element of all()) {
    for (const name of [...element.getAttributeNames()]) {
      const value = element.getAttribute(name).trim();
      if (name.startsWith('data-') || /^;*$/.test(value)) element.removeAttribute(name);
      else if (name === 'style') element.setAttribute(name, value.replace(/;{2,}/g, ';'));
    }
    if (element.hasAttribute('class')) {
      const kept = element
        .getAttribute('class')
        .split(/\s+/)
        .filter((name, index, names) => usedClasses.has(name) && names.indexOf(name) === index);
      if (kept.length > 0) element.setAttribute('class', kept.join(' '));
      else element.removeAttribute('class');
    }
  }
  // Rectangles without a size draw nothing (mermaid leaves a background box for unlabelled edges).
  for (const rect of root.querySelectorAll('rect')) {
    if (!rect.hasAttribute('width') || !rect.hasAttribute('height') || Number(rect.getAttribute('width')) === 0)
      rect.remove();
  }
  // Groups without attributes group nothing: their children take their place.
  for (const group of [...root.querySelectorAll('g')].reverse()) {
    if (group.attributes.length === 0) group.replaceWith(...group.childNodes);
  }
  // Groups left empty.
  let removed = true;
  while (removed) {
    removed = false;
    for (const group of root.querySelectorAll('g, defs')) {
      if (group.childNodes.length === 0 || (group.children.length === 0 && group.textContent.trim() === '')) {
        group.remove();
        removed = true;
      }
    }
  }

  // Ids: only those something refers to, or a style rule selects, stay; each starts with the root's id.
  const needed = referenced();
  for (const {selectors} of rules) {
    for (const selector of selectors.filter((text) => text.includes('[id'))) {
      for (const element of root.querySelectorAll(selector)) needed.add(element.id);
    }
  }
  const renamed = new Map();
  for (const element of all()) {
    if (element === root || !element.id) continue;
    if (!needed.has(element.id)) element.removeAttribute('id');
    else if (!element.id.startsWith(id)) {
      renamed.set(element.id, `${id}-${renamed.size + 1}`);
      element.id = renamed.get(element.id);
    }
  }
  for (const element of all()) {
    for (const {name, value} of [...element.attributes]) {
      let next = value.replace(/url\(#([^)]+)\)/g, (whole, ref) =>
        renamed.has(ref) ? `url(#${renamed.get(ref)})` : whole,
      );
      if ((name === 'href' || name === 'xlink:href') && renamed.has(value.slice(1)))
        next = `#${renamed.get(value.slice(1))}`;
      if (name === 'aria-labelledby' || name === 'aria-describedby')
        next = value
          .split(/\s+/)
          .map((token) => renamed.get(token) ?? token)
          .join(' ');
      if (next !== value) element.setAttribute(name, next);
    }
  }

  // Numbers: a tenth of a pixel is finer than the screen draws a diagram scaled to the column.
  const round = (value) =>
    value
      .replace(/-?\d*\.?\d+e-\d+/g, '0')
      .replace(/-?\d*\.\d{2,}/g, (number) => String(Number(Number(number).toFixed(1))));
  for (const element of all()) {
    for (const {name, value} of [...element.attributes]) {
      if (
        /^(d|points|transform|viewBox|style|x|y|x1|x2|y1|y2|cx|cy|r|rx|ry|width|height|dx|dy|refX|refY|markerWidth|markerHeight)$/.test(
          name,
        )
      ) {
        element.setAttribute(name, round(value));
      }
    }
  }

  // Never drawn smaller than the scale at which its smallest label is smallestLabelPx: mermaid gives the root its
  // natural width as max-width, and the minimum is that width scaled (rounded up, so the label is not a hair under).
  const viewBoxWidth = root.viewBox.baseVal.width;
  const smallestFont = Math.min(
    ...[...root.querySelectorAll('text')].map((text) => parseFloat(getComputedStyle(text).fontSize)),
  );
  const minWidth = Math.ceil(((viewBoxWidth * smallestLabelPx) / smallestFont) * 10) / 10;
  if (minWidth < viewBoxWidth) root.style.minWidth = `${minWidth}px`;

  // An image, named by its <title> and described by its <desc> (mermaid's graphics-document role is no image role).
  const title = root.querySelector(':scope > title');
  const description = root.querySelector(':scope > desc');
  root.setAttribute('role', 'img');
  root.removeAttribute('aria-roledescription');

  // The cleaned style sheet, first, with the site's fonts.
  const hex = (r, g, b) => `#${[r, g, b].map((c) => Math.round(Number(c)).toString(16).padStart(2, '0')).join('')}`;
  const css = rules
    .map(
      ({selectors, declarations}) =>
        `${selectors.join(',')}{${declarations.replace(/;\s+/g, ';').replace(/:\s+/g, ':')}}`,
    )
    .concat(keyframes)
    .join('')
    .replace(/rgb\(([\d.]+), ([\d.]+), ([\d.]+)\)/g, (whole, r, g, b) => hex(r, g, b));
  const sheet = document.createElementNS('http://www.w3.org/2000/svg', 'style');
  sheet.textContent = css
    .split(measuringFont.replace(/,\s*/g, ', '))
    .join(siteFont)
    .split(measuringFont)
    .join(siteFont);
  const firstContent = [...root.children].find((child) => child.tagName !== 'title' && child.tagName !== 'desc');
  root.insertBefore(sheet, firstContent ?? null);

  const result = {
    svg: new XMLSerializer().serializeToString(root),
    title: title?.textContent.trim() ?? '',
    description: description?.textContent.trim() ?? '',
  };
  host.remove();
  return result;
}

const started = Date.now();
const diagrams = await contentDiagrams('.');
const browser = await chromium.launch({executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu']});
const written = new Set();
const problems = [];
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body></body></html>');
  await page.addScriptTag({path: require.resolve('mermaid/dist/mermaid.min.js')});
  for (const diagram of diagrams) {
    const where = `${diagram.file}:${diagram.line}`;
    for (const variant of VARIANTS) {
      const file = svgPath(diagram.file, diagram.hash, variant);
      if (written.has(file)) continue;
      let result;
      try {
        result = await page.evaluate(renderInPage, {
          id: svgId(diagram.hash, variant),
          text: diagram.text,
          config: mermaidConfig(variant),
          measuringFont: MEASURING_FONT,
          siteFont: SITE_FONT,
          smallestLabelPx: SMALLEST_LABEL_PX,
        });
      } catch (error) {
        problems.push(
          `${where}: mermaid cannot render the diagram: ${error.message.split('\n').slice(0, 3).join(' ')}`,
        );
        break;
      }
      if (!result.title || !result.description) {
        problems.push(`${where}: the diagram needs an accTitle and an accDescr (its accessible name and description)`);
        break;
      }
      mkdirSync(path.dirname(file), {recursive: true});
      writeFileSync(file, `${result.svg}\n`);
      written.add(file);
    }
  }
} finally {
  await browser.close();
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
const orphans = svgFilesOnDisk('.').filter((file) => !written.has(file));
for (const file of orphans) rmSync(file);
const bytes = [...written].reduce((sum, file) => sum + readFileSync(file).length, 0);
console.log(
  `Rendered ${diagrams.length} diagrams to ${written.size} SVG files (${(bytes / 1024).toFixed(1)} kB) in ${((Date.now() - started) / 1000).toFixed(1)} s` +
    (orphans.length > 0 ? `; deleted ${orphans.length} no diagram uses: ${orphans.join(', ')}` : ''),
);
