// The Markdown versions of the API reference's root and tag pages, rendered from the data their HTML is rendered from
// (render-overview.ts: ApiRootData, ApiTagData): the same headings, code blocks, descriptions and the pipeline's own
// prose, so the page and its Markdown version list the same servers, security schemes, operations and links.
import {codeOfTokens, type BlockTokens} from '../utils/code-tokens';
import {twinPath} from '../utils/twin-path';
import type {Inline, Prose, ProseBlock} from './prose';
import type {ApiRootData, ApiTagData, OverviewBlock} from './render-overview';
import {codeSpan, fenced, markdownText, segmentMarkdown} from './render-text';
import {htmlMarkdown, type MarkdownLinks} from './text';

/** A link of the page data as the Markdown version follows it: absolute (site paths already carry the base URL). */
function absolute(href: string, links: MarkdownLinks): string {
  if (href.startsWith('#')) return `${links.pageUrl}${href}`;
  if (href.startsWith('/') && !href.startsWith('//')) return `${links.origin}${href}`;
  return href;
}

function inlineMarkdown(parts: Inline[], links: MarkdownLinks): string {
  return parts
    .map((part) =>
      typeof part === 'string'
        ? markdownText(part)
        : 'code' in part
          ? codeSpan(part.code)
          : segmentMarkdown({link: absolute(part.href, links), text: part.text}, links.pageUrl),
    )
    .join('');
}

/** Lines after the first of a list item, indented under it. */
function indented(text: string): string {
  return text
    .split('\n')
    .map((line) => (line ? `  ${line}` : line))
    .join('\n');
}

function blockMarkdown(block: ProseBlock, links: MarkdownLinks): string {
  if ('html' in block) return htmlMarkdown(block.html, links);
  if ('paragraph' in block) return inlineMarkdown(block.paragraph, links);
  if ('list' in block) return block.list.map((item) => `- ${inlineMarkdown(item, links)}`).join('\n');
  // A definition list: each term a list item, its first paragraph after a colon, its other blocks indented under it.
  return block.terms
    .map(({term, details}) => {
      const [first, ...rest] = details;
      const lead = first && 'paragraph' in first ? `: ${blockMarkdown(first, links)}` : '';
      const under = (lead ? rest : details).map((detail) => blockMarkdown(detail, links)).filter(Boolean);
      return [`- ${inlineMarkdown(term, links)}${lead}`, ...under.map(indented)].join('\n');
    })
    .join('\n');
}

export function proseMarkdown(prose: Prose, links: MarkdownLinks): string {
  return prose
    .map((block) => blockMarkdown(block, links))
    .filter(Boolean)
    .join('\n\n');
}

function overviewBlockMarkdown(block: OverviewBlock, links: MarkdownLinks): string {
  switch (block.kind) {
    case 'heading':
      return `${'#'.repeat(block.level)} ${markdownText(block.text)}`;
    case 'code': {
      const [, lines] = JSON.parse(block.code.tokens) as BlockTokens;
      return fenced(block.code.language === 'text' ? '' : block.code.language, codeOfTokens(lines));
    }
    case 'html':
      return htmlMarkdown(block.html, links);
    case 'prose':
      return proseMarkdown(block.prose, links);
  }
}

function blocksMarkdown(title: string, blocks: OverviewBlock[], links: MarkdownLinks): string[] {
  return [`# ${markdownText(title)}`, ...blocks.map((block) => overviewBlockMarkdown(block, links))];
}

/** The Markdown version of the root page: its title, then every block of its data. */
export function rootPageMarkdown(title: string, data: ApiRootData, links: MarkdownLinks): string {
  return `${blocksMarkdown(title, data.blocks, links).filter(Boolean).join('\n\n')}\n`;
}

/**
 * The Markdown version of a tag's page: its title and description, then each operation as the page lists it (title,
 * method and path, first sentence), linked to that operation's Markdown version.
 */
export function tagPageMarkdown(title: string, data: ApiTagData, links: MarkdownLinks): string {
  const parts = blocksMarkdown(title, data.blocks, links);
  for (const operation of data.operations) {
    const endpoint = operation.webhook
      ? `Webhook ${codeSpan(operation.path)}`
      : codeSpan(`${operation.method.toUpperCase()} ${operation.path}`);
    parts.push(
      `## ${markdownText(operation.title)}`,
      `${endpoint}: ${segmentMarkdown({link: absolute(twinPath(operation.href), links), text: operation.title}, links.pageUrl)}`,
    );
    if (operation.summaryHtml) parts.push(htmlMarkdown(operation.summaryHtml, links));
  }
  return `${parts.filter(Boolean).join('\n\n')}\n`;
}
