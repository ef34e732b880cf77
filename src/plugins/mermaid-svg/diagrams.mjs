// The Mermaid diagrams of the content and where their rendered SVGs live: one model for the render script
// (scripts/render-diagrams.mjs), the remark plugin that inlines the SVGs (index.ts) and the tests. Plain
// JavaScript, typed by diagrams.d.mts, so that the render script runs in Node.js without a build step.
import {createHash} from 'node:crypto';
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';

/** The content folders whose ```mermaid blocks become SVG: those of the docs and blog plugins. */
export const CONTENT_DIRS = ['docs', 'blog'];

/** Each diagram is rendered once per color mode of the site. */
export const VARIANTS = ['light', 'dark'];

/** The folder, next to a Markdown file, that holds the SVGs of its diagrams. */
export const SVG_DIR = 'diagrams';

/** The command that renders every diagram; named by every error about a missing SVG. */
export const RENDER_COMMAND = 'npm run diagrams';

/** The diagram text as hashed: line endings normalised, so a checkout with CRLF names the same files. */
function normalised(text) {
  return text.replace(/\r\n?/g, '\n');
}

/** The content hash of a diagram's Mermaid text: an edited diagram names new SVG files. */
export function diagramHash(text) {
  return createHash('sha256').update(normalised(text)).digest('hex').slice(0, 12);
}

/** The SVG of a diagram in one color mode, in the `diagrams/` folder next to its Markdown file. */
export function svgPath(markdownFile, hash, variant) {
  return path.join(path.dirname(markdownFile), SVG_DIR, `${hash}.${variant}.svg`);
}

/**
 * The id of a rendered SVG's root element; every other id of the SVG starts with it. It differs per
 * diagram and per variant, so the two SVGs of a diagram, and the diagrams of a page, never share an id.
 */
export function svgId(hash, variant) {
  return `mermaid-${hash}-${variant}`;
}

let parser;

/** The MDX parser, as Docusaurus parses docs and posts (`markdown.format: 'mdx'`), loaded once. */
async function loadParser() {
  parser ??= (async () => {
    const [{unified}, {default: remarkParse}, {default: remarkMdx}, {default: remarkGfm}, {default: remarkDirective}] =
      await Promise.all([
        import('unified'),
        import('remark-parse'),
        import('remark-mdx'),
        import('remark-gfm'),
        import('remark-directive'),
      ]);
    return unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkDirective);
  })();
  return parser;
}

function collectMermaid(node, found) {
  if (node.type === 'code' && node.lang === 'mermaid') {
    found.push({text: node.value, line: node.position.start.line});
  }
  for (const child of node.children ?? []) collectMermaid(child, found);
}

/**
 * The ```mermaid blocks of a Markdown or MDX source, with the line of each fence in the file: the code
 * nodes the remark plugin replaces, found by the same parser.
 */
export async function mermaidBlocks(source, file) {
  const parse = await loadParser();
  let tree;
  try {
    // The front matter is YAML, which Docusaurus reads apart from the MDX: blanked, so lines keep their numbers.
    tree = parse.parse(source.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, (front) => front.replace(/[^\n]/g, '')));
  } catch (error) {
    throw new Error(`${file}: cannot be parsed as MDX: ${error.message}`);
  }
  const found = [];
  collectMermaid(tree, found);
  return found.map((block) => ({...block, hash: diagramHash(block.text)}));
}

function walk(dir, keep) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, {withFileTypes: true})
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? walk(full, keep) : keep(full) ? [full] : [];
    })
    .sort();
}

/** Every diagram of the content folders: its Markdown file (relative to `siteDir`), line, text and hash. */
export async function contentDiagrams(siteDir = '.') {
  const diagrams = [];
  for (const dir of CONTENT_DIRS) {
    for (const file of walk(path.join(siteDir, dir), (name) => /\.mdx?$/.test(name))) {
      const relative = path.relative(siteDir, file).split(path.sep).join('/');
      for (const block of await mermaidBlocks(readFileSync(file, 'utf8'), relative)) {
        diagrams.push({file: relative, ...block});
      }
    }
  }
  return diagrams;
}

/** Every file in a `diagrams/` folder of the content folders, relative to `siteDir`. */
export function svgFilesOnDisk(siteDir = '.') {
  return CONTENT_DIRS.flatMap((dir) =>
    walk(path.join(siteDir, dir), (name) => path.basename(path.dirname(name)) === SVG_DIR).map((file) =>
      path.relative(siteDir, file).split(path.sep).join('/'),
    ),
  );
}
