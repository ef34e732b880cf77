import {expect, test} from '@playwright/test';
import sidebars from '../../sidebars';
import {codeBlocks, docId, docTags, markdownFiles, markdownLinks, withoutCode} from '../support/content';
import {anchorSegment, deref, operationsOf} from '../../src/openapi';
import {loadSpec} from '../support/openapi';
import {sidebarDocIds, type SidebarItem as Item} from '../../src/utils/sidebar';

const docs = markdownFiles('docs');
const allowedTags = new Set(Object.keys(docTags));
const spec = loadSpec();
const apiPages = new Set(operationsOf(spec).map((operation) => `/api/${operation.slug}`));

const sidebarItems = (sidebars as unknown as {docs: Item[]}).docs;

test('at least 35 doc pages, all of them in the one docs sidebar, in the specified section order', () => {
  expect(docs.length).toBeGreaterThanOrEqual(35);
  expect(sidebarDocIds(sidebarItems).sort()).toEqual(docs.map((doc) => docId(doc.file)).sort());
  const sections = sidebarItems.map((item) => (typeof item === 'string' ? item : item.label));
  expect(sections).toEqual(['intro', 'Configure Datastore', 'Data Catalog', 'Features', 'Pipelines and CI', 'Product']);
});

for (const doc of docs) {
  test(`${doc.file}: front matter, structure and links`, () => {
    const {title, description, tags} = doc.frontMatter;
    expect(typeof title === 'string' && title.length > 3, 'title').toBe(true);
    expect(
      typeof description === 'string' && description.length >= 50 && description.length <= 220,
      `description (${String(description).length} chars)`,
    ).toBe(true);
    expect(Array.isArray(tags) && tags.length > 0, 'tags').toBe(true);
    for (const tag of tags as string[]) expect(allowedTags.has(tag), `tag ${tag} is in docs/tags.yml`).toBe(true);
    const prose = withoutCode(doc.body);
    expect(prose, 'no h1 in the body: the title is the h1').not.toMatch(/^# /m);
    expect((prose.match(/^## /gm) ?? []).length, 'h2 sections').toBeGreaterThanOrEqual(2);
    expect(markdownLinks(doc.body).length, 'links to related pages').toBeGreaterThanOrEqual(1);
    expect(prose).not.toMatch(/lorem ipsum|coming soon|\bTODO\b|\bTBD\b/i);
    for (const block of codeBlocks(doc.body)) {
      expect(block.language, `code block at line ${block.line} has a language`).not.toBe('');
    }
  });
}

const DATASTORE_PAGES: Record<string, string> = {
  snowflake: 'SnowflakeConnection',
  bigquery: 'BigQueryConnection',
  databricks: 'DatabricksConnection',
  redshift: 'RedshiftConnection',
  postgresql: 'PostgresConnection',
  mysql: 'MySqlConnection',
  s3: 'S3Connection',
  kafka: 'KafkaConnection',
};
const DATASTORE_SECTIONS = [
  'Prerequisites',
  'Grant access',
  'Connection fields',
  'Store the credential as a secret',
  'Allow network access',
  'Create the datastore',
  'Test the connection',
  'Troubleshooting',
];

/** A table cell's text: Markdown links reduced to their text, backticks removed. */
function cellText(cell: string): string {
  return cell
    .trim()
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '');
}

for (const [page, schemaName] of Object.entries(DATASTORE_PAGES)) {
  test(`configuring-datastore/${page}: every section, and a field table that matches ${schemaName}`, () => {
    const doc = docs.find((candidate) => docId(candidate.file) === `configuring-datastore/${page}`);
    expect(doc, `docs/configuring-datastore/${page}.md exists`).toBeDefined();
    const body = withoutCode(doc!.body);
    const headings = [...body.matchAll(/^## (.+)$/gm)].map((match) => match[1].trim());
    expect(headings).toEqual(expect.arrayContaining(DATASTORE_SECTIONS));
    const section = body.split(/^## Connection fields\s*$/m)[1].split(/^## /m)[0];
    const rows = section
      .split('\n')
      .filter((line) => /^\|/.test(line))
      .slice(2);
    const fields = rows.map((row) => cellText(row.split('|')[1]));
    const schema = deref(spec, spec.components.schemas[schemaName])!;
    expect(fields.sort()).toEqual(Object.keys(schema.properties).sort());
    const required = new Set<string>(schema.required ?? []);
    for (const row of rows) {
      const [name, type, requiredCell] = row.split('|').slice(1, 4).map(cellText);
      const link = /\]\(([^)\s]+)\)/.exec(row.split('|')[1])?.[1];
      if (link) {
        const [target, anchor = ''] = link.split('#');
        expect(apiPages.has(target), `the link of ${name} (${link}) points at an API operation page`).toBe(true);
        expect(
          anchor.endsWith(`-${anchorSegment(name)}`),
          `the link of ${name} (${link}) ends with the field's anchor`,
        ).toBe(true);
      }
      if (required.has(name))
        expect(requiredCell.toLowerCase(), `${name} is required in ${schemaName}`).toMatch(/^yes/);
      expect(type.length, `${name} has a type`).toBeGreaterThan(0);
    }
    expect(doc!.body).toMatch(/\]\(\/api\/create-datastore\)/);
  });
}
