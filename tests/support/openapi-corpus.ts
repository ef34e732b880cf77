import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {gunzipSync} from 'node:zlib';
import {createElement, type ComponentType, type ReactNode} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import * as runtime from 'react/jsx-runtime';
import {createProcessor, runSync} from '@mdx-js/mdx';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import {
  deref,
  EMPTY_NAME,
  type ApiPageData,
  type ApiRootData,
  type ApiTagData,
  type JsonObject,
  type OverviewBlock,
} from '../../src/openapi';
import {readPageData} from '../../src/plugins/api-reference/page-data/page-data-file.cjs';
import {codeOfTokens, type BlockTokens} from '../../src/plugins/static-code-blocks';
import type {
  ApiObjectData,
  ExampleData,
  FieldData,
  MediaData,
  SectionData,
  ShapeData,
} from '../../src/openapi/render-page';
import type {Inline, Prose} from '../../src/openapi/prose';
import {PLAIN_TOKEN} from '../../src/utils/highlighted-code';
import {budgets} from './budgets';
import {decodeEntities} from './html';
import {scratchFolder} from './scratch';

export const CORPUS_DIR = 'tests/fixtures/openapi-corpus';

export type CorpusEntry = {
  file: string;
  organisation: string;
  openapi: string;
  operations: number;
  webhooks: number;
  licence: string;
  source: string;
};

export function corpusEntries(): CorpusEntry[] {
  return JSON.parse(readFileSync(`${CORPUS_DIR}/corpus.json`, 'utf8')) as CorpusEntry[];
}

/** The description as a plain file the generator can read (gzipped ones unpacked into a scratch folder). */
export function corpusFile(file: string): string {
  const source = path.join(CORPUS_DIR, file);
  if (!file.endsWith('.gz')) return source;
  const target = path.join(scratchFolder('vigil-corpus-'), file.replace(/\.gz$/, ''));
  writeFileSync(target, gunzipSync(readFileSync(source)));
  return target;
}

/** A field as the page shows it: under which section heading, its name, type and required mark (and anchor, on the page). */
export type ShownField = {section: string; name: string; type: string; required: boolean; depth: number; id?: string};

const stub = (tag: string) =>
  function Stub(props: Record<string, unknown> & {children?: ReactNode}): ReactNode {
    const {children, ...rest} = props;
    const data = Object.fromEntries(
      Object.entries(rest).map(([key, value]) => [
        `data-${key.toLowerCase()}`,
        typeof value === 'string' ? value : JSON.stringify(value),
      ]),
    );
    return createElement(tag, data, children);
  };

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The HTML of fields and shapes as src/plugins/api-reference/theme/ApiShape lays them out, in plain elements. */
function shapeHtml(): {fields: (list: FieldData[]) => string; shape: (data: ShapeData) => string} {
  const fields = (list: FieldData[]): string =>
    `<ul>${list
      .map(
        (field) =>
          `<li data-name="${escape(field.name)}" data-type="${escape(field.type)}" data-required="${field.flags?.includes('required') === true}" id="${escape(field.id)}">${proseHtml(field.text)}${field.nested ? shape(field.nested) : ''}</li>`,
      )
      .join('')}</ul>`;
  const shape = (data: ShapeData): string =>
    `${data.fields.length ? fields(data.fields) : ''}${data.variants ? `<details>${data.variants.items.map((variant) => `<details id="${escape(variant.id)}"><summary>${escape(variant.summary)}</summary>${proseHtml(variant.text)}${shape(variant.shape)}</details>`).join('')}</details>` : ''}${proseHtml(data.text)}`;
  return {fields, shape};
}

/** The HTML of an object page's data as src/plugins/api-reference/theme/ApiObjectPage lays it out. */
export function objectDataHtml(page: ApiObjectData): string {
  const {shape} = shapeHtml();
  return [
    page.deprecation ? `<p>${escape(page.deprecation)}</p>` : '',
    proseHtml(page.text),
    `<h2 id="fields">Fields</h2>${shape(page.fields)}`,
    `<h2 id="example">Example</h2><pre>${escape(codeOf(page.example.tokens))}</pre>`,
    page.operations ? `<h2 id="operations">Operations and webhooks</h2>${proseHtml(page.operations)}` : '',
    page.objects ? `<h2 id="objects">Objects that hold it</h2>${proseHtml(page.objects)}` : '',
  ].join('\n');
}

/**
 * The HTML of a page's data as src/plugins/api-reference/theme/ApiReferencePage lays it out, in plain elements: headings with
 * their ids, one <li data-name data-type data-required> per field inside <ul> lists, every HTML text and code block.
 */
export function pageDataHtml(page: ApiPageData): string {
  const {shape, fields} = shapeHtml();
  const examples = (list: ExampleData[]) =>
    list
      .map(
        (example) =>
          `<details><summary>${escape(example.summary)}</summary>${proseHtml(example.text)}${example.code ? `<pre>${escape(codeOf(example.code.tokens))}</pre>` : ''}</details>`,
      )
      .join('');
  const media = (data: MediaData) =>
    `${proseHtml(data.text)}${data.shape ? shape(data.shape) : ''}${examples(data.examples)}`;
  const section = (data: SectionData, level: number): string =>
    `<h${level} id="${escape(data.id)}">${escape(data.title)}</h${level}>${proseHtml(data.text)}` +
    data.groups
      .map((group) => `<h3 id="${escape(group.id)}">${escape(group.title)}</h3>${fields(group.fields)}`)
      .join('') +
    (data.body
      ? `<h${data.body.level} id="${escape(data.body.id)}">Request body</h${data.body.level}>${proseHtml(data.body.text)}${data.body.media.map(media).join('')}`
      : '') +
    data.responses
      .map(
        (response) =>
          `<h${response.level} id="${escape(response.id)}">${escape(response.title)}</h${response.level}>${proseHtml(response.text)}${response.headers ? fields(response.headers.fields) : ''}${response.media.map(media).join('')}${proseHtml(response.links)}`,
      )
      .join('');
  return [
    page.deprecation ? `<p>${escape(page.deprecation)}</p>` : '',
    proseHtml(page.text),
    page.samples
      ? `<h2 id="request-samples">${escape(page.samples.title)}</h2>${proseHtml(page.samples.text)}${page.samples.tabs.map((tab) => `<pre>${escape(codeOf(tab.code.tokens))}</pre>`).join('')}`
      : '',
    section(page.request, 2),
    section(page.responses, 2),
    page.callbacks
      ? `<h2 id="callbacks">Callbacks</h2>${page.callbacks.sections.map((data) => section(data, 3)).join('')}`
      : '',
  ].join('\n');
}

/** The text of a highlighted code block. */
function codeOf(tokens: string): string {
  return codeOfTokens((JSON.parse(tokens) as BlockTokens)[1]);
}

/** The HTML of the pipeline's own text (prose.ts), as src/plugins/api-reference/theme/ApiProse renders it. */
export function proseHtml(blocks: Prose | undefined): string {
  const inline = (parts: Inline[]) =>
    parts
      .map((part) =>
        typeof part === 'string'
          ? escape(part)
          : 'code' in part
            ? `<code>${escape(part.code)}</code>`
            : `<a href="${escape(part.href)}">${escape(part.text)}</a>`,
      )
      .join('');
  return (blocks ?? [])
    .map((block) =>
      'html' in block
        ? `<div>${block.html}</div>`
        : 'paragraph' in block
          ? `<p>${inline(block.paragraph)}</p>`
          : 'list' in block
            ? `<ul>${block.list.map((item) => `<li>${inline(item)}</li>`).join('')}</ul>`
            : `<dl>${block.terms.map((entry) => `<dt>${inline(entry.term)}</dt><dd>${proseHtml(entry.details)}</dd>`).join('')}</dl>`,
    )
    .join('');
}

/** The HTML of an overview page's blocks (render-overview.ts), as ApiOverview renders them. */
function overviewHtml(blocks: OverviewBlock[]): string {
  return blocks
    .map((block) =>
      block.kind === 'heading'
        ? `<h${block.level} id="${escape(block.id)}">${escape(block.text)}</h${block.level}>`
        : block.kind === 'code'
          ? `<pre>${escape(codeOf(block.code.tokens))}</pre>`
          : block.kind === 'prose'
            ? proseHtml(block.prose)
            : `<div>${block.html}</div>`,
    )
    .join('\n');
}

/** Stand-ins for the site's components: they render their props as data attributes, so the test can read them. */
const COMPONENTS = {
  ApiRootPage: ({page}: {page: ApiRootData}) =>
    createElement('div', {dangerouslySetInnerHTML: {__html: overviewHtml(page.blocks)}}),
  ApiTagPage: ({page: data}: {page: ApiTagData}) => {
    const list = data.operations
      .map(
        (operation) =>
          `<li><a href="${escape(operation.href)}">${escape(operation.title)}</a> <code>${escape(operation.path)}</code>${operation.summaryHtml ?? ''}</li>`,
      )
      .join('');
    return createElement('div', {dangerouslySetInnerHTML: {__html: `${overviewHtml(data.blocks)}<ul>${list}</ul>`}});
  },
  ApiReferencePage: ({page}: {page: ApiPageData}) =>
    createElement('div', {dangerouslySetInnerHTML: {__html: pageDataHtml(page)}}),
  ApiObjectPage: ({page}: {page: ApiObjectData}) =>
    createElement('div', {dangerouslySetInnerHTML: {__html: objectDataHtml(page)}}),
  ApiDisclosure: stub('details'),
  ApiEndpoint: stub('p'),
  ApiField: stub('li'),
  ApiFieldList: stub('ul'),
  ApiText: ({html}: {html: string}) => createElement('div', {dangerouslySetInnerHTML: {__html: html}}),
  Heading: ({as, id, children}: {as: string; id: string; children?: ReactNode}) => createElement(as, {id}, children),
  Tabs: stub('div'),
  TabItem: stub('div'),
};

/** Where a page's data modules wait for its MDX while it is evaluated (renderMdxPage). */
const PAGE_MODULES = '__vigilPageModules';

/**
 * The MDX compiler of the pages, made once: what `evaluateSync` makes for each call (a processor with its plugins and
 * the parser's extensions combined), with the same options (a function body, run with React's runtime).
 */
let processor: ReturnType<typeof createProcessor> | undefined;
function mdxProcessor(): ReturnType<typeof createProcessor> {
  processor ??= createProcessor({
    format: 'mdx',
    outputFormat: 'function-body',
    remarkPlugins: [remarkGfm, remarkDirective],
  }).freeze();
  return processor;
}

/**
 * Compiles a generated MDX page as MDX does, to render it to HTML with components (by default the stand-ins
 * above) and a renderer (by default React's static markup). Its imports are left out, and its data module
 * (`import page from './….page.js'`, read from `dir`, where the page was written, as pageDataModule reads it)
 * becomes an export of the page that takes the parsed data, so that the compiler reads the page as the build's MDX
 * loader does, not its data's JSON text. Throws the compiler's error when the page is not valid MDX, and the
 * renderer throws when the page uses a component it is not given.
 */
export function compileMdxPage(
  mdx: string,
  dir: string,
): (
  components?: Record<string, ComponentType<never>>,
  render?: (element: ReturnType<typeof createElement>) => string,
) => string {
  const modules: Record<string, unknown> = {};
  const body = mdx
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .replace(/^import (\w+) from '\.\/([^'/]+\.page\.js)';$/gm, (_line, name: string, file: string) => {
      modules[name] = pageDataModule(path.join(dir, file));
      return `export const ${name} = globalThis.${PAGE_MODULES}.${name};`;
    })
    .replace(/^import .*$/gm, '');
  const scope = globalThis as typeof globalThis & {[PAGE_MODULES]?: Record<string, unknown>};
  scope[PAGE_MODULES] = modules;
  let Content: ReturnType<typeof runSync>['default'];
  try {
    Content = runSync(mdxProcessor().processSync(body), runtime as Parameters<typeof runSync>[1]).default;
  } finally {
    delete scope[PAGE_MODULES];
  }
  const used = [...body.matchAll(/^<([A-Z][A-Za-z]*)/gm)].map((match) => match[1]);
  type PageComponents = NonNullable<Parameters<typeof Content>[0]['components']>;
  return (components = COMPONENTS, render = renderToStaticMarkup) => {
    const unknown = used.filter((name) => !(name in components));
    if (unknown.length) throw new Error(`the page uses components the site does not have: ${unknown.join(', ')}`);
    return render(createElement(Content, {components: components as PageComponents}));
  };
}

/** A generated MDX page rendered with the stand-ins (compileMdxPage). */
export const renderMdxPage = (mdx: string, dir: string): string => compileMdxPage(mdx, dir)();

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The fields of a rendered page, each under the id of the h2/h3 heading before it (`path-parameters`, `response-200`). */
export function pageFields(html: string): ShownField[] {
  const fields: ShownField[] = [];
  let section = '';
  let depth = 0;
  for (const match of html.matchAll(/<h[23] id="([^"]+)"|<li ([^>]*data-name="[^"]*"[^>]*)>|<(\/?)ul[ >]/g)) {
    if (match[1]) {
      section = match[1];
      depth = 0;
      continue;
    }
    if (match[3] !== undefined) {
      depth += match[3] === '/' ? -1 : 1;
      continue;
    }
    const attributes = Object.fromEntries(
      [...match[2].matchAll(/(?:data-)?([a-z]+)="([^"]*)"/g)].map(([, key, value]) => [key, decode(value)]),
    );
    fields.push({
      section,
      name: attributes.name,
      type: attributes.type,
      required: attributes.required === 'true',
      depth: depth - 1,
      id: attributes.id,
    });
  }
  return fields;
}

/** The section of a Markdown heading, as the page's heading id: `### Path parameters` -> `path-parameters`, `### 200 OK` -> `response-200`. */
function markdownSection(heading: string): string {
  const status = /^(\d{3}|\dXX|default)\b/i.exec(heading);
  if (status) return `response-${status[1].toLowerCase()}`;
  return heading.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/** The fields of a Markdown version: list items `- `name` (`type`, required…)`, under their `###` heading. */
export function markdownFields(markdown: string): ShownField[] {
  const fields: ShownField[] = [];
  let section = '';
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const fenceMatch = /^(`{3,})/.exec(line);
    if (fenceMatch && (!fence || fenceMatch[1].length >= fence.length)) {
      fence = fence ? undefined : fenceMatch[1];
      continue;
    }
    if (fence) continue;
    const heading = /^#{2,3} (.*)$/.exec(line);
    if (heading) {
      section = markdownSection(heading[1]);
      continue;
    }
    const field = /^(\s*)- (`+) ?(.+?) ?\2 \((`+) ?(.+?) ?\4((?:, [a-z-]+)*)\)/.exec(line);
    if (field)
      fields.push({
        section,
        name: field[3],
        type: field[5],
        required: field[6].split(', ').includes('required'),
        depth: field[1].length / 2,
      });
  }
  return fields;
}

/** What the description itself says an operation takes and answers, read from the file with no code of the generator. */
export type Expected = {section: string; name: string; required: boolean};

function requiredAndProperties(
  spec: JsonObject,
  raw: JsonObject | undefined,
  direction: 'request' | 'response' | undefined,
): Expected[] {
  let schema = deref(spec, raw);
  for (
    let depth = 0;
    schema &&
    (schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'))) &&
    schema.items &&
    depth < 8;
    depth += 1
  ) {
    schema = deref(spec, schema.items);
  }
  if (!schema) return [];
  // The schema and every `allOf` part, nested ones too: an instance satisfies each, so each one's `required` holds.
  const parts: JsonObject[] = [];
  const collect = (part: JsonObject) => {
    if (parts.includes(part)) return;
    parts.push(part);
    for (const inner of (part.allOf ?? []) as JsonObject[]) collect(deref(spec, inner) ?? {});
  };
  collect(schema);
  const required = new Set(parts.flatMap((part) => (Array.isArray(part.required) ? (part.required as string[]) : [])));
  const skip = direction === 'request' ? 'readOnly' : direction === 'response' ? 'writeOnly' : undefined;
  const own = parts.flatMap((part) =>
    Object.entries<JsonObject>(part.properties ?? {})
      .filter(([, property]) => !skip || !(deref(spec, property) ?? {})[skip])
      // A property named by the empty string shows as `""` (EMPTY_NAME).
      .map(([name]) => ({section: '', name: name === '' ? EMPTY_NAME : name, required: required.has(name)})),
  );
  return [...new Map(own.map((item) => [item.name, item])).values()];
}

/** The parameters, top-level body properties and statuses of one operation of the file. */
export function expectedOf(
  spec: JsonObject,
  pathItem: JsonObject,
  definition: JsonObject,
): {fields: Expected[]; statuses: string[]} {
  const parameters = new Map<string, JsonObject>();
  for (const raw of [
    ...((pathItem.parameters ?? []) as JsonObject[]),
    ...((definition.parameters ?? []) as JsonObject[]),
  ]) {
    const parameter = deref(spec, raw) ?? {};
    parameters.set(`${parameter.in}:${parameter.name}`, parameter);
  }
  const fields: Expected[] = [...parameters.values()].map((parameter) => ({
    section: `${parameter.in}-parameters`,
    name: String(parameter.name),
    required: parameter.in === 'path' || parameter.required === true,
  }));
  const body = deref(spec, definition.requestBody);
  const firstMedia = Object.values<JsonObject>(body?.content ?? {})[0];
  if (firstMedia)
    fields.push(
      ...requiredAndProperties(spec, deref(spec, firstMedia)?.schema, 'request').map((field) => ({
        ...field,
        section: 'request-body',
      })),
    );
  return {fields, statuses: Object.keys(definition.responses ?? {})};
}

/**
 * The properties of a named schema, as its object page lists them at the top: both directions, `allOf` merged; or
 * those of one direction (a response's leave write-only ones out).
 */
export function objectFields(spec: JsonObject, schema: JsonObject, direction?: 'request' | 'response'): Expected[] {
  return requiredAndProperties(spec, schema, direction);
}

/** The example a Markdown version shows under `## Example` (an object page's), parsed; undefined without one. */
export function markdownExample(markdown: string): unknown {
  const block = /^## Example\n+```json\n([\s\S]*?)\n```$/m.exec(markdown);
  return block ? JSON.parse(block[1]) : undefined;
}

/** The ids of the object pages a page's HTML or Markdown links to, its links under `apiBase` (`/docs/api/`). */
export function objectLinks(text: string, apiBase: string): string[] {
  const escaped = apiBase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...text.matchAll(new RegExp(`${escaped}(objects/[^"#)\\s>]+)`, 'g'))].map((match) =>
    decodeURIComponent(match[1]),
  );
}

/** No page of the API reference, of any description, is larger than this (bench/budgets.json `apiPage`). */
export const API_PAGE_BUDGET = {html: budgets.apiPage.html, markdown: budgets.apiPage.markdown};

/** Every `id` of a rendered page: headings, fields, variants. */
export function pageAnchors(html: string): Set<string> {
  return new Set([...html.matchAll(/ id="([^"]+)"/g)].map((match) => decode(match[1])));
}

/**
 * The targets of the links a page writes instead of listing a schema again (`Same fields as …`), under the id
 * of the section heading before each (as pageFields): `#anchor` on the page itself, or a site path of another page
 * of the API reference with its anchor.
 */
export function sameFieldsLinks(html: string): Array<{section: string; href: string}> {
  const links: Array<{section: string; href: string}> = [];
  let section = '';
  for (const match of html.matchAll(/<h[23] id="([^"]+)"|Same fields as <a href="([^"]+)">/g)) {
    if (match[1]) section = match[1];
    else links.push({section, href: decode(match[2])});
  }
  return links;
}

/** The same links in a Markdown version (`Same fields as [the 200 response](https://…/page#response-200) above.`). */
export function markdownSameFieldsLinks(markdown: string): Array<{section: string; href: string}> {
  const links: Array<{section: string; href: string}> = [];
  let section = '';
  for (const line of markdown.split('\n')) {
    const heading = /^#{2,3} (.*)$/.exec(line);
    if (heading) section = markdownSection(heading[1]);
    for (const match of line.matchAll(/Same fields as \[(?:[^\]\\]|\\.)*\]\(<?([^)>\s]+)>?\)/g))
      links.push({section, href: match[1]});
  }
  return links;
}

/**
 * What a description's root page must show of it, read from the description itself: every server with each of its
 * variables and their defaults, every security scheme with what it asks for (an API key's name, an HTTP scheme, each
 * OAuth 2.0 flow with its URLs and scopes, an OpenID Connect discovery URL).
 */
export function rootFacts(spec: JsonObject): string[] {
  const facts: string[] = [];
  for (const server of (spec.servers ?? []) as JsonObject[]) {
    if (typeof server.url !== 'string') continue;
    facts.push(server.url);
    for (const [name, variable] of Object.entries<JsonObject>(server.variables ?? {})) {
      facts.push(`{${name}}`);
      if (variable?.default !== undefined) facts.push(String(variable.default));
    }
  }
  for (const [name, raw] of Object.entries<JsonObject>(spec.components?.securitySchemes ?? {})) {
    const scheme = deref(spec, raw) ?? {};
    facts.push(name);
    if (scheme.type === 'apiKey') facts.push(String(scheme.name));
    if (scheme.type === 'http') facts.push(String(scheme.scheme));
    if (scheme.type === 'openIdConnect') facts.push(String(scheme.openIdConnectUrl));
    for (const [flowName, flow] of Object.entries<JsonObject>(scheme.type === 'oauth2' ? (scheme.flows ?? {}) : {})) {
      facts.push(flowName);
      for (const key of ['authorizationUrl', 'tokenUrl', 'refreshUrl'])
        if (typeof flow?.[key] === 'string') facts.push(flow[key]);
      facts.push(...Object.keys(flow?.scopes ?? {}));
    }
  }
  return facts;
}

/** CommonMark's backslash escapes, as the characters they escape. */
const unescapeMarkdown = (text: string) => text.replace(/\\([!-/:-@[-`{-~])/g, '$1');

/** A text as the comparison reads it: without code-span ticks (a title's backticks are text on the page), spaces folded. */
const comparable = (text: string) => text.replace(/`+/g, '').replace(/\s+/g, ' ').trim();

/** The text a reader reads in HTML: tags removed, references decoded. */
function htmlText(html: string): string {
  return comparable(decodeEntities(html.replace(/<[^>]+>/g, ' ')));
}

/** A Markdown link's destination as written: in `<…>`, or with balanced parentheses and backslash escapes. */
const LINK_DESTINATION = String.raw`<[^>]*>|(?:[^()\s\\]|\\.|\((?:[^()\s\\]|\\.)*\))+`;
/** An image inside a link's text (`[![Run in Postman](button.svg)](https://…)`): part of the link's text. */
const IMAGE_IN_LINK = String.raw`!\[(?:[^\]\\]|\\.)*\]\((?:${LINK_DESTINATION})\)`;
/** A Markdown link or image: whether it is an image (`!`), and its destination. */
const MARKDOWN_LINK = new RegExp(
  String.raw`(?<!\\)(!?)\[(?:${IMAGE_IN_LINK}|[^\]\\]|\\.)*\]\((${LINK_DESTINATION})\)`,
  'g',
);
/** A Markdown link's destination, as the URL it names: `<…>` and backslash escapes removed. */
const destination = (target: string) => unescapeMarkdown(target.replace(/^<|>$/g, ''));

/** The text a reader reads in Markdown: links' destinations and escapes removed. */
function markdownText(markdown: string): string {
  return comparable(
    unescapeMarkdown(
      markdown.replace(MARKDOWN_LINK, (link, image: string, target: string) =>
        link.slice(0, link.length - target.length - 2),
      ),
    ),
  );
}

/** The links of a page's HTML, as absolute URLs (site paths under `origin`, anchors of the page at `pageUrl`). */
function htmlLinks(html: string, origin: string, pageUrl: string): string[] {
  return [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map(({1: href}) => {
    const target = decodeEntities(href);
    return target.startsWith('#') ? `${pageUrl}${target}` : target.startsWith('/') ? `${origin}${target}` : target;
  });
}

/** CommonMark's email autolink: `<`, an address, `>`. */
const EMAIL_AUTOLINK =
  /<([a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*)>/g;

/**
 * The links of a page's Markdown (inline links and autolinks; images are not links), a link to another page's
 * Markdown version read as that page's URL.
 */
function markdownLinks(markdown: string, origin: string): string[] {
  const inline = [...markdown.matchAll(MARKDOWN_LINK)]
    .filter(({1: image}) => !image)
    .map(({2: target}) => destination(target));
  const auto = [...markdown.matchAll(/(?<!\]\()<((?:https?|mailto):[^>\s]+)>/g)].map(({1: url}) => url);
  // An email autolink (`<support@example.com>`, CommonMark's grammar) links to its mailto: URL.
  const email = [...markdown.matchAll(EMAIL_AUTOLINK)].map(({1: address}) => `mailto:${address}`);
  return [...inline, ...auto, ...email].map((url) => (url.startsWith(`${origin}/`) ? url.replace(/\.md$/, '') : url));
}

/**
 * Where an overview page (the root, a tag) and its Markdown version disagree: a fact of `facts` one of them lacks,
 * or a link only one of them has. Empty when they agree.
 */
export function overviewDisagreements(
  page: string,
  html: string,
  markdown: string,
  facts: string[],
  origin: string,
  pageUrl: string,
): string[] {
  const problems: string[] = [];
  const [inHtml, inMarkdown] = [htmlText(html), markdownText(markdown)];
  for (const fact of new Set(facts)) {
    const folded = comparable(fact);
    if (!inHtml.includes(folded)) problems.push(`${page}: the page does not show ${JSON.stringify(fact)}`);
    if (!inMarkdown.includes(folded)) problems.push(`${page}: the Markdown does not show ${JSON.stringify(fact)}`);
  }
  const [pageLinks, markdownTargets] = [
    new Set(htmlLinks(html, origin, pageUrl)),
    new Set(markdownLinks(markdown, origin)),
  ];
  for (const link of pageLinks)
    if (!markdownTargets.has(link)) problems.push(`${page}: the Markdown does not link to ${link}`);
  for (const link of markdownTargets)
    if (!pageLinks.has(link)) problems.push(`${page}: the page does not link to ${link}`);
  return problems;
}

/** A code block's text, and whether any of its tokens is highlighted (a class list other than plain text). */
export function codeBlockText(code: {tokens: string}): {text: string; highlighted: boolean} {
  const [classLists, lines] = JSON.parse(code.tokens) as BlockTokens;
  return {text: codeOfTokens(lines), highlighted: classLists.some((classes) => classes !== PLAIN_TOKEN)};
}

/** The characters of a code block, when it has a token other than plain text; 0 when it is all plain text. */
function highlightedLength(code: {tokens: string}): number {
  const {text, highlighted} = codeBlockText(code);
  return highlighted ? text.length : 0;
}

/** The characters of example code a page's data shows highlighted: its examples (`{summary, code}`), at any depth. */
function highlightedExamples(data: unknown): number {
  if (data === null || typeof data !== 'object') return 0;
  const value = data as Record<string, unknown>;
  const code = value.code as {tokens?: string} | undefined;
  const own =
    typeof value.summary === 'string' && typeof code?.tokens === 'string'
      ? highlightedLength({tokens: code.tokens})
      : 0;
  return Object.values(value).reduce((total: number, child) => total + highlightedExamples(child), own);
}

/**
 * The characters of code a page's data shows highlighted: the examples of its request body, responses and callbacks,
 * and its request samples (every tab).
 */
export function highlightedCharacters(data: unknown): {examples: number; samples: number} {
  const tabs = (data as Partial<ApiPageData> | null)?.samples?.tabs ?? [];
  return {
    examples: highlightedExamples(data),
    samples: tabs.reduce((total, tab) => total + highlightedLength(tab.code), 0),
  };
}

/** The data of a page, read from the module the generator wrote beside its MDX (`export default JSON.parse("…");`). */
export const pageDataModule: (file: string) => unknown = readPageData;
