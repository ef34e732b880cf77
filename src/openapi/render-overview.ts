// The API reference's two overview pages, written from the description as data like the operation pages
// (render-page.ts): the root page (the description's `info`, its security schemes, servers, contact, licence and
// the download of the description) and one page per tag (its description and its operations). Every text of the
// description reaches them as sanitised HTML, a heading's text, a highlighted code block or a text node of the
// pipeline's own prose (prose.ts): none is compiled as MDX or written into HTML, so no text of the description can
// run or break the page.
import {createSlugger, type Slugger} from '@docusaurus/utils';
import type {JsonObject} from './document';
import type {ApiOperation} from './operations';
import type {CodeBlockData, PageRenderOptions} from './render-page';
import {escapeHtml} from './render-text';
import {htmlBlock, joined, link, type Inline, type Prose, type ProseBlock} from './prose';
import {descriptionBlocks, descriptionHtml} from './text';
import {isObject as isRecord} from './document';

/**
 * A block of an overview page: a heading with its anchor, a highlighted code block, a description's sanitised
 * HTML, or text the pipeline writes (prose.ts).
 */
export type OverviewBlock =
  | {kind: 'heading'; level: 2 | 3 | 4 | 5 | 6; id: string; text: string}
  | {kind: 'code'; code: CodeBlockData}
  | {kind: 'html'; html: string}
  | {kind: 'prose'; prose: Prose};

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

/** One entry of a definition list, or none when the value is empty. */
function row(term: string, details: ProseBlock[]): Array<{term: Inline[]; details: ProseBlock[]}> {
  return details.length ? [{term: [term], details}] : [];
}

/** What kind of credential a security scheme asks for: `HTTP, `bearer` (JWT)`, `API key in the header `X-Key``. */
function schemeKind(scheme: JsonObject): Inline[] {
  switch (scheme.type) {
    case 'http':
      return [
        'HTTP, ',
        {code: String(scheme.scheme ?? '')},
        ...(scheme.bearerFormat ? [` (${String(scheme.bearerFormat)})`] : []),
      ];
    case 'apiKey':
      return [`API key in the ${String(scheme.in ?? '')} `, {code: String(scheme.name ?? '')}];
    case 'oauth2':
      return [
        `OAuth 2.0, ${Object.keys(scheme.flows ?? {}).length === 1 ? 'one flow' : 'flows'}: `,
        ...joined(
          Object.keys(scheme.flows ?? {}).map((flow) => [{code: flow}]),
          ', ',
        ),
      ];
    case 'openIdConnect':
      return ['OpenID Connect, discovery at ', link(String(scheme.openIdConnectUrl ?? ''), scheme.openIdConnectUrl)];
    case 'mutualTLS':
      return ['Mutual TLS: a client certificate'];
    default:
      return [String(scheme.type ?? 'unknown')];
  }
}

/** The URLs of an OAuth 2.0 flow, each a link, in the order a client uses them. */
const FLOW_URLS = [
  ['authorizationUrl', 'authorization URL'],
  ['tokenUrl', 'token URL'],
  ['refreshUrl', 'refresh URL'],
] as const;

/** Each flow of an OAuth 2.0 scheme: its URLs, then its scopes, each with what it grants. */
function oauthFlows(scheme: JsonObject): ProseBlock[] {
  return Object.entries<JsonObject>(isRecord(scheme.flows) ? scheme.flows : {}).flatMap(([name, flow]) => {
    const urls = FLOW_URLS.filter(([key]) => typeof flow?.[key] === 'string').map(([key, label]): Inline[] => [
      `${label} `,
      link(String(flow[key]), flow[key]),
    ]);
    const scopes = Object.entries<unknown>(isRecord(flow?.scopes) ? flow.scopes : {}).map(([scope, text]): Inline[] => [
      {code: scope},
      ...(typeof text === 'string' && text.trim() ? [`: ${text.trim()}`] : []),
    ]);
    return [
      {paragraph: [{code: name}, ' flow', ...(urls.length ? [': ', ...joined(urls, ', ')] : []), '.']},
      ...(scopes.length ? [{list: scopes}] : [{paragraph: ['No scopes.']}]),
    ];
  });
}

function securityScheme(name: string, scheme: JsonObject, options: PageRenderOptions) {
  return {
    term: [{code: name}],
    details: [
      {paragraph: [...schemeKind(scheme), '.']},
      ...htmlBlock(
        descriptionHtml(typeof scheme.description === 'string' ? scheme.description : undefined, options.baseUrl),
      ),
      ...(scheme.type === 'oauth2' ? oauthFlows(scheme) : []),
    ],
  };
}

/**
 * A server: its URL and description, then its variables, each with its default, the values it takes and its
 * description (CommonMark, as every description of the file).
 */
function server(entry: JsonObject, options: PageRenderOptions): ProseBlock[] {
  const variables = Object.entries<JsonObject>(isRecord(entry.variables) ? entry.variables : {}).map(
    ([name, variable]) => {
      const values = Array.isArray(variable?.enum) ? variable.enum.map((value: unknown) => String(value)) : [];
      const facts: Inline[] = [
        ...(variable?.default !== undefined ? ['Default ', {code: String(variable.default)}] : []),
        ...(values.length
          ? [
              variable?.default !== undefined ? '; one of ' : 'One of ',
              ...joined(
                values.map((value: string) => [{code: value}]),
                ', ',
              ),
            ]
          : []),
      ];
      return {
        term: [{code: `{${name}}`}],
        details: [
          ...(facts.length ? [{paragraph: [...facts, '.']}] : []),
          ...htmlBlock(
            descriptionHtml(
              typeof variable?.description === 'string' ? variable.description : undefined,
              options.baseUrl,
            ),
          ),
        ],
      };
    },
  );
  return [
    {paragraph: [{code: String(entry.url)}, ...(entry.description ? [` (${String(entry.description)})`] : [])]},
    ...(variables.length ? [{terms: variables}] : []),
  ];
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
      kind: 'prose',
      prose: [{terms: schemes.map(([name, scheme]) => securityScheme(name, scheme, options))}],
    });
  }
  const servers = ((spec.servers ?? []) as JsonObject[]).filter((server) => typeof server.url === 'string');
  const contact = (info.contact ?? {}) as JsonObject;
  const licence = (info.license ?? {}) as JsonObject;
  const email = contact.email ? String(contact.email) : '';
  const contactParts: Inline[][] = [
    ...(contact.name ? [[String(contact.name)]] : []),
    ...(email ? [[/^[^\s@"'<>]+@[^\s@"'<>]+$/.test(email) ? link(email, `mailto:${email}`) : email]] : []),
    ...(contact.url ? [[link(String(contact.url), contact.url)]] : []),
  ];
  const details = [
    ...row('Version', typeof info.version === 'string' ? [{paragraph: [{code: info.version}]}] : []),
    ...row(
      servers.length > 1 ? 'Servers' : 'Server',
      servers.flatMap((entry) => server(entry, options)),
    ),
    ...row('Contact', contactParts.length ? [{paragraph: joined(contactParts, ', ')}] : []),
    ...row('Licence', licence.name ? [{paragraph: [link(String(licence.name), licence.url)]}] : []),
    ...row(
      'Terms of service',
      info.termsOfService ? [{paragraph: [link(String(info.termsOfService), info.termsOfService)]}] : [],
    ),
    ...row(
      'Download',
      downloads.length
        ? [
            {
              paragraph: joined(
                downloads.map((item): Inline[] => [{href: item.href, text: item.label, download: true}]),
                ', ',
              ),
            },
          ]
        : [],
    ),
  ];
  if (details.length)
    blocks.push(heading('About this description', slugger), {kind: 'prose', prose: [{terms: details}]});
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
