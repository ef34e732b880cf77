import type {
  Root,
  RootContent,
  Parent,
  Link,
  Image,
  Definition,
  BlockContent,
  Paragraph,
  PhrasingContent,
  Text,
} from 'mdast';

/** A page's Markdown could not be made: names the source file and the construct. */
export class MarkdownTwinError extends Error {
  constructor(file: string, problem: string) {
    super(`Cannot make the Markdown version of ${file}: ${problem}`);
    this.name = 'MarkdownTwinError';
  }
}

/** Turns a link target of the source into an absolute URL, or throws a MarkdownTwinError. */
/** The absolute URL of a link's target; `undefined` keeps the link's text and drops the link. */
export type LinkResolver = (target: string) => string | undefined;

/** Admonition types of Docusaurus and the label a reader sees for each. */
export const ADMONITION_LABELS: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  important: 'Important',
  warning: 'Warning',
  caution: 'Caution',
  danger: 'Danger',
};

/** Components whose content is plain Markdown wrapped for presentation. */
const TAB_CONTAINER = 'Tabs';
const TAB_ITEM = 'TabItem';
/**
 * Forms that work only in the browser and add nothing to read: the datastore pages' grant check
 * (src/components/GrantCheck), whose check and expected output the page shows as code blocks. Dropped.
 */
const BROWSER_FORMS = new Set(['GrantCheck']);

type Processors = {
  parseMdx: (source: string) => Root;
  parseMarkdown: (source: string) => Root;
  stringify: (tree: Root) => string;
};

let processors: Promise<Processors> | undefined;

/** The unified pipeline (ESM-only packages), loaded once. */
function loadProcessors(): Promise<Processors> {
  processors ??= (async () => {
    const [
      {unified},
      {default: remarkParse},
      {default: remarkMdx},
      {default: remarkGfm},
      {default: remarkDirective},
      {default: remarkStringify},
    ] = await Promise.all([
      import('unified'),
      import('remark-parse'),
      import('remark-mdx'),
      import('remark-gfm'),
      import('remark-directive'),
      import('remark-stringify'),
    ]);
    const mdxParser = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkDirective);
    const markdownParser = unified().use(remarkParse).use(remarkGfm);
    const writer = unified().use(remarkGfm).use(remarkStringify, {
      bullet: '-',
      emphasis: '_',
      strong: '*',
      fence: '`',
      fences: true,
      rule: '-',
      listItemIndent: 'one',
      incrementListMarker: true,
    });
    return {
      parseMdx: (source) => mdxParser.parse(source) as Root,
      parseMarkdown: (source) => markdownParser.parse(source) as Root,
      stringify: (tree) => writer.stringify(tree),
    };
  })();
  return processors;
}

/**
 * Docusaurus accepts `:::warning Some title` besides `:::warning[Some title]`; remark-directive only the
 * second. Rewrites the first outside fenced code.
 */
export function withBracketedAdmonitionTitles(source: string): string {
  let fence: string | undefined;
  return source
    .split('\n')
    .map((line) => {
      const fenceMatch = /^\s*(`{3,}|~{3,})/.exec(line);
      if (fenceMatch) {
        if (fence === undefined) {
          fence = fenceMatch[1];
        } else if (fenceMatch[1].startsWith(fence) && /^\s*[`~]+\s*$/.test(line)) {
          fence = undefined;
        }
        return line;
      }
      if (fence !== undefined) {
        return line;
      }
      return line.replace(/^(\s*:::[a-z]+) +([^[{\s].*?)\s*$/, '$1[$2]');
    })
    .join('\n');
}

function text(value: string): Text {
  return {type: 'text', value};
}

/** A paragraph holding one strong run: the label of a tab or of an admonition. */
function strongParagraph(children: PhrasingContent[]): Paragraph {
  return {type: 'paragraph', children: [{type: 'strong', children}]};
}

function jsxAttribute(
  node: {attributes: Array<{type: string; name?: string; value?: unknown}>},
  name: string,
): string | undefined {
  const attribute = node.attributes.find((item) => item.type === 'mdxJsxAttribute' && item.name === name);
  return typeof attribute?.value === 'string' ? attribute.value : undefined;
}

/** An MDX expression that holds only comments, such as the blog's truncate marker. */
function isCommentOnly(value: string): boolean {
  return value.replace(/\/\*[\s\S]*?\*\//g, '').trim() === '';
}

/**
 * Rewrites one level of children: drops imports, exports and comments, unwraps tabs into labelled
 * sections, turns admonitions into blockquotes, resolves links; refuses anything else that is not Markdown.
 */
function convertChildren(parent: Parent, file: string, source: string, resolveLink: LinkResolver): void {
  const result: RootContent[] = [];
  for (const node of parent.children as RootContent[]) {
    switch (node.type) {
      case 'mdxjsEsm':
        continue;
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
        if (isCommentOnly(node.value)) {
          continue;
        }
        throw new MarkdownTwinError(
          file,
          `line ${node.position?.start.line}: the expression {${node.value}} has no Markdown equivalent`,
        );
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement': {
        if (node.name !== null && BROWSER_FORMS.has(node.name) && node.children.length === 0) {
          continue;
        }
        if (node.name === TAB_CONTAINER) {
          for (const item of node.children) {
            if (item.type !== 'mdxJsxFlowElement' || item.name !== TAB_ITEM) {
              throw new MarkdownTwinError(
                file,
                `line ${item.position?.start.line}: <${TAB_CONTAINER}> may only hold <${TAB_ITEM}> elements`,
              );
            }
            const label = jsxAttribute(item, 'label') ?? jsxAttribute(item, 'value');
            if (label === undefined) {
              throw new MarkdownTwinError(
                file,
                `line ${item.position?.start.line}: <${TAB_ITEM}> needs a string label or value`,
              );
            }
            convertChildren(item as Parent, file, source, resolveLink);
            result.push(strongParagraph([text(label)]), ...(item.children as RootContent[]));
          }
          continue;
        }
        throw new MarkdownTwinError(
          file,
          `line ${node.position?.start.line}: the element <${node.name ?? ''}> has no Markdown equivalent`,
        );
      }
      case 'containerDirective': {
        const label = ADMONITION_LABELS[node.name];
        if (label === undefined) {
          throw new MarkdownTwinError(file, `line ${node.position?.start.line}: unknown admonition :::${node.name}`);
        }
        const [first, ...rest] = node.children;
        const titled =
          first?.type === 'paragraph' &&
          (first.data as {directiveLabel?: boolean} | undefined)?.directiveLabel === true;
        const body = (titled ? rest : node.children) as RootContent[];
        const heading = strongParagraph(titled ? [text(`${label}: `), ...first.children] : [text(label)]);
        const quote: Parent = {type: 'blockquote', children: [heading, ...body] as BlockContent[]} as Parent;
        convertChildren(quote, file, source, resolveLink);
        result.push(quote as RootContent);
        continue;
      }
      case 'leafDirective':
      case 'textDirective': {
        // `:name` in prose (a time, a ratio) is text to Docusaurus too: keep it exactly as written.
        const start = node.position?.start.offset;
        const end = node.position?.end.offset;
        if (start === undefined || end === undefined) {
          throw new MarkdownTwinError(file, `the directive :${node.name} has no source position`);
        }
        const raw = source.slice(start, end);
        result.push(
          node.type === 'leafDirective' ? ({type: 'paragraph', children: [text(raw)]} as RootContent) : text(raw),
        );
        continue;
      }
      case 'link':
      case 'image':
      case 'definition': {
        const withUrl = node as Link | Image | Definition;
        const url = resolveLink(withUrl.url);
        if ('children' in withUrl) {
          convertChildren(withUrl as Parent, file, source, resolveLink);
        }
        if (url !== undefined) {
          withUrl.url = url;
          result.push(node);
        } else if (node.type === 'link') {
          result.push(...(node as Link).children);
        } else if (node.type === 'image') {
          result.push(text((node as Image).alt ?? ''));
        }
        continue;
      }
      case 'html':
        throw new MarkdownTwinError(file, `line ${node.position?.start.line}: raw HTML has no Markdown equivalent`);
      default:
        if ('children' in node) {
          convertChildren(node as Parent, file, source, resolveLink);
        }
        result.push(node);
    }
  }
  parent.children = result as Parent['children'];
}

/**
 * The Markdown of an MDX body (front matter already removed): headings, prose, tables and fenced code
 * (Mermaid included) as written; no imports, exports or JSX; admonitions as blockquotes; links absolute.
 */
export async function mdxToMarkdown(body: string, file: string, resolveLink: LinkResolver): Promise<string> {
  const {parseMdx, stringify} = await loadProcessors();
  const source = withBracketedAdmonitionTitles(body);
  let tree: Root;
  try {
    tree = parseMdx(source);
  } catch (error) {
    throw new MarkdownTwinError(file, (error as Error).message);
  }
  convertChildren(tree, file, source, resolveLink);
  return stringify(tree).trim();
}
