// The API reference's pages, written from the one model of the OpenAPI description (src/openapi) into the folder
// of the `api` docs plugin instance, which routes them: one MDX file per operation and webhook, the root page and
// one page per tag. A file is front matter written by a YAML serializer and a body that holds the page's data as
// JSON in one component's property (render-page.ts, render-overview.ts): no text of the description is ever
// written into MDX syntax, so none can run, and none can break a file. The sidebar (apiSidebar) comes from the
// same model.
import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import {
  apiPageSlug,
  apiPagesOf,
  identityOf,
  type ApiIdentity,
  infoPageSlug,
  firstSentence,
  loadOpenApiDescription,
  OpenApiSourceError,
  braceFreeString,
  generatedPageMdx,
  pageData,
  pageModel,
  rootPageData,
  tagPageData,
  tocOf,
  type ApiOperation,
  type JsonObject,
  type PageRenderOptions,
  descriptionText,
} from '../../openapi';

export type ApiReferenceOptions = {
  specPath: string;
  /** The folder of the `api` docs plugin instance, emptied and written at each build. */
  outputDir: string;
  /** The route of the API reference under the site's base URL: `api`. */
  routeBasePath: string;
  render: PageRenderOptions;
  /** Site paths of the published description, linked from the root page. */
  downloads: Array<{label: string; href: string}>;
  /** What the pages call the product, and their samples' variable prefix; unset: read from the description. */
  identity?: ApiIdentity;
};

/** The sidebar group of operations without a tag, and of webhooks. */
export const UNTAGGED_GROUP = 'Operations';
export const WEBHOOKS_GROUP = 'Webhooks';

/** A group of the API sidebar: a tag (with its page) or the webhooks, and its pages. */
export type ApiGroup = {label: string; tag?: JsonObject; id?: string; operations: ApiOperation[]};

/** Each description is loaded once per process, and its pages listed once. */
const loaded = new Map<string, {spec: JsonObject; pages: ApiOperation[]}>();

export function apiDescription(specPath: string): {spec: JsonObject; pages: ApiOperation[]} {
  let entry = loaded.get(specPath);
  if (!entry) {
    const spec = loadOpenApiDescription(specPath);
    entry = {spec, pages: apiPagesOf(spec, specPath)};
    loaded.set(specPath, entry);
  }
  return entry;
}

/** The id of the root page (infoPageSlug of the description's title: `Vigil API` -> `vigil-api`). */
export function rootPageId(spec: JsonObject): string {
  return infoPageSlug(String(spec.info?.title ?? 'API')) || 'api';
}

/** The id of a tag's page: its name, kebab-cased (apiPageSlug). */
export function tagPageId(name: string): string {
  return apiPageSlug(name);
}

/**
 * The groups of the sidebar, in the description's order: each tag of `tags` then each tag only operations name,
 * with the operations whose first tag it is; the operations without a tag in one group; the webhooks last, in
 * their own group. A tag whose page id another page already has gets `<id>-tag`.
 */
export function apiGroups(spec: JsonObject, pages: ApiOperation[]): ApiGroup[] {
  const declared = ((spec.tags ?? []) as JsonObject[]).filter((tag) => typeof tag.name === 'string');
  const names = [...declared.map((tag) => String(tag.name))];
  for (const page of pages)
    if (page.kind === 'operation' && page.tag && !names.includes(page.tag)) names.push(page.tag);
  const taken = new Set([rootPageId(spec), ...pages.map((page) => page.slug)]);
  const groups: ApiGroup[] = [];
  for (const name of names) {
    const operations = pages.filter((page) => page.kind === 'operation' && page.tag === name);
    const tag = declared.find((item) => item.name === name) ?? {name};
    if (operations.length === 0) continue;
    // A tag named like an operation (`Session` beside an operation `session`) takes the id `<id>-tag`.
    const base = tagPageId(name) || 'tag';
    let id = taken.has(base) ? `${base}-tag` : base;
    for (let suffix = 2; taken.has(id); suffix += 1) id = `${base}-tag-${suffix}`;
    taken.add(id);
    groups.push({label: name, tag, id, operations});
  }
  const untagged = pages.filter((page) => page.kind === 'operation' && !page.tag);
  if (untagged.length) groups.push({label: UNTAGGED_GROUP, operations: untagged});
  const webhooks = pages.filter((page) => page.kind === 'webhook');
  if (webhooks.length) groups.push({label: WEBHOOKS_GROUP, operations: webhooks});
  return groups;
}

type SidebarItem =
  | {type: 'doc'; id: string; label?: string; className?: string}
  | {type: 'category'; label: string; collapsed: boolean; link?: {type: 'doc'; id: string}; items: SidebarItem[]};

function pageItem(page: ApiOperation): SidebarItem {
  return {
    type: 'doc',
    id: page.slug,
    label: page.title,
    className: `api-method api-method--${page.kind === 'webhook' ? 'webhook' : page.method}`,
  };
}

/**
 * The openapi sidebar: the root page, then a category per group, each linking to its tag's page. With
 * `x-tagGroups` (Redocly's extension), the tags' categories are grouped under one category per tag group.
 */
export function apiSidebar(specPath: string): SidebarItem[] {
  const {spec, pages} = apiDescription(specPath);
  const groups = apiGroups(spec, pages);
  const category = (group: ApiGroup): SidebarItem => ({
    type: 'category',
    label: group.label,
    collapsed: true,
    ...(group.id ? {link: {type: 'doc' as const, id: group.id}} : {}),
    items: group.operations.map(pageItem),
  });
  const tagGroups = ((spec['x-tagGroups'] ?? []) as JsonObject[]).filter(
    (group) => typeof group.name === 'string' && Array.isArray(group.tags),
  );
  const items: SidebarItem[] = [{type: 'doc', id: rootPageId(spec)}];
  if (tagGroups.length === 0) return [...items, ...groups.map(category)];
  const placed = new Set<ApiGroup>();
  for (const tagGroup of tagGroups) {
    const members = groups.filter((group) => group.tag && (tagGroup.tags as unknown[]).includes(group.label));
    members.forEach((group) => placed.add(group));
    if (members.length) {
      items.push({type: 'category', label: String(tagGroup.name), collapsed: false, items: members.map(category)});
    }
  }
  return [...items, ...groups.filter((group) => !placed.has(group)).map(category)];
}

/** Front matter, written by the YAML serializer: any text is a quoted or block scalar, never YAML syntax. */
function frontMatter(fields: Record<string, unknown>): string {
  return `---\n${yaml.dump(fields, {lineWidth: -1, noRefs: true, quotingType: '"'})}---\n`;
}

/** The first sentence of a description, as plain text for the page's meta description. */
function plainSummary(markdown: string | undefined, fallback: string): string {
  return descriptionText(firstSentence(markdown ?? '')) || fallback;
}

/** Writes every page of the API reference into `outputDir` (emptied first) and returns the files written. */
export function writeApiPages(options: ApiReferenceOptions): string[] {
  const {specPath, outputDir, render} = options;
  const {spec, pages} = apiDescription(specPath);
  if (pages.length === 0) {
    throw new OpenApiSourceError(
      specPath,
      'it has no operation under "paths" and no webhook: there is no page to make',
    );
  }
  const groups = apiGroups(spec, pages);
  rmSync(outputDir, {recursive: true, force: true});
  mkdirSync(outputDir, {recursive: true});
  const written: string[] = [];
  const write = (file: string, text: string) => {
    writeFileSync(path.join(outputDir, file), text);
    written.push(file);
  };
  /**
   * A page: its MDX (front matter, component, title) and, beside it, a module of its data (src/openapi/render-page.ts)
   * as one JSON text: one string literal to the bundler's parser, where a .json module would be a tree of values in
   * its memory (half a gigabyte more on a description of 900 operations).
   */
  const writePage = (
    name: string,
    fields: JsonObject,
    component: string,
    title: string,
    data: unknown,
    exports = '',
  ) => {
    const dataFile = `${name}.page.js`;
    write(dataFile, `export default JSON.parse(${JSON.stringify(JSON.stringify(data))});\n`);
    write(`${name}.mdx`, frontMatter(fields) + generatedPageMdx(component, title, dataFile, exports));
  };
  const tocExport = (blocks: Parameters<typeof tocOf>[0]) =>
    `export const toc = JSON.parse(${braceFreeString(JSON.stringify(tocOf(blocks)))});`;

  const info = (spec.info ?? {}) as JsonObject;
  const title = String(info.title ?? 'API reference');
  const root = rootPageData(spec, render, options.downloads);
  writePage(
    `${rootPageId(spec)}.info`,
    {
      id: rootPageId(spec),
      title,
      description: plainSummary(info.description, title),
      sidebar_label: 'Introduction',
      slug: '/',
      hide_title: true,
      custom_edit_url: null,
    },
    'ApiRootPage',
    title,
    root,
    tocExport(root.blocks),
  );

  const href = (page: ApiOperation) => `${render.baseUrl}${options.routeBasePath}/${page.slug}`;
  for (const group of groups) {
    if (!group.id || !group.tag) continue;
    const data = tagPageData(group.tag, group.operations, href, render);
    writePage(
      `${group.id}.tag`,
      {
        id: group.id,
        title: group.label,
        description: plainSummary(group.tag.description, group.label),
        custom_edit_url: null,
      },
      'ApiTagPage',
      group.label,
      data,
      tocExport(data.blocks),
    );
  }

  for (const page of pages) {
    let model;
    try {
      model = pageModel(spec, page, specPath, options.identity ?? identityOf(spec));
    } catch (error) {
      if (error instanceof OpenApiSourceError) throw error;
      throw new OpenApiSourceError(specPath, `the page cannot be rendered: ${(error as Error).message}`, page.pointer);
    }
    writePage(
      `${page.slug}.api`,
      {
        id: page.slug,
        title: page.title,
        description: plainSummary(page.description, page.title),
        sidebar_label: page.title,
        hide_title: true,
        hide_table_of_contents: true,
        custom_edit_url: null,
      },
      'ApiReferencePage',
      model.title,
      pageData(model, {...render, apiPageHref: (id) => `${render.baseUrl}${options.routeBasePath}/${id}`}),
    );
  }
  return written;
}
