// The API reference's one build object: everything the site makes of the OpenAPI description, computed once per build
// and read from here by every reader of it. Each operation's and webhook's page model is built once (pageModel is
// called nowhere else), and from it the page's data (the page), its Markdown version, and the anchors the changelog
// links to; the root and tag pages' data, and their Markdown versions rendered from that same data; the groups and
// the sidebar; the changelog; and the manifest programs read. A page's data is handed to `emit` (which writes it)
// as soon as it is made and not kept, so the object holds what is needed after the docs plugin has loaded.
import path from 'node:path';
import {
  apiPagesOf,
  descriptionText,
  firstSentence,
  identityOf,
  loadOpenApiDescription,
  objectMarkdown,
  objectPageData,
  objectPageModel,
  objectsOf,
  OBJECTS_FOLDER,
  OpenApiSourceError,
  USES_LISTED,
  pageData,
  pageMarkdown,
  pageModel,
  rootPageData,
  rootPageMarkdown,
  tagPageData,
  tagPageMarkdown,
  tocOf,
  type ApiIdentity,
  type ApiOperation,
  type JsonObject,
  type MarkdownLinks,
  type ObjectUses,
  type PageRenderOptions,
  type TocEntry,
} from '../../openapi';
import {sidebarDocIds} from '../../utils/sidebar';
import {twinPath} from '../../utils/twin-path';
import type {ApiManifest, ApiManifestPage} from '../../utils/api-manifest';
import {
  apiChangelog,
  changelogMarkdown,
  changelogPages,
  changelogPageTitle,
  linkKey,
  pageAnchors,
  CHANGELOG_DESCRIPTION,
  CHANGELOG_PAGE_ID,
  type ApiChangelog,
  type PageAnchors,
} from './changelog';
import {apiGroups, apiSidebar, rootPageId, type ApiGroup, type ApiSidebarItem} from './groups';

export type ApiReferenceOptions = {
  specPath: string;
  /** The route of the API reference under the site's base URL: `api`. */
  routeBasePath: string;
  render: PageRenderOptions;
  /** Site paths of the published description, linked from the root page. */
  downloads: Array<{label: string; href: string}>;
  /** What the pages call the product, and their samples' variable prefix; unset: read from the description. */
  identity?: ApiIdentity;
};

/** Where the build runs: the site's origin (the Markdown versions' links are absolute) and the changelog's cache. */
export type ApiBuildSite = {
  origin: string;
  /** The folder that caches each version's summary for the changelog; without it, no changelog is made. */
  changelogCacheDir?: string;
};

export type ApiPageKind = ApiManifestPage['kind'];

/** A page as the docs plugin instance that routes it reads it: front matter, title, component and its data. */
export type ApiPageFile = {
  /** The file's name without extension: `<id>.api`, `<id>.tag`, `<id>.info`, `changelog`, `objects/<slug>.object`. */
  name: string;
  frontMatter: Record<string, unknown>;
  title: string;
  component: 'ApiReferencePage' | 'ApiRootPage' | 'ApiTagPage' | 'ApiChangelog' | 'ApiObjectPage';
  data: unknown;
  toc?: TocEntry[];
};

/** A page of the reference, as the readers after the build read it. */
export type ApiPage = {
  id: string;
  kind: ApiPageKind;
  title: string;
  /** The page's meta description: the first sentence of its description, as text. */
  description: string;
  /** Its site path, with the base URL: `/docs/api/get-dataset`. */
  permalink: string;
  /** Its Markdown version. */
  markdown: string;
  /** An operation's or a webhook's entry of the description. */
  operation?: ApiOperation;
  /** An object's schema name. */
  schema?: string;
};

export type ApiBuild = {
  spec: JsonObject;
  groups: ApiGroup[];
  sidebar: ApiSidebarItem[];
  /** Every page, in the order of the sidebar. */
  pages: ApiPage[];
  changelog?: {data: ApiChangelog; log: string};
  manifest: ApiManifest;
};

/** The first sentence of a description, as plain text for the page's meta description. */
function plainSummary(markdown: string | undefined, fallback: string): string {
  return descriptionText(firstSentence(markdown ?? '')) || fallback;
}

/** The manifest's path of a site path: relative to the base URL. */
function underBase(sitePath: string, baseUrl: string): string {
  return sitePath.startsWith(baseUrl) ? sitePath.slice(baseUrl.length) : sitePath.replace(/^\//, '');
}

/** A server URL with its variables set to their defaults: the one given, else the description's first. */
export function serverUrl(spec: JsonObject, url?: string): string {
  const servers = (spec.servers ?? []) as JsonObject[];
  const server = url === undefined ? servers[0] : (servers.find((candidate) => candidate.url === url) ?? {url});
  if (!server) return '';
  return String(server.url).replace(/\{([^}]+)\}/g, (whole, name: string) =>
    String(server.variables?.[name]?.default ?? whole),
  );
}

/**
 * Builds the API reference of `options.specPath`: `emit` gets each page's file as it is made. Fails with an
 * OpenApiSourceError naming the file, and the JSON pointer where there is one, on a description it cannot render.
 */
export function buildApiReference(
  options: ApiReferenceOptions,
  site: ApiBuildSite,
  emit: (file: ApiPageFile) => void,
): ApiBuild {
  const {specPath, render, routeBasePath} = options;
  const spec = loadOpenApiDescription(specPath);
  const operations = apiPagesOf(spec, specPath);
  if (operations.length === 0) {
    throw new OpenApiSourceError(
      specPath,
      'it has no operation under "paths" and no webhook: there is no page to make',
    );
  }
  const withChangelog = site.changelogCacheDir !== undefined;
  if (withChangelog && operations.some((page) => page.slug === CHANGELOG_PAGE_ID)) {
    throw new OpenApiSourceError(
      specPath,
      `an operation's page id is "${CHANGELOG_PAGE_ID}", the API changelog's: give it another operationId`,
    );
  }
  const identity = options.identity ?? identityOf(spec);
  const apiBase = `${render.baseUrl}${routeBasePath}/`;
  const permalinkOf = (id: string) => `${apiBase}${id}`;
  const linksOf = (permalink: string): MarkdownLinks & {apiBase: string} => ({
    origin: site.origin,
    baseUrl: render.baseUrl,
    pageUrl: `${site.origin}${permalink}`,
    apiBase: `${site.origin}${apiBase}`,
  });
  const objects = objectsOf(spec, operations, specPath);
  const groups = apiGroups(spec, operations, withChangelog ? [CHANGELOG_PAGE_ID] : []);
  const pages: ApiPage[] = [];

  const info = (spec.info ?? {}) as JsonObject;
  const title = String(info.title ?? 'API reference');
  const rootId = rootPageId(spec);
  const root = rootPageData(spec, render, options.downloads);
  const rootPermalink = apiBase.replace(/\/$/, '');
  const rootDescription = plainSummary(info.description, title);
  emit({
    name: `${rootId}.info`,
    frontMatter: {
      id: rootId,
      title,
      description: rootDescription,
      sidebar_label: 'Introduction',
      slug: '/',
      hide_title: true,
      custom_edit_url: null,
    },
    title,
    component: 'ApiRootPage',
    data: root,
    toc: tocOf(root.blocks),
  });
  pages.push({
    id: rootId,
    kind: 'root',
    title,
    description: rootDescription,
    permalink: rootPermalink,
    markdown: rootPageMarkdown(title, root, linksOf(rootPermalink)),
  });

  for (const group of groups) {
    if (!group.id || !group.tag) continue;
    const data = tagPageData(group.tag, group.operations, (page) => permalinkOf(page.slug), render);
    const description = plainSummary(group.tag.description, group.label);
    emit({
      name: `${group.id}.tag`,
      frontMatter: {id: group.id, title: group.label, description, custom_edit_url: null},
      title: group.label,
      component: 'ApiTagPage',
      data,
      toc: tocOf(data.blocks),
    });
    const permalink = permalinkOf(group.id);
    pages.push({
      id: group.id,
      kind: 'tag',
      title: group.label,
      description,
      permalink,
      markdown: tagPageMarkdown(group.label, data, linksOf(permalink)),
    });
  }

  const anchors = new Map<string, {slug: string; anchors: PageAnchors}>();
  const pageRender = {...render, apiPageHref: permalinkOf};
  const uses = new Map<string, ObjectUses>(
    objects.list.map((object) => [object.id, {operations: [], tags: [], objects: []}]),
  );
  for (const operation of operations) {
    let model;
    try {
      model = pageModel(spec, operation, specPath, identity, objects.bySchema);
    } catch (error) {
      if (error instanceof OpenApiSourceError) throw error;
      throw new OpenApiSourceError(
        specPath,
        `the page cannot be rendered: ${(error as Error).message}`,
        operation.pointer,
      );
    }
    const data = pageData(model, pageRender);
    const description = plainSummary(operation.description, operation.title);
    emit({
      name: `${operation.slug}.api`,
      frontMatter: {
        id: operation.slug,
        title: operation.title,
        description,
        sidebar_label: operation.title,
        hide_title: true,
        hide_table_of_contents: true,
        custom_edit_url: null,
      },
      title: model.title,
      component: 'ApiReferencePage',
      data,
    });
    if (withChangelog) anchors.set(linkKey(operation), {slug: operation.slug, anchors: pageAnchors(model, data)});
    for (const id of model.objects) {
      const {slug: useId, title: useTitle, kind, method, path: usePath} = operation;
      uses.get(id)?.operations.push({id: useId, title: useTitle, kind, method, path: usePath});
    }
    const permalink = permalinkOf(operation.slug);
    const {origin, baseUrl, pageUrl, apiBase: apiBaseUrl} = linksOf(permalink);
    pages.push({
      id: operation.slug,
      kind: operation.kind,
      title: operation.title,
      description,
      permalink,
      operation,
      markdown: `${pageMarkdown(model, {pageUrl, origin, baseUrl, apiBase: apiBaseUrl, serverUrl: serverUrl(spec, operation.server), summary: description})}\n`,
    });
  }

  // The objects' pages, once the operations that show each are known; the objects that hold each, from their models.
  const objectModels = objects.list.map((object) => objectPageModel(spec, object, objects));
  for (const model of objectModels) {
    for (const id of model.objects) uses.get(id)?.objects.push({id: model.id, name: model.name});
  }
  const tagOf = new Map(
    groups.flatMap((group) =>
      group.id
        ? group.operations.map((operation) => [operation.slug, {id: group.id!, label: group.label}] as const)
        : [],
    ),
  );
  for (const [index, model] of objectModels.entries()) {
    const object = objects.list[index];
    const used = summarisedUses(uses.get(model.id)!, tagOf);
    const description = plainSummary(
      model.description,
      `${model.title} of the ${title}: its fields, an example and the operations that use it.`,
    );
    emit({
      name: `${OBJECTS_FOLDER}/${object.slug}.object`,
      frontMatter: {
        id: object.slug,
        title: model.title,
        description,
        sidebar_label: model.name,
        hide_title: true,
        hide_table_of_contents: true,
        custom_edit_url: null,
      },
      title: model.title,
      component: 'ApiObjectPage',
      data: objectPageData(model, used, pageRender),
    });
    const permalink = permalinkOf(model.id);
    pages.push({
      id: model.id,
      kind: 'object',
      title: model.title,
      description,
      permalink,
      schema: model.name,
      markdown: `${objectMarkdown(model, used, {...linksOf(permalink), summary: description})}\n`,
    });
  }

  let changelog: ApiBuild['changelog'];
  const changelogIds: Array<{id: string; year?: string}> = [];
  if (withChangelog) {
    const help = render.authenticationHelp;
    const {changelog: data, log} = apiChangelog({
      specFile: path.resolve(specPath),
      cacheDir: site.changelogCacheDir!,
      apiBase,
      securityHref: help ? `${render.baseUrl}${help.replace(/^\//, '')}` : undefined,
      pages: anchors,
    });
    changelog = {data, log};
    // One page a year, the newest at the changelog's URL (changelog/pages.ts); a change in many operations is
    // counted there per tag, each operation's tag and tag page found by the operation page's path.
    const tagOfPage = new Map(
      groups.flatMap((group) =>
        group.operations.map(
          (operation) =>
            [
              permalinkOf(operation.slug),
              {label: group.label, ...(group.id ? {href: permalinkOf(group.id)} : {})},
            ] as const,
        ),
      ),
    );
    for (const page of changelogPages(data, (pagePath) => tagOfPage.get(pagePath))) {
      const id = page.pageUrl === data.url ? CHANGELOG_PAGE_ID : `${CHANGELOG_PAGE_ID}/${page.year}`;
      const title = changelogPageTitle(page);
      changelogIds.push({id, year: page.year});
      emit({
        // A year's page is in the changelog's folder: its route is `changelog/<year>`, beside the feed.
        name: id,
        frontMatter: {
          ...(id === CHANGELOG_PAGE_ID ? {id} : {}),
          title,
          description: CHANGELOG_DESCRIPTION,
          sidebar_label: id === CHANGELOG_PAGE_ID ? 'Changelog' : page.year,
          hide_table_of_contents: true,
          custom_edit_url: null,
        },
        title,
        component: 'ApiChangelog',
        data: page,
      });
      pages.push({
        id,
        kind: 'changelog',
        title,
        description: CHANGELOG_DESCRIPTION,
        permalink: page.pageUrl,
        markdown: changelogMarkdown(page, site.origin),
      });
    }
  }

  const sidebar = apiSidebar(spec, groups, changelogSidebar(changelogIds), objects.list);
  const byId = new Map(pages.map((page) => [page.id, page]));
  const ordered = [...new Set(sidebarDocIds(sidebar))].map((id) => byId.get(id)!);
  return {
    spec,
    groups,
    sidebar,
    pages: ordered,
    ...(changelog ? {changelog} : {}),
    manifest: manifestOf(spec, groups, ordered, options, changelog?.data),
  };
}

/** The changelog in the API sidebar: its page, and under it each earlier year's when it has more than one. */
function changelogSidebar(pages: Array<{id: string; year?: string}>): ApiSidebarItem[] {
  const [newest, ...earlier] = pages;
  if (!newest) return [];
  if (earlier.length === 0) return [{type: 'doc', id: newest.id, label: 'Changelog'}];
  return [
    {
      type: 'category',
      label: 'Changelog',
      collapsed: true,
      link: {type: 'doc', id: newest.id},
      items: earlier.map(({id, year}) => ({type: 'doc', id, label: year})),
    },
  ];
}

/** An object's uses past USES_LISTED: each operation of a tag with a page counted under that tag. */
function summarisedUses(uses: ObjectUses, tagOf: Map<string, {id: string; label: string}>): ObjectUses {
  if (uses.operations.length <= USES_LISTED) return uses;
  const tags = new Map<string, ObjectUses['tags'][number]>();
  const operations = uses.operations.filter((operation) => {
    const tag = tagOf.get(operation.id);
    if (!tag) return true;
    const counted = tags.get(tag.id) ?? {...tag, count: 0};
    counted.count += 1;
    tags.set(tag.id, counted);
    return false;
  });
  return {...uses, operations, tags: [...tags.values()]};
}

function manifestOf(
  spec: JsonObject,
  groups: ApiGroup[],
  pages: ApiPage[],
  options: ApiReferenceOptions,
  changelog: ApiChangelog | undefined,
): ApiManifest {
  const {baseUrl} = options.render;
  const download = (extension: string) => options.downloads.find((item) => item.href.endsWith(extension))?.href;
  const file = (sitePath: string | undefined) => (sitePath ? underBase(sitePath, baseUrl) : undefined);
  const files = Object.fromEntries(
    Object.entries({
      descriptionJson: file(download('.json')),
      descriptionYaml: file(download('.yaml')),
      changelogJson: file(changelog?.jsonUrl),
      changelogFeed: file(changelog?.feedUrl),
    }).filter(([, value]) => value !== undefined),
  );
  return {
    title: String(spec.info?.title ?? ''),
    version: String(spec.info?.version ?? ''),
    servers: ((spec.servers ?? []) as JsonObject[])
      .filter((server) => typeof server.url === 'string')
      .map((server) => String(server.url)),
    tags: groups.filter((group) => group.tag).map((group) => group.label),
    files,
    pages: pages.map(({id, kind, title, permalink, operation, schema}): ApiManifestPage => {
      const page = underBase(permalink, baseUrl);
      return {
        slug: id,
        kind,
        title,
        page,
        markdown: underBase(twinPath(permalink), baseUrl),
        ...(operation
          ? {
              method: operation.method,
              path: operation.path,
              operationId: operation.operationId,
              ...(operation.tag ? {tag: operation.tag} : {}),
              tags: operation.tags,
              summary: operation.summary,
            }
          : {}),
        ...(schema ? {schema} : {}),
      };
    }),
  };
}
