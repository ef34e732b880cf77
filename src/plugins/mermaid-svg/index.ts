import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {Program} from 'estree';
import type {Parent, Root, RootContent} from 'mdast';
import type {MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import type {VFile} from 'vfile';
import {RENDER_COMMAND, VARIANTS, diagramHash, mermaidBlocks, svgId, svgPath, type Variant} from './diagrams.mjs';

/**
 * Class of the figure that holds a diagram; its two children are `mermaid-diagram__light` and
 * `mermaid-diagram__dark`, and src/css/custom.css shows the one of the page's color mode.
 */
export const FIGURE_CLASS = 'mermaid-diagram';

/** The accessible name of the region that scrolls a diagram wider than the column: the diagram's title. */
function diagramRegionLabel(title: string): string {
  return `Diagram: ${title}`;
}

const XML_ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'"};

/** The text of an SVG's own <title> (its accTitle), as the reader hears it. */
function svgTitle(svg: string): string {
  const escaped = /<title[^>]*>([^<]*)<\/title>/.exec(svg)?.[1] ?? '';
  return escaped.replace(
    /&(amp|lt|gt|quot|apos);|&#(\d+);/g,
    (_, name: string | undefined, code: string | undefined) =>
      name ? XML_ENTITIES[name] : String.fromCodePoint(Number(code)),
  );
}

/** A diagram whose current text has no rendered SVG: names each block and the command that renders it. */
export class MissingDiagramError extends Error {
  constructor(blocks: string[]) {
    super(
      `Mermaid diagrams without a rendered SVG for their current text:\n${blocks.map((block) => `  ${block}\n`).join('')}` +
        `Run \`${RENDER_COMMAND}\`, then commit the SVG files it writes.`,
    );
    this.name = 'MissingDiagramError';
  }
}

/** `<div className={className} dangerouslySetInnerHTML={{__html: html}} />` as an MDX JSX node. */
function rawHtmlBlock(className: string, html: string): MdxJsxFlowElement {
  const expression: Program = {
    type: 'Program',
    sourceType: 'module',
    body: [
      {
        type: 'ExpressionStatement',
        expression: {
          type: 'ObjectExpression',
          properties: [
            {
              type: 'Property',
              kind: 'init',
              method: false,
              shorthand: false,
              computed: false,
              key: {type: 'Identifier', name: '__html'},
              value: {type: 'Literal', value: html},
            },
          ],
        },
      },
    ],
  };
  return {
    type: 'mdxJsxFlowElement',
    name: 'div',
    attributes: [
      {type: 'mdxJsxAttribute', name: 'className', value: className},
      {
        type: 'mdxJsxAttribute',
        name: 'dangerouslySetInnerHTML',
        value: {
          type: 'mdxJsxAttributeValueExpression',
          value: `{__html: ${JSON.stringify(html)}}`,
          data: {estree: expression},
        },
      },
    ],
    children: [],
  };
}

/**
 * The SVG of a diagram in one color mode, or undefined when it was not rendered. The `occurrence`th copy of
 * the same diagram on a page gets ids of its own (every id of the SVG starts with its root's id).
 */
function readSvg(markdownFile: string, hash: string, variant: Variant, occurrence: number): string | undefined {
  const file = svgPath(markdownFile, hash, variant);
  if (!existsSync(file)) return undefined;
  const svg = readFileSync(file, 'utf8').trim();
  const id = svgId(hash, variant);
  return occurrence === 1 ? svg : svg.split(id).join(`${id}-${occurrence}`);
}

function siteRelative(file: string): string {
  return path.relative(process.cwd(), file).split(path.sep).join('/');
}

/**
 * Remark plugin: replaces each ```mermaid code block with a `<figure>` holding the diagram's two SVGs
 * (light and dark), rendered ahead of time by `npm run diagrams` into `diagrams/` next to the Markdown
 * file. The page shows the diagram without JavaScript and loads no diagram library. Fails the build,
 * naming each file and line, when a diagram's current text has no SVG.
 */
export default function remarkMermaidSvg() {
  return async (tree: Root, file: VFile): Promise<void> => {
    const markdownFile = file.path;
    const copies = new Map<string, number>();
    const missing: string[] = [];

    const replaceIn = (parent: Parent) => {
      parent.children = parent.children.map((node) => {
        if (node.type === 'code' && node.lang === 'mermaid') {
          const hash = diagramHash(node.value);
          const occurrence = (copies.get(hash) ?? 0) + 1;
          copies.set(hash, occurrence);
          const svgs = VARIANTS.map((variant) => ({variant, svg: readSvg(markdownFile, hash, variant, occurrence)}));
          if (svgs.some(({svg}) => svg === undefined)) {
            missing.push(hash);
            return node;
          }
          const figure: MdxJsxFlowElement = {
            type: 'mdxJsxFlowElement',
            name: 'figure',
            // A diagram never shrinks below the width at which its labels stay readable (scripts/render-diagrams.mjs):
            // a narrower column scrolls it, so the figure is a region a keyboard can focus and scroll with the arrows.
            attributes: [
              {type: 'mdxJsxAttribute', name: 'className', value: FIGURE_CLASS},
              {type: 'mdxJsxAttribute', name: 'role', value: 'region'},
              {type: 'mdxJsxAttribute', name: 'tabIndex', value: '0'},
              {type: 'mdxJsxAttribute', name: 'aria-label', value: diagramRegionLabel(svgTitle(svgs[0].svg as string))},
            ],
            children: svgs.map(({variant, svg}) => rawHtmlBlock(`${FIGURE_CLASS}__${variant}`, svg as string)),
          };
          return figure as RootContent;
        }
        if ('children' in node) replaceIn(node as Parent);
        return node;
      }) as Parent['children'];
    };
    replaceIn(tree);

    if (missing.length > 0) {
      // Docusaurus parses the body without its front matter: the lines of the file come from the file itself.
      const relative = siteRelative(markdownFile);
      const blocks = await mermaidBlocks(readFileSync(markdownFile, 'utf8'), relative);
      throw new MissingDiagramError(
        [...new Set(missing)].map((hash) => {
          const line = blocks.find((block) => block.hash === hash)?.line ?? '?';
          return `${relative}:${line} (${siteRelative(svgPath(markdownFile, hash, 'light'))} and .dark.svg)`;
        }),
      );
    }
  };
}

/**
 * A blog post's HTML for its RSS and Atom entries, with only the light SVG of each diagram: a feed reader
 * has neither the site's style sheet nor its color mode, and would show both.
 */
export function withLightDiagramsOnly(html: string): string {
  return html.replace(new RegExp(`<div class="${FIGURE_CLASS}__dark">[\\s\\S]*?</div>`, 'g'), '');
}
