import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import type {Root} from 'mdast';
import {VFile} from 'vfile';
import remarkMermaidSvg, {MissingDiagramError, withLightDiagramsOnly} from '../../src/plugins/mermaid-svg';
import {
  VARIANTS,
  contentDiagrams,
  diagramHash,
  svgFilesOnDisk,
  svgId,
  svgPath,
  type ContentDiagram,
} from '../../src/plugins/mermaid-svg/diagrams.mjs';
import {contrastRatio, over, parseColor} from '../../src/utils/color';

// The Mermaid diagrams of docs/ and blog/ are SVG files rendered by `npm run diagrams` and committed; the
// remark plugin inlines them. These checks need no build: the files match the diagrams' current text,
// none is left over, each is an image with a name, and its text is readable on the site's backgrounds.

const AA_NORMAL_TEXT = 4.5;
/** The page background of each color mode (Infima's --ifm-background-color). */
const BACKGROUND = {light: '#ffffff', dark: '#1b1b1d'} as const;

let diagrams: ContentDiagram[];
test.beforeAll(async () => {
  diagrams = await contentDiagrams();
});

const expectedFiles = () =>
  new Set(diagrams.flatMap((diagram) => VARIANTS.map((variant) => svgPath(diagram.file, diagram.hash, variant))));

test('every ```mermaid block of docs/ and blog/ has its light and dark SVG for its current text', () => {
  expect(diagrams.length).toBeGreaterThanOrEqual(13);
  const onDisk = new Set(svgFilesOnDisk());
  const missing = diagrams
    .filter((diagram) => VARIANTS.some((variant) => !onDisk.has(svgPath(diagram.file, diagram.hash, variant))))
    .map((diagram) => `${diagram.file}:${diagram.line}`);
  expect(missing, 'diagrams without their SVGs: run `npm run diagrams` and commit the files').toEqual([]);
});

test('no file in a diagrams/ folder is left over from a diagram that changed or was removed', () => {
  const expected = expectedFiles();
  const orphans = svgFilesOnDisk().filter((file) => !expected.has(file));
  expect(orphans, 'SVGs no diagram uses: `npm run diagrams` deletes them').toEqual([]);
});

test('every diagram is an image named by its accTitle and described by its accDescr, with ids of its own', () => {
  for (const diagram of diagrams) {
    const where = `${diagram.file}:${diagram.line}`;
    const title = /^\s*accTitle\s*:\s*(.+)$/m.exec(diagram.text)?.[1].trim();
    expect(title, `${where}: accTitle`).toBeTruthy();
    expect(diagram.text, `${where}: accDescr`).toMatch(/^\s*accDescr\s*(:|\{)/m);
    for (const variant of VARIANTS) {
      const svg = readFileSync(svgPath(diagram.file, diagram.hash, variant), 'utf8');
      const id = svgId(diagram.hash, variant);
      expect(svg, `${where} ${variant}`).toMatch(new RegExp(`^<svg id="${id}"[^>]* role="img"`));
      expect(svg).toMatch(new RegExp(`aria-labelledby="${id}-\\d+"`));
      expect(svg).toMatch(new RegExp(`aria-describedby="${id}-\\d+"`));
      expect(svg).toContain(`>${title}</title>`);
      const ids = [...svg.matchAll(/\bid="([^"]+)"/g)].map((match) => match[1]);
      expect(
        ids.filter((other) => !other.startsWith(id)),
        `${where} ${variant}: ids outside the diagram's prefix`,
      ).toEqual([]);
      // Small and self-contained: no fonts, images or scripts of its own.
      expect(svg, `${where} ${variant}`).not.toMatch(/@font-face|<image|<script|<foreignObject|\sdata-/);
      // It shrinks with the column no further than the width at which its smallest label is 12 px: beyond, the page
      // scrolls it (tests/support/wide-content.ts measures the labels as the pages draw them, in tests/e2e/every-page.spec.ts).
      const viewBoxWidth = Number(/^<svg [^>]*viewBox="[-\d.]+ [-\d.]+ ([\d.]+)/.exec(svg)?.[1]);
      const minWidth = Number(/^<svg [^>]*style="[^"]*min-width: ([\d.]+)px/.exec(svg)?.[1]);
      const smallestFont = Math.min(...[...svg.matchAll(/font-size: ?([\d.]+)px/g)].map((match) => Number(match[1])));
      expect(
        (minWidth / viewBoxWidth) * smallestFont,
        `${where} ${variant}: smallest label at min-width`,
      ).toBeGreaterThanOrEqual(12);
    }
  }
});

test('the text of every diagram reaches 4.5:1 on what it is drawn on, in both color modes', async ({page}) => {
  const problems: string[] = [];
  for (const variant of VARIANTS) {
    const pageColor = parseColor(BACKGROUND[variant]);
    for (const file of [...expectedFiles()].filter((name) => name.endsWith(`.${variant}.svg`))) {
      await page.setContent(
        `<!doctype html><body style="margin:0;background:${BACKGROUND[variant]}">${readFileSync(file, 'utf8')}</body>`,
      );
      // The fill of each element that holds text itself, and the fill and opacity of the topmost shape
      // under its centre (none: the page).
      const pairs = await page.evaluate(() => {
        const holdsText = (element: Element) =>
          [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
        return [...document.querySelectorAll('svg text, svg tspan')].filter(holdsText).map((text) => {
          const box = text.getBoundingClientRect();
          const shape = document
            .elementsFromPoint(box.x + box.width / 2, box.y + box.height / 2)
            .find((element) => element instanceof SVGGeometryElement && getComputedStyle(element).fill !== 'none');
          const style = shape && getComputedStyle(shape);
          return {
            text: text.textContent ?? '',
            color: getComputedStyle(text).fill,
            background: style && {fill: style.fill, opacity: Number(style.fillOpacity) * Number(style.opacity)},
          };
        });
      });
      expect(pairs.length, file).toBeGreaterThan(0);
      for (const {text, color, background} of pairs) {
        const [r, g, b, alpha] = background ? parseColor(background.fill) : pageColor;
        const behind = over([r, g, b, alpha * (background?.opacity ?? 1)], pageColor);
        const ratio = contrastRatio(color, behind);
        if (ratio < AA_NORMAL_TEXT)
          problems.push(`${file}: "${text}" ${color} on ${background?.fill ?? 'the page'}: ${ratio.toFixed(2)}:1`);
      }
    }
  }
  expect(problems).toEqual([]);
});

/** Runs the remark plugin on a Markdown file of a scratch site, as the docs plugin runs it. */
async function transform(dir: string, name: string): Promise<Root> {
  const file = path.join(dir, name);
  const [{unified}, {default: remarkParse}, {default: remarkMdx}] = await Promise.all([
    import('unified'),
    import('remark-parse'),
    import('remark-mdx'),
  ]);
  const processor = unified().use(remarkParse).use(remarkMdx).use(remarkMermaidSvg);
  const source = readFileSync(file, 'utf8');
  return (await processor.run(processor.parse(source), new VFile({path: file, value: source}))) as Root;
}

test.describe('the remark plugin', () => {
  let dir: string;
  const diagram = 'flowchart LR\n  accTitle: Two steps\n  accDescr: A leads to B.\n  A --> B';
  const hash = diagramHash(diagram);
  const page = `---\ntitle: Scratch\n---\n\nIntro.\n\n\`\`\`mermaid\n${diagram}\n\`\`\`\n\nAgain:\n\n\`\`\`mermaid\n${diagram}\n\`\`\`\n`;

  test.beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mermaid-svg-'));
    writeFileSync(path.join(dir, 'page.md'), page);
  });
  test.afterEach(() => rmSync(dir, {recursive: true, force: true}));

  test('replaces each block with a figure holding the light and the dark SVG, ids of a second copy renamed', async () => {
    mkdirSync(path.join(dir, 'diagrams'));
    for (const variant of VARIANTS) {
      const id = svgId(hash, variant);
      writeFileSync(
        svgPath(path.join(dir, 'page.md'), hash, variant),
        `<svg id="${id}" role="img" aria-labelledby="${id}-1"><title id="${id}-1">Two steps</title></svg>\n`,
      );
    }
    const tree = await transform(dir, 'page.md');
    const figures = tree.children.filter((node) => node.type === 'mdxJsxFlowElement' && node.name === 'figure');
    expect(figures).toHaveLength(2);
    expect(tree.children.some((node) => node.type === 'code')).toBe(false);
    const html = (figure: (typeof figures)[number]) =>
      (figure as {children: Array<{attributes: Array<{name: string; value: unknown}>}>}).children.map((child) => ({
        className: child.attributes.find((attribute) => attribute.name === 'className')?.value,
        // The expression is `{__html: "<svg …>"}`: the SVG as a JSON string.
        html: JSON.parse(
          (
            child.attributes.find((attribute) => attribute.name === 'dangerouslySetInnerHTML')?.value as {value: string}
          ).value.slice('{__html: '.length, -1),
        ) as string,
      }));
    // The figure scrolls a diagram wider than the column: a region named by the diagram's title, in the tab order.
    const attribute = (name: string) =>
      (figures[0] as {attributes: Array<{name: string; value: unknown}>}).attributes.find((each) => each.name === name)
        ?.value;
    expect([attribute('role'), attribute('tabIndex'), attribute('aria-label')]).toEqual([
      'region',
      '0',
      'Diagram: Two steps',
    ]);
    const [first, second] = figures.map(html);
    expect(first.map((part) => part.className)).toEqual(['mermaid-diagram__light', 'mermaid-diagram__dark']);
    expect(first[0].html).toMatch(new RegExp(`^<svg id="${svgId(hash, 'light')}"`));
    expect(first[1].html).toMatch(new RegExp(`^<svg id="${svgId(hash, 'dark')}"`));
    expect(second[0].html).toMatch(new RegExp(`^<svg id="${svgId(hash, 'light')}-2"`));
    expect(second[0].html).toContain(`aria-labelledby="${svgId(hash, 'light')}-2-1"`);
  });

  test('fails, naming the file, the line of each block and the command, when a diagram has no SVG', async () => {
    const error = await transform(dir, 'page.md').then(
      () => undefined,
      (reason: unknown) => reason as Error,
    );
    expect(error).toBeInstanceOf(MissingDiagramError);
    const relative = path.relative(process.cwd(), path.join(dir, 'page.md'));
    // One line per distinct diagram: the first block (line 7 of the file, front matter included).
    expect(error?.message).toContain(`${relative}:7 (`);
    expect(error?.message).toContain('`npm run diagrams`');
  });
});

test('a feed entry keeps the light SVG of a diagram and drops the dark one', () => {
  const html =
    '<p>Before</p><figure class="mermaid-diagram"><div class="mermaid-diagram__light"><svg id="a"></svg></div><div class="mermaid-diagram__dark"><svg id="b"></svg></div></figure><p>After</p>';
  expect(withLightDiagramsOnly(html)).toBe(
    '<p>Before</p><figure class="mermaid-diagram"><div class="mermaid-diagram__light"><svg id="a"></svg></div></figure><p>After</p>',
  );
});
