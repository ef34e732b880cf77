// The API reference's two overview pages, written from the description as data like the operation pages
// (render-page.ts): the root page (the description's `info`, its security schemes, servers, contact, licence and
// the download of the description) and one page per tag (its description and its operations). Every text of the
// description reaches them as sanitised HTML, a heading's text or a highlighted code block: none is compiled as
// MDX, so no text of the description can run or break the page.
import {createSlugger, type Slugger} from '@docusaurus/utils';
import type {JsonObject} from './document';
import type {ApiOperation} from './operations';
import type {CodeBlockData, PageRenderOptions} from './render-page';
import {escapeHtml} from './render-text';
import {descriptionBlocks, descriptionHtml} from './text';

/** A block of an overview page: a heading with its anchor, a highlighted code block, or sanitised HTML. */
export type OverviewBlock =
  | {kind: 'heading'; level: 2 | 3 | 4 | 5 | 6; id: string; text: string}
  | {kind: 'code'; code: CodeBlockData}
  | {kind: 'html'; html: string};

/** An entry of a table of contents, as Docusaurus' TOC component takes it (`value` is HTML). */
export type TocEntry = {value: string; id: string; level: number};

export type ApiRootData = {
  blocks: OverviewBlock[];
  /** The description's own downloads (YAML and JSON), when the site publishes them. */
  downloads?: Array<{label: string; href: string}>;
};

export type ApiTagData = {
  blocks: OverviewBlock[];
  operations: Array<{title: string; href: string; method: string; webhook?: true; path: string; summaryHtml?: string}>;
};

/** Blocks of a description, headings given unique anchors (`slugger` is shared by the whole page). */
function blocksOf(markdown: string | undefined, options: PageRenderOptions, slugger: Slugger): OverviewBlock[] {
  return descriptionBlocks(markdown, options.baseUrl).map((block) =>
    block.kind === 'heading'
      ? {...block, id: slugger.slug(block.text)}
      : block.kind === 'code'
        ? {kind: 'code', code: options.highlight(block.code, block.language ? {language: block.language} : {})}
        : block,
  );
}

function heading(text: string, slugger: Slugger, level: 2 | 3 = 2): OverviewBlock {
  return {kind: 'heading', level, id: slugger.slug(text), text};
}

/** A URL of the description for an `href`: http(s) and mailto only, anything else stays text. */
function safeUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value.trim());
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function link(text: string, url: unknown): string {
  const href = safeUrl(url);
  return href ? `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>` : escapeHtml(text);
}

/** One row of a definition list, or nothing when the value is empty. */
function row(term: string, html: string | undefined): string {
  return html ? `<dt>${escapeHtml(term)}</dt><dd>${html}</dd>` : '';
}

function securityScheme(name: string, scheme: JsonObject, options: PageRenderOptions): string {
  const kind =
    scheme.type === 'http'
      ? `HTTP, <code>${escapeHtml(String(scheme.scheme ?? ''))}</code>${scheme.bearerFormat ? ` (${escapeHtml(String(scheme.bearerFormat))})` : ''}`
      : scheme.type === 'apiKey'
        ? `API key in the ${escapeHtml(String(scheme.in ?? ''))} <code>${escapeHtml(String(scheme.name ?? ''))}</code>`
        : scheme.type === 'oauth2'
          ? `OAuth 2.0 (${Object.keys(scheme.flows ?? {})
              .map((flow) => escapeHtml(flow))
              .join(', ')})`
          : scheme.type === 'openIdConnect'
            ? `OpenID Connect, ${link(String(scheme.openIdConnectUrl ?? ''), scheme.openIdConnectUrl)}`
            : escapeHtml(String(scheme.type ?? 'unknown'));
  const scopes = Object.entries<JsonObject>(scheme.flows ?? {}).flatMap(([, flow]) =>
    Object.entries<string>(flow.scopes ?? {}).map(
      ([scope, text]) => `<li><code>${escapeHtml(scope)}</code>: ${escapeHtml(String(text))}</li>`,
    ),
  );
  return [
    `<dt><code>${escapeHtml(name)}</code></dt>`,
    `<dd><p>${kind}.</p>${descriptionHtml(typeof scheme.description === 'string' ? scheme.description : undefined, options.baseUrl)}${scopes.length ? `<p>Scopes:</p><ul>${scopes.join('')}</ul>` : ''}</dd>`,
  ].join('');
}

/** The root page of the API reference. `downloads` are site paths of the published description. */
export function rootPageData(
  spec: JsonObject,
  options: PageRenderOptions,
  downloads: Array<{label: string; href: string}> = [],
): ApiRootData {
  const slugger = createSlugger();
  const info = (spec.info ?? {}) as JsonObject;
  const blocks = blocksOf(typeof info.description === 'string' ? info.description : undefined, options, slugger);
  const schemes = Object.entries<JsonObject>(spec.components?.securitySchemes ?? {});
  if (schemes.length) {
    blocks.push(heading('Security schemes', slugger), {
      kind: 'html',
      html: `<dl>${schemes.map(([name, scheme]) => securityScheme(name, scheme, options)).join('')}</dl>`,
    });
  }
  const servers = ((spec.servers ?? []) as JsonObject[]).filter((server) => typeof server.url === 'string');
  const contact = (info.contact ?? {}) as JsonObject;
  const licence = (info.license ?? {}) as JsonObject;
  const details = [
    row('Version', typeof info.version === 'string' ? `<code>${escapeHtml(info.version)}</code>` : undefined),
    row(
      servers.length > 1 ? 'Servers' : 'Server',
      servers.length
        ? servers
            .map(
              (server) =>
                `<code>${escapeHtml(server.url)}</code>${server.description ? ` (${escapeHtml(String(server.description))})` : ''}`,
            )
            .join('<br />')
        : undefined,
    ),
    row(
      'Contact',
      [
        contact.name ? escapeHtml(String(contact.name)) : '',
        contact.email
          ? /^[^\s@"'<>]+@[^\s@"'<>]+$/.test(String(contact.email))
            ? link(String(contact.email), `mailto:${String(contact.email)}`)
            : escapeHtml(String(contact.email))
          : '',
        contact.url ? link(String(contact.url), contact.url) : '',
      ]
        .filter(Boolean)
        .join(', ') || undefined,
    ),
    row('Licence', licence.name ? link(String(licence.name), licence.url) : undefined),
    row('Terms of service', info.termsOfService ? link(String(info.termsOfService), info.termsOfService) : undefined),
    row(
      'Download',
      downloads.length
        ? downloads
            .map((item) => `<a href="${escapeHtml(item.href)}" download>${escapeHtml(item.label)}</a>`)
            .join(', ')
        : undefined,
    ),
  ].join('');
  if (details) blocks.push(heading('About this description', slugger), {kind: 'html', html: `<dl>${details}</dl>`});
  return {blocks, ...(downloads.length ? {downloads} : {})};
}

/** The page of a tag: its description, then its operations and webhooks, each linking to its page. */
export function tagPageData(
  tag: JsonObject,
  operations: ApiOperation[],
  pageHref: (operation: ApiOperation) => string,
  options: PageRenderOptions,
): ApiTagData {
  const slugger = createSlugger();
  return {
    blocks: blocksOf(typeof tag.description === 'string' ? tag.description : undefined, options, slugger),
    operations: operations.map((operation) => {
      const summaryHtml = descriptionHtml(firstSentence(operation.description), options.baseUrl);
      return {
        title: operation.title,
        href: pageHref(operation),
        method: operation.method,
        path: operation.path,
        ...(operation.kind === 'webhook' ? {webhook: true as const} : {}),
        ...(summaryHtml ? {summaryHtml} : {}),
      };
    }),
  };
}

/** The first sentence of a description's first paragraph, for a list of operations. */
export function firstSentence(markdown: string): string {
  const paragraph =
    markdown
      .trim()
      .split(/\n\s*\n/)[0]
      ?.replace(/\s+/g, ' ') ?? '';
  // A sentence ends at `.`, `!` or `?` before a capital letter or the end (`e.g. ds_` goes on).
  const end = /[.!?](?=\s+[A-Z]|$)/.exec(paragraph);
  return end ? paragraph.slice(0, end.index + 1) : paragraph;
}

/** The table of contents of an overview page: its h2 and h3 headings. */
export function tocOf(blocks: OverviewBlock[]): TocEntry[] {
  return blocks.flatMap((block) =>
    block.kind === 'heading' && block.level <= 3
      ? [{value: escapeHtml(block.text), id: block.id, level: block.level}]
      : [],
  );
}
