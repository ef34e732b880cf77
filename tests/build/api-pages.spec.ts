// The API pages of the build against the OpenAPI file, read from build/ and the generated sidebar.
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import apiSidebar from '../../api/sidebar';
import {loadSpec, operationsOf, tagSlug, type JsonObject} from '../support/openapi';
import {expect, test} from '@playwright/test';

const spec = loadSpec();
const operations = operationsOf(spec);
const tags = (spec.tags as JsonObject[]).map((tag) => String(tag.name));

type SidebarItem = {type: string; id?: string; items?: SidebarItem[]};
function docIds(items: SidebarItem[]): string[] {
  return items.flatMap((item) => [...(item.id ? [item.id] : []), ...docIds(item.items ?? [])]);
}

test.describe('generated pages match the OpenAPI file one to one', () => {
  test('every operation has exactly one built page, and every built API page comes from the file', () => {
    const built = readdirSync('build/api', {withFileTypes: true})
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const expected = [...operations.map((op) => op.slug), ...tags.map(tagSlug)];
    expect(built.sort()).toEqual([...new Set(expected)].sort());
    expect(new Set(operations.map((op) => op.slug)).size).toBe(operations.length);
    expect(existsSync('build/api/index.html')).toBe(true);
    for (const op of operations) {
      const html = readFileSync(`build/api/${op.slug}/index.html`, 'utf8');
      expect(html, op.operationId).toContain(`>${op.summary}</h1>`);
    }
  });

  test('every operation is in the openapi sidebar, grouped under its tag', () => {
    const ids = docIds(apiSidebar as SidebarItem[]);
    for (const op of operations) {
      expect(ids.filter((id) => id === op.slug), op.operationId).toHaveLength(1);
    }
    const categories = (apiSidebar as Array<SidebarItem & {label?: string}>).filter((item) => item.type === 'category');
    expect(categories.map((category) => category.label)).toEqual(tags.filter((tag) => operations.some((op) => op.tags[0] === tag)));
    for (const category of categories) {
      const inCategory = docIds(category.items ?? []);
      const expectedIds = operations.filter((op) => op.tags[0] === (category as {label?: string}).label).map((op) => op.slug);
      expect(inCategory.sort()).toEqual(expectedIds.sort());
    }
  });
});
