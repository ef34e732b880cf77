// The groups of the API reference (a tag, or the webhooks, and its pages) and the sidebar made from them: computed
// once per build (build.ts) and read from there by the pages, the sidebar file, the Markdown versions and the manifest.
import {apiPageSlug, infoPageSlug, type ApiOperation, type JsonObject} from '../../openapi';

/** The sidebar group of operations without a tag, and of webhooks. */
export const UNTAGGED_GROUP = 'Operations';
export const WEBHOOKS_GROUP = 'Webhooks';

/** A group of the API sidebar: a tag (with its page) or the webhooks, and its pages. */
export type ApiGroup = {label: string; tag?: JsonObject; id?: string; operations: ApiOperation[]};

/** The id of the root page (infoPageSlug of the description's title: `Vigil API` -> `vigil-api`). */
export function rootPageId(spec: JsonObject): string {
  return infoPageSlug(String(spec.info?.title ?? 'API')) || 'api';
}

/**
 * The groups of the sidebar, in the description's order: each tag of `tags` then each tag only operations name,
 * with the operations whose first tag it is; the operations without a tag in one group; the webhooks last, in
 * their own group. A tag whose page id another page already has gets `<id>-tag`; `reserved` are ids the reference
 * gives other pages (the changelog's).
 */
export function apiGroups(spec: JsonObject, pages: ApiOperation[], reserved: string[] = []): ApiGroup[] {
  const declared = ((spec.tags ?? []) as JsonObject[]).filter((tag) => typeof tag.name === 'string');
  const names = [...declared.map((tag) => String(tag.name))];
  for (const page of pages)
    if (page.kind === 'operation' && page.tag && !names.includes(page.tag)) names.push(page.tag);
  const taken = new Set([rootPageId(spec), ...reserved, ...pages.map((page) => page.slug)]);
  const groups: ApiGroup[] = [];
  for (const name of names) {
    const operations = pages.filter((page) => page.kind === 'operation' && page.tag === name);
    const tag = declared.find((item) => item.name === name) ?? {name};
    if (operations.length === 0) continue;
    // A tag named like an operation (`Session` beside an operation `session`) takes the id `<id>-tag`.
    const base = apiPageSlug(name) || 'tag';
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

/** An item of the API sidebar, as the docs plugin reads it from the sidebar file the plugin writes. */
export type ApiSidebarItem =
  | {type: 'doc'; id: string; label?: string; className?: string}
  | {type: 'category'; label: string; collapsed: boolean; link?: {type: 'doc'; id: string}; items: ApiSidebarItem[]};

function pageItem(page: ApiOperation): ApiSidebarItem {
  return {
    type: 'doc',
    id: page.slug,
    label: page.title,
    className: `api-method api-method--${page.kind === 'webhook' ? 'webhook' : page.method}`,
  };
}

/**
 * The API sidebar: the root page, the pages given as `after` (the changelog), then a category per group, each
 * linking to its tag's page. With `x-tagGroups` (Redocly's extension), the tags' categories are grouped under one
 * category per tag group.
 */
export function apiSidebar(spec: JsonObject, groups: ApiGroup[], after: ApiSidebarItem[] = []): ApiSidebarItem[] {
  const category = (group: ApiGroup): ApiSidebarItem => ({
    type: 'category',
    label: group.label,
    collapsed: true,
    ...(group.id ? {link: {type: 'doc' as const, id: group.id}} : {}),
    items: group.operations.map(pageItem),
  });
  const tagGroups = ((spec['x-tagGroups'] ?? []) as JsonObject[]).filter(
    (group) => typeof group.name === 'string' && Array.isArray(group.tags),
  );
  const items: ApiSidebarItem[] = [{type: 'doc', id: rootPageId(spec)}, ...after];
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
