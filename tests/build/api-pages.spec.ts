// The API pages of the build against the OpenAPI file, read from build/ and the generated sidebar.
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import apiSidebar from '../../api/sidebar';
import {expect, test} from '@playwright/test';
import {apiPageSlug, operationsOf, type JsonObject} from '../../src/openapi';
import {sidebarDocIds, type SidebarItem} from '../../src/utils/sidebar';
import {loadSpec} from '../support/openapi';

const spec = loadSpec();
const operations = operationsOf(spec);
const tags = (spec.tags as JsonObject[]).map((tag) => String(tag.name));

test.describe('generated pages match the OpenAPI file one to one', () => {
  test('every operation has exactly one built page, and every built API page comes from the file', () => {
    const built = readdirSync('build/api', {withFileTypes: true})
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const expected = [...operations.map((op) => op.slug), ...tags.map(apiPageSlug)];
    expect(built.sort()).toEqual([...new Set(expected)].sort());
    expect(new Set(operations.map((op) => op.slug)).size).toBe(operations.length);
    expect(existsSync('build/api/index.html')).toBe(true);
    for (const op of operations) {
      const html = readFileSync(`build/api/${op.slug}/index.html`, 'utf8');
      expect(html, op.operationId).toContain(`>${op.summary}</h1>`);
    }
  });

  test('every operation is in the openapi sidebar, grouped under its tag', () => {
    const ids = sidebarDocIds(apiSidebar as SidebarItem[]);
    for (const op of operations) {
      expect(ids.filter((id) => id === op.slug), op.operationId).toHaveLength(1);
    }
    const categories = (apiSidebar as SidebarItem[]).filter((item): item is Extract<SidebarItem, {type: 'category'}> => typeof item !== 'string' && item.type === 'category');
    expect(categories.map((category) => category.label)).toEqual(tags.filter((tag) => operations.some((op) => op.tags[0] === tag)));
    for (const category of categories) {
      const inCategory = sidebarDocIds(category.items);
      const expectedIds = operations.filter((op) => op.tags[0] === category.label).map((op) => op.slug);
      expect(inCategory.sort()).toEqual(expectedIds.sort());
    }
  });
});
