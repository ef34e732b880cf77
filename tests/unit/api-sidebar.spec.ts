// The API sidebar's lists stay short however large the description: a tag's operations, the objects and the tags'
// categories themselves are split into runs of at most PAGES_PER_CATEGORY, named by their first and last entry, so a
// page's HTML (which holds the top level and the open category) does not grow with every tag and operation.
import {expect, test} from '@playwright/test';
import {apiPagesOf, type JsonObject} from '../../src/openapi';
import {apiGroups, apiSidebar, PAGES_PER_CATEGORY, type ApiSidebarItem} from '../../src/plugins/api-reference/groups';

type Category = Extract<ApiSidebarItem, {type: 'category'}>;

/** A description of `tags` tags (`Tag 001`...), each with `perTag` operations, and one tag with `bigTag` more. */
function description({
  tags,
  perTag,
  bigTag = 0,
  tagGroups,
}: {
  tags: number;
  perTag: number;
  bigTag?: number;
  tagGroups?: JsonObject[];
}) {
  const names = Array.from({length: tags}, (_, index) => `Tag ${String(index + 1).padStart(3, '0')}`);
  const paths: JsonObject = {};
  const operation = (tag: string, index: number) => ({
    get: {
      operationId: `${tag.replace(' ', '')}Op${index}`,
      summary: `${tag} operation ${index}`,
      tags: [tag],
      responses: {'200': {description: 'OK'}},
    },
  });
  for (const name of names)
    for (let index = 0; index < perTag; index += 1)
      paths[`/${name.replace(' ', '-')}/${index}`] = operation(name, index);
  for (let index = 0; index < bigTag; index += 1) paths[`/big/${index}`] = operation('Big', index);
  const spec: JsonObject = {
    openapi: '3.1.0',
    info: {title: 'Runs API', version: '1'},
    tags: [...names.map((name) => ({name})), ...(bigTag ? [{name: 'Big'}] : [])],
    paths,
    ...(tagGroups ? {'x-tagGroups': tagGroups} : {}),
  };
  return spec;
}

function sidebarOf(spec: JsonObject): ApiSidebarItem[] {
  return apiSidebar(spec, apiGroups(spec, apiPagesOf(spec)));
}

/** Every list of the sidebar (the top level, each category's items), with the label of the category holding it. */
function lists(items: ApiSidebarItem[], label = '(top level)'): Array<{label: string; length: number}> {
  return [
    {label, length: items.length},
    ...items.flatMap((item) => (item.type === 'category' ? lists(item.items, item.label) : [])),
  ];
}

/** The labels of the tags' categories, in sidebar order, whatever runs hold them. */
function tagLabels(items: ApiSidebarItem[]): string[] {
  return items.flatMap((item) => (item.type !== 'category' ? [] : item.link ? [item.label] : tagLabels(item.items)));
}

test('past 100 tags, the top level lists runs of tags named by their first and last tag, each tag once', () => {
  const spec = description({tags: 250, perTag: 1});
  const sidebar = sidebarOf(spec);
  const runs = sidebar.filter((item): item is Category => item.type === 'category');
  expect(runs.map((run) => run.label)).toEqual(['Tag 001 – Tag 084', 'Tag 085 – Tag 168', 'Tag 169 – Tag 250']);
  expect(runs.every((run) => run.collapsed)).toBe(true);
  expect(tagLabels(sidebar)).toEqual((spec.tags as JsonObject[]).map((tag) => tag.name));
  for (const list of lists(sidebar)) expect(list.length, list.label).toBeLessThanOrEqual(PAGES_PER_CATEGORY);
});

test('up to 100 tags, each tag is a category of the top level', () => {
  const sidebar = sidebarOf(description({tags: PAGES_PER_CATEGORY, perTag: 2}));
  const categories = sidebar.filter((item): item is Category => item.type === 'category');
  expect(categories).toHaveLength(PAGES_PER_CATEGORY);
  expect(categories.every((category) => category.link?.id)).toBe(true);
});

test('a tag of more than 100 operations lists runs of them, named by their first and last page', () => {
  const sidebar = sidebarOf(description({tags: 2, perTag: 3, bigTag: 230}));
  const big = sidebar.find((item): item is Category => item.type === 'category' && item.label === 'Big')!;
  expect(big.items.map((item) => (item.type === 'category' ? item.label : item.id))).toEqual([
    'Big operation 0 – Big operation 76',
    'Big operation 77 – Big operation 153',
    'Big operation 154 – Big operation 229',
  ]);
  for (const list of lists(sidebar)) expect(list.length, list.label).toBeLessThanOrEqual(PAGES_PER_CATEGORY);
});

test('with x-tagGroups, a group of more than 100 tags lists runs of them; the tags outside any group too', () => {
  const spec = description({
    tags: 320,
    perTag: 1,
    tagGroups: [
      {name: 'First', tags: Array.from({length: 150}, (_, index) => `Tag ${String(index + 1).padStart(3, '0')}`)},
    ],
  });
  const sidebar = sidebarOf(spec);
  const top = sidebar.filter((item): item is Category => item.type === 'category');
  expect(top.map((item) => item.label)).toEqual(['First', 'Tag 151 – Tag 235', 'Tag 236 – Tag 320']);
  expect(top[0].items.map((item) => (item as Category).label)).toEqual(['Tag 001 – Tag 075', 'Tag 076 – Tag 150']);
  expect(tagLabels(sidebar)).toEqual((spec.tags as JsonObject[]).map((tag) => tag.name));
  for (const list of lists(sidebar)) expect(list.length, list.label).toBeLessThanOrEqual(PAGES_PER_CATEGORY);
});
