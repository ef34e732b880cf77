// Descriptions of the OpenAPI file are CommonMark, which allows raw HTML. They reach the reader as data, never as
// code: parsed once into a syntax tree, raw HTML parsed into that tree and sanitised (GitHub's rules: no script,
// no style, no event handler, no javascript: URL), then written as HTML for the operation page and as Markdown
// for its Markdown version. Both renderings come from the same sanitised tree, so they say the same thing.
import type {Root as HastRoot, Element, Nodes as HastNodes} from 'hast';
import {defaultSchema, sanitize, type Schema} from 'hast-util-sanitize';
import {raw} from 'hast-util-raw';
import {toHtml} from 'hast-util-to-html';
import {toMdast} from 'hast-util-to-mdast';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {gfmFromMarkdown, gfmToMarkdown} from 'mdast-util-gfm';
import {toHast} from 'mdast-util-to-hast';
import {toMarkdown, type Options as ToMarkdownOptions} from 'mdast-util-to-markdown';
import {gfm} from 'micromark-extension-gfm';
import {stackTables} from '../plugins/stacked-tables';

/** GitHub's sanitising rules, keeping the class names code blocks use to name their language. */
const SCHEMA: Schema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [...(defaultSchema.attributes?.code ?? []), ['className', /^language-./] as [string, RegExp]],
  },
};

/** Elements a description may use; script and style are removed with their content. */
const KNOWN_ELEMENTS = new Set([
  ...(defaultSchema.tagNames ?? []),
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'svg',
  'math',
  'link',
  'meta',
  'base',
  'span',
  'font',
  'center',
  'u',
]);

type MdastNode = {type: string; value?: string; children?: MdastNode[]};

/**
 * A tag of no HTML element (`<limit>`, `<schema>`, `</id>`) is a placeholder the writer meant as text, not raw
 * HTML: it stays text instead of being dropped by the sanitiser.
 */
function placeholdersAsText(node: MdastNode): void {
  for (const child of node.children ?? []) {
    if (child.type === 'html' && child.value) {
      const tag = /^<\/?([A-Za-z][A-Za-z0-9-]*)(?:\s[^<>]*)?\/?>$/.exec(child.value.trim());
      if (tag && !KNOWN_ELEMENTS.has(tag[1].toLowerCase())) {
        child.type = 'text';
      }
    }
    placeholdersAsText(child);
  }
}

/** The GFM extensions, made once (making them combines every construct of the grammar). */
const PARSE_OPTIONS = {extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()]};
const WRITE_OPTIONS: ToMarkdownOptions = {
  extensions: [gfmToMarkdown()],
  bullet: '-',
  emphasis: '_',
  fences: true,
  listItemIndent: 'one',
  rule: '-',
};

/** A sentence with no character that means something in Markdown or HTML: its HTML and Markdown are itself. */
const PLAIN = /^(?![\d-+])[A-Za-z0-9 ,.;:'"()?/-]*$/;

/** Whether a tree holds raw HTML (a `raw` node, what an `html` node of Markdown becomes). */
function holdsRawHtml(node: {type: string; children?: unknown[]}): boolean {
  return node.type === 'raw' || (node.children ?? []).some((child) => holdsRawHtml(child as typeof node));
}

/**
 * Markdown to a sanitised tree. Raw HTML is parsed into the tree (parse5, through hast-util-raw) only where there is
 * some: on a tree without, the parse changes nothing (the same HTML for all 58,553 texts of the corpus descriptions,
 * the fixtures and Vigil's, of which 552 hold raw HTML) and cost a seventh of the conversion.
 */
function parsedTree(markdown: string): HastRoot {
  const mdast = fromMarkdown(markdown, PARSE_OPTIONS);
  placeholdersAsText(mdast as MdastNode);
  const hast = toHast(mdast, {allowDangerousHtml: true}) as HastNodes;
  return sanitize(holdsRawHtml(hast) ? raw(hast) : hast, SCHEMA) as HastRoot;
}

/**
 * The last descriptions parsed, by text: a page's HTML and its Markdown version convert the same descriptions one
 * after the other, from one parse. Few are kept, counted by their text (a tree weighs many times its text), and
 * forgotten together; the HTML and Markdown made of them are remembered apart (`remembered`).
 */
const TREE_TEXT_KEPT = 500_000;
const treeOf = new Map<string, HastRoot>();
let treeText = 0;

/** A description's sanitised tree (raw HTML parsed, then sanitised), shared: read it, never change it. */
function sharedTree(markdown: string): HastRoot {
  const kept = treeOf.get(markdown);
  if (kept !== undefined) return kept;
  const tree = parsedTree(markdown);
  // A text longer than all the others may be is parsed each time it is asked for, and forgets none of them.
  if (markdown.length <= TREE_TEXT_KEPT) {
    if (treeText + markdown.length > TREE_TEXT_KEPT) {
      treeOf.clear();
      treeText = 0;
    }
    treeOf.set(markdown, tree);
    treeText += markdown.length;
  }
  return tree;
}

/** A description's sanitised tree, the caller's own copy to change. */
function sanitisedTree(markdown: string): HastRoot {
  return structuredClone(sharedTree(markdown));
}

function visitElements(node: HastRoot | Element, visit: (element: Element) => void): void {
  for (const child of node.children) {
    if (child.type === 'element') {
      visit(child);
      visitElements(child, visit);
    }
  }
}

/**
 * The links and images of a sanitised tree, rewritten: a link that names nothing a reader can open becomes its text
 * (unwrapTextLinks), every other `href` and `src` is what `rewrite` makes of it.
 */
function rewriteLinks(tree: HastRoot, rewrite: (value: string) => string): void {
  unwrapTextLinks(tree);
  visitElements(tree, (element) => {
    for (const attribute of ['href', 'src'] as const) {
      const value = element.properties[attribute];
      if (typeof value === 'string') element.properties[attribute] = rewrite(value);
    }
  });
}

/**
 * A description as sanitised HTML for an operation page. Links to site paths (`/api/get-dataset`) get the
 * site's base URL, as Docusaurus gives Markdown links; links to other hosts open as written.
 */
export function descriptionHtml(markdown: string | undefined, baseUrl: string): string {
  if (!markdown?.trim()) return '';
  return remembered(htmlOf, `${baseUrl}\u0000${markdown}`, () => renderHtml(markdown, baseUrl));
}

/**
 * Descriptions repeat: a shared schema's fields stand on every page that uses it. Each distinct text is
 * converted once per process (the conversion is pure); the map is cleared when it grows past this size.
 */
const REMEMBERED = 20_000;
const htmlOf = new Map<string, string>();
const markdownOf = new Map<string, string>();

function remembered(cache: Map<string, string>, key: string, make: () => string): string {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= REMEMBERED) cache.clear();
    value = make();
    cache.set(key, value);
  }
  return value;
}

function renderHtml(markdown: string, baseUrl: string): string {
  if (PLAIN.test(markdown.trim())) return `<p>${markdown.trim()}</p>`;
  return toHtml(siteTree(markdown, baseUrl));
}

/**
 * Whether a link of a description names nothing a reader of the site can open, and so stays its text: a JSON
 * pointer into a description (`#/components/schemas/Pet`, `openapi.json#/paths/~1pets/get`) or a path relative to
 * wherever the description was first published (`../admin-api-keys`). A site path, a page anchor and a URL stay links.
 */
export function descriptionLinkIsText(target: string): boolean {
  if (/#\//.test(target)) return true;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/') || target.startsWith('#')) return false;
  return true;
}

/** Replaces each `<a>` whose target stays text (descriptionLinkIsText) by its content, and such an `<img>` by its alt text. */
function unwrapTextLinks(node: HastRoot | Element): void {
  const children: Array<HastRoot['children'][number]> = [];
  for (const child of node.children) {
    if (child.type === 'element') {
      unwrapTextLinks(child);
      const href = child.properties.href;
      if (child.tagName === 'a' && typeof href === 'string' && descriptionLinkIsText(href)) {
        children.push(...child.children);
        continue;
      }
      // An image at a path relative to where the description was first published cannot load here: its alt text.
      const src = child.properties.src;
      if (child.tagName === 'img' && typeof src === 'string' && descriptionLinkIsText(src)) {
        const alt = child.properties.alt;
        if (typeof alt === 'string' && alt) children.push({type: 'text', value: alt});
        continue;
      }
    }
    children.push(child);
  }
  node.children = children as typeof node.children;
}

/** The sanitised tree of a description, links to site paths given the site's base URL. */
function siteTree(markdown: string, baseUrl: string): HastRoot {
  const tree = sanitisedTree(markdown.trim());
  const base = baseUrl.replace(/\/$/, '');
  rewriteLinks(tree, (value) =>
    value.startsWith('/') && !value.startsWith('//') && !value.startsWith(`${base}/`) ? `${base}${value}` : value,
  );
  // A description's tables read as cards on a phone, as the docs' tables do (each cell named by its column).
  stackTables(tree);
  return tree;
}

/** A description as plain text (a page's meta description): the sanitised tree's text, spaces folded. */
export function descriptionText(markdown: string | undefined): string {
  if (!markdown?.trim()) return '';
  return textOf(sharedTree(markdown.trim())).replace(/\s+/g, ' ').trim();
}

/** One block of a long description (the API root's, a tag's): a heading, a code block, or other sanitised HTML. */
export type DescriptionBlock =
  | {kind: 'heading'; level: 2 | 3 | 4 | 5 | 6; text: string}
  | {kind: 'code'; language?: string; code: string}
  | {kind: 'html'; html: string};

function textOf(node: HastNodes): string {
  if (node.type === 'text') return node.value;
  return 'children' in node ? node.children.map((child) => textOf(child as HastNodes)).join('') : '';
}

/**
 * A description as blocks, for a page that gives its headings anchors and a table of contents and highlights its
 * code blocks: top-level headings (an `h1` counts as `h2`: the page has its own title) and `pre > code` blocks
 * apart, everything else as sanitised HTML between them.
 */
export function descriptionBlocks(markdown: string | undefined, baseUrl: string): DescriptionBlock[] {
  if (!markdown?.trim()) return [];
  const blocks: DescriptionBlock[] = [];
  let pending: HastRoot['children'] = [];
  const flush = () => {
    const html = toHtml({type: 'root', children: pending}).trim();
    if (html) blocks.push({kind: 'html', html});
    pending = [];
  };
  for (const child of siteTree(markdown, baseUrl).children) {
    const heading = child.type === 'element' ? /^h([1-6])$/.exec(child.tagName) : null;
    const code =
      child.type === 'element' && child.tagName === 'pre' && child.children.length === 1
        ? child.children[0]
        : undefined;
    if (heading) {
      flush();
      const level = Math.max(2, Number(heading[1])) as 2 | 3 | 4 | 5 | 6;
      blocks.push({kind: 'heading', level, text: textOf(child).trim()});
    } else if (code && code.type === 'element' && code.tagName === 'code') {
      flush();
      const language = ((code.properties.className ?? []) as string[])
        .map((name) => /^language-(.+)$/.exec(String(name))?.[1])
        .find(Boolean);
      blocks.push({kind: 'code', ...(language ? {language} : {}), code: textOf(code).replace(/\n$/, '')});
    } else {
      pending.push(child);
    }
  }
  flush();
  return blocks;
}

/**
 * Where the Markdown version of a page is read: its links are absolute there. A site path gets the origin and the
 * base URL (`/api/get-dataset` -> `https://vigil.example/docs/api/get-dataset`), an anchor the page's URL.
 */
export type MarkdownLinks = {origin: string; baseUrl: string; pageUrl: string};

/**
 * A link whose target is an anchor of the page it is on: a Markdown link or reference definition, or an HTML
 * `href`, to `#…`. (A URL with a fragment names its own page.)
 */
const PAGE_ANCHOR_LINK = /\]\(\s*<?#|^\s{0,3}\[[^\]]+\]:\s*<?#|href\s*=\s*["']?#/im;

/**
 * A description as Markdown for the Markdown version of a page: raw HTML converted (a table stays a table), a link
 * that names nothing a reader can open its text (descriptionLinkIsText), the others absolute (`links`).
 */
export function descriptionMarkdown(markdown: string | undefined, links: MarkdownLinks): string {
  if (!markdown?.trim()) return '';
  // Only a link to an anchor of the page itself reads the page's URL: other descriptions, a schema's shared by many
  // pages, are converted once for all of them.
  const page = PAGE_ANCHOR_LINK.test(markdown) ? links.pageUrl : '';
  return remembered(markdownOf, `${links.origin}\u0000${links.baseUrl}\u0000${page}\u0000${markdown}`, () =>
    renderMarkdown(markdown, links),
  );
}

function renderMarkdown(markdown: string, links: MarkdownLinks): string {
  if (PLAIN.test(markdown.trim())) return markdown.trim();
  const tree = sanitisedTree(markdown.trim());
  absoluteLinks(tree, links);
  const mdast = toMdast(tree);
  return toMarkdown(mdast, WRITE_OPTIONS).trim();
}

/** Links and images of a sanitised tree as a reader of the Markdown version follows them (MarkdownLinks). */
function absoluteLinks(tree: HastRoot, {origin, baseUrl, pageUrl}: MarkdownLinks): void {
  rewriteLinks(tree, (value) =>
    value.startsWith('#')
      ? `${pageUrl}${value}`
      : value.startsWith('/') && !value.startsWith('//')
        ? `${origin}${value.startsWith(baseUrl) ? value : `${baseUrl}${value.slice(1)}`}`
        : value,
  );
}

/**
 * Sanitised HTML of a page's data (descriptionHtml, descriptionBlocks) as Markdown, links absolute: the Markdown
 * version of a page renders the HTML its page shows, not a second reading of the description.
 */
export function htmlMarkdown(html: string, links: MarkdownLinks): string {
  if (!html.trim()) return '';
  const tree = raw({type: 'root', children: [{type: 'raw', value: html}]} as HastNodes) as HastRoot;
  absoluteLinks(tree, links);
  return toMarkdown(toMdast(tree), WRITE_OPTIONS).trim();
}
