// The groups of the API reference (a tag, or the webhooks, and its pages) and the sidebar made from them: computed
// once per build (build.ts) and read from there by the pages, the sidebar file, the Markdown versions and the manifest.
import {apiPageSlug, infoPageSlug, type ApiOperation, type JsonObject, type ObjectPageRef} from '../../openapi';

/** The sidebar group of operations without a tag, and of webhooks. */
export const UNTAGGED_GROUP = 'Operations';
export const WEBHOOKS_GROUP = 'Webhooks';
/** The sidebar group of the object pages, after the operations and webhooks. */
export const OBJECTS_GROUP = 'Objects';

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

function pageItem(page: ApiOperation): LabelledDoc {
  return {
    type: 'doc',
    id: page.slug,
    label: page.title,
    className: `api-method api-method--${page.kind === 'webhook' ? 'webhook' : page.method}`,
  };
}

/**
 * How many entries one list of the sidebar holds. The open category's links are in the HTML of each of its pages
 * (Stripe's 417 operations without a tag were 94 kB of each of their pages, OpenAI's 1,072 objects would be 160 kB),
 * and so is every tag's category of the top level (about 400 bytes each: 388 tags were 177 kB of every page of a
 * description of 2,500 operations). A longer list is split into even runs, each a category named by its first and
 * last entry.
 */
export const PAGES_PER_CATEGORY = 100;

/** A page's item of the sidebar, with its label. */
type LabelledDoc = {type: 'doc'; id: string; label: string; className?: string};

/** The items of a list: `items`, or past PAGES_PER_CATEGORY, even runs of them, `Account – Domain`. */
function runsOf(items: Array<ApiSidebarItem & {label: string}>): ApiSidebarItem[] {
  if (items.length <= PAGES_PER_CATEGORY) return items;
  const runs = Math.ceil(items.length / PAGES_PER_CATEGORY);
  const size = Math.ceil(items.length / runs);
  const split: ApiSidebarItem[] = [];
  for (let start = 0; start < items.length; start += size) {
    const run = items.slice(start, start + size);
    split.push({
      type: 'category',
      label: `${run[0].label} – ${run[run.length - 1].label}`,
      collapsed: true,
      items: run,
    });
  }
  return split;
}

/**
 * The API sidebar: the root page, the pages given as `after` (the changelog), then a category per group, each
 * linking to its tag's page, then the objects' pages in one category. With `x-tagGroups` (Redocly's extension), the
 * tags' categories are grouped under one category per tag group.
 */
export function apiSidebar(
  spec: JsonObject,
  groups: ApiGroup[],
  after: ApiSidebarItem[] = [],
  objects: ObjectPageRef[] = [],
): ApiSidebarItem[] {
  const objectsCategory: ApiSidebarItem[] = objects.length
    ? [
        {
          type: 'category',
          label: OBJECTS_GROUP,
          collapsed: true,
          items: runsOf(objects.map((object) => ({type: 'doc', id: object.id, label: object.name}))),
        },
      ]
    : [];
  const category = (group: ApiGroup): ApiSidebarItem & {label: string} => ({
    type: 'category',
    label: group.label,
    collapsed: true,
    ...(group.id ? {link: {type: 'doc' as const, id: group.id}} : {}),
    items: runsOf(group.operations.map(pageItem)),
  });
  const tagGroups = ((spec['x-tagGroups'] ?? []) as JsonObject[]).filter(
    (group) => typeof group.name === 'string' && Array.isArray(group.tags),
  );
  const items: ApiSidebarItem[] = [{type: 'doc', id: rootPageId(spec)}, ...after];
  if (tagGroups.length === 0) return [...items, ...runsOf(groups.map(category)), ...objectsCategory];
  const placed = new Set<ApiGroup>();
  for (const tagGroup of tagGroups) {
    const members = groups.filter((group) => group.tag && (tagGroup.tags as unknown[]).includes(group.label));
    members.forEach((group) => placed.add(group));
    if (members.length) {
      items.push({
        type: 'category',
        label: String(tagGroup.name),
        collapsed: false,
        items: runsOf(members.map(category)),
      });
    }
  }
  return [...items, ...runsOf(groups.filter((group) => !placed.has(group)).map(category)), ...objectsCategory];
}
