// The object pages of the API reference ("The Dataset object") and the rule that keeps every page small: an
// operation page lists two levels of fields (FIELD_DEPTH), an object page one (OBJECT_FIELD_DEPTH), and a named
// object deeper down is a link to its own page. Checked on a description written for it (every kind of schema that
// nests) and on Vigil's own description; tests/unit/openapi-corpus.spec.ts holds other organisations' to it.
import path from 'node:path';
import {expect, test} from '@playwright/test';
import type {ApiObjectData, ApiPageData, FieldData, ShapeData} from '../../src/openapi/render-page';
import type {ApiSidebarItem} from '../../src/plugins/api-reference/groups';
import {generateApiDocs, GENERATED_ORIGIN} from '../support/api-generator';
import {loadSpec} from '../support/openapi';
import {codeBlockText, pageDataModule} from '../support/openapi-corpus';

type Generated = ReturnType<typeof generateApiDocs>;

/** A page's data, as its module beside its MDX holds it. */
function dataOf<T>(generated: Generated, file: string): T {
  return pageDataModule(path.join(generated.outputDir, file)) as T;
}

/** Every field of a shape by its dotted path (`customer.address.city`), variants' fields under the variant's id. */
function fieldPaths(shape: ShapeData | undefined, prefix = ''): Map<string, FieldData> {
  const found = new Map<string, FieldData>();
  for (const field of shape?.fields ?? []) {
    found.set(`${prefix}${field.name}`, field);
    for (const [name, nested] of fieldPaths(field.nested, `${prefix}${field.name}.`)) found.set(name, nested);
  }
  for (const variant of shape?.variants?.items ?? [])
    for (const [name, nested] of fieldPaths(variant.shape, `${prefix}[${variant.id}].`)) found.set(name, nested);
  return found;
}

/** The links of a field's text (or a shape's own text), as `href`s. */
function linksOf(blocks: ApiObjectData['text'] | undefined): string[] {
  return (
    JSON.stringify(blocks ?? [])
      .match(/"href":"[^"]+"/g)
      ?.map((match) => match.slice(8, -1)) ?? []
  );
}

const OBJECT = (slug: string) => `/docs/api/objects/${slug}`;

test.describe('a description with nested named schemas', () => {
  let generated: Generated;
  test.beforeAll(() => {
    generated = generateApiDocs('object-pages.yaml');
    expect(generated.status, generated.output).toBe(0);
  });

  test('each named schema with fields that an operation or a webhook reaches has a page, and no other', () => {
    const objects = generated.build!.pages.filter((page) => page.kind === 'object');
    // Unused is reached by nothing; OrderCreate's, Order's, … through any depth, Geo through Address.
    expect(objects.map((page) => page.id)).toEqual(
      ['address', 'card', 'category', 'customer', 'geo', 'order', 'order-create', 'payment', 'transfer'].map(
        (slug) => `objects/${slug}`,
      ),
    );
    expect(objects.map((page) => page.title)).toContain('The Order object');
    expect(generated.build!.manifest.pages.find((page) => page.slug === 'objects/order')).toMatchObject({
      kind: 'object',
      schema: 'Order',
      page: 'api/objects/order',
      markdown: 'api/objects/order.md',
    });
    // After the operations and webhooks, in the order of their names.
    const sidebar = generated.build!.sidebar;
    const last = sidebar[sidebar.length - 1] as Extract<ApiSidebarItem, {type: 'category'}>;
    expect(last.label).toBe('Objects');
    expect(last.items.map((item) => (item.type === 'doc' ? item.label : ''))).toEqual(
      objects.map((page) =>
        page.id === 'objects/order-create' ? 'OrderCreate' : page.title.replace(/^The (.*) object$/, '$1'),
      ),
    );
  });

  test('an operation page lists two levels of fields and links each named object, deeper ones only linked', () => {
    const page = dataOf<ApiPageData>(generated, 'create-order.api.page.js');
    const response = fieldPaths(page.responses.responses[0].media[0].shape);
    // Order's fields, and its customer's: two levels.
    expect([...response.keys()]).toEqual(
      expect.arrayContaining(['id', 'customer', 'customer.name', 'customer.address', 'packaging']),
    );
    expect(linksOf(response.get('customer')!.text)).toContain(OBJECT('customer'));
    // The address is a third level: linked (through its `allOf` wrapper), its fields on its own page.
    expect(linksOf(response.get('customer.address')!.text)).toEqual([OBJECT('address')]);
    expect(response.has('customer.address.city')).toBe(false);
    // A schema without a name has no page: listed to any depth.
    expect(response.has('packaging.box.size.width_mm')).toBe(true);
    // A discriminated union's kinds are listed at the level of its field, each linked to its page.
    const payment = response.get('payment')!.nested!.variants!.items;
    expect(payment.map((variant) => variant.summary)).toEqual(['method = card: Card', 'method = transfer: Transfer']);
    expect(linksOf(payment[0].shape.text)).toEqual([OBJECT('card')]);
    expect(fieldPaths(payment[0].shape).has('last4')).toBe(true);
    // An expandable field (an id, or the object) is a level of its own: the customer is listed one level down.
    const owner = response.get('owner')!.nested!.variants!.items;
    expect(owner.map((variant) => variant.summary)).toEqual(['string', 'Customer']);
    // The request lists no read-only field, the response no write-only one.
    const request = fieldPaths(page.request.body!.media[0].shape);
    expect(request.has('note')).toBe(true);
    expect(response.has('note')).toBe(false);
    // The Markdown version says the same, with the links absolute.
    const markdown = generated.build!.pages.find((candidate) => candidate.id === 'create-order')!.markdown;
    expect(markdown).toContain(`See [the Address object](${GENERATED_ORIGIN}/docs/api/objects/address).`);
    expect(markdown).not.toContain('`city`');
  });

  test('an object page lists its fields in both directions, links the objects it holds, and says who uses it', () => {
    const order = dataOf<ApiObjectData>(generated, 'objects/order.object.page.js');
    const fields = fieldPaths(order.fields);
    expect(fields.get('id')!.flags).toEqual(['required', 'read-only']);
    expect(fields.get('id')!.id).toBe('order-id');
    // One level: the customer is linked, its fields are on its page.
    expect(linksOf(fields.get('customer')!.text)).toEqual([OBJECT('customer')]);
    expect(fields.has('customer.name')).toBe(false);
    expect(fields.has('packaging.box.size.width_mm')).toBe(true);
    expect(JSON.parse(order.example.tokens)).toBeTruthy();
    expect(JSON.stringify(order.example)).toContain('ord_123');
    expect(linksOf(order.operations)).toEqual(['/docs/api/create-order', '/docs/api/order-shipped']);
    const customer = dataOf<ApiObjectData>(generated, 'objects/customer.object.page.js');
    expect(linksOf(customer.objects)).toEqual([OBJECT('order')]);
    expect(linksOf(customer.operations)).toEqual(['/docs/api/create-order', '/docs/api/order-shipped']);
    // Geo is shown by no operation page (three levels down), only held by Address.
    const geo = dataOf<ApiObjectData>(generated, 'objects/geo.object.page.js');
    expect(geo.operations).toBeUndefined();
    expect(linksOf(geo.objects)).toEqual([OBJECT('address')]);
    // Recursion stops at the enclosing object.
    const category = generated.build!.pages.find((page) => page.id === 'objects/category')!.markdown;
    expect(category).toContain('- `children` (`array of Category`): Same fields as the enclosing `Category`.');
    expect(category).toMatch(/^# The Category object\n/);
    expect(category).toContain('## Example\n\n```json\n');
  });
});

test("Vigil's entities each have an object page with every field of openapi/vigil-api.yaml", () => {
  const generated = generateApiDocs(path.resolve('openapi/vigil-api.yaml'));
  expect(generated.status, generated.output).toBe(0);
  const schemas = loadSpec().components.schemas as Record<string, {properties?: Record<string, unknown>}>;
  const entities = [
    'Dataset',
    'Datastore',
    'Database',
    'Domain',
    'DataContract',
    'ProfileTask',
    'QualityTask',
    'RuleTask',
    'Job',
    'JobExecution',
    'DataError',
    'JobError',
    'Problem',
    'Alert',
    'User',
    'Account',
    'Secret',
    'CatalogSync',
    'BrowserExtensionConfig',
    'QualityScoreConfig',
  ];
  const manifest = generated.build!.manifest.pages.filter((page) => page.kind === 'object');
  for (const name of entities) {
    const page = manifest.find((candidate) => candidate.schema === name);
    expect(page, `${name} has an object page`).toBeTruthy();
    const data = dataOf<ApiObjectData>(generated, `${page!.slug}.object.page.js`);
    const markdown = generated.build!.pages.find((candidate) => candidate.id === page!.slug)!.markdown;
    const properties = Object.keys(schemas[name].properties ?? {});
    expect(properties.length, name).toBeGreaterThan(1);
    expect(data.fields.fields.map((field) => field.name)).toEqual(properties);
    for (const property of properties) expect(markdown, `${name}.${property}`).toContain(`- \`${property}\` (`);
  }
});

test.describe("object schemas as PagerDuty's description writes them", () => {
  let generated: Generated;
  test.beforeAll(() => {
    generated = generateApiDocs('object-shapes.yaml');
    expect(generated.status, generated.output).toBe(0);
  });
  const flagsOf = (file: string) =>
    new Map(
      [...fieldPaths(dataOf<ApiObjectData>(generated, file).fields)].map(([name, field]) => [name, field.flags ?? []]),
    );

  test('`required` beside an `allOf` of one schema, and in a nested `allOf`, marks the fields of the merged object', () => {
    // {allOf: [{properties: {id, name, data_type}}], required: [id, name]}
    const field = flagsOf('objects/custom-field.object.page.js');
    expect(field.get('id')).toContain('required');
    expect(field.get('name')).toContain('required');
    expect(field.get('data_type')).not.toContain('required');
    const onTheOperation = fieldPaths(
      dataOf<ApiPageData>(generated, 'get-field.api.page.js').responses.responses[0].media[0].shape,
    );
    expect(onTheOperation.get('name')!.flags).toContain('required');
    // AcknowledgerReference: allOf [Reference, {type}], Reference: allOf [{id, type, summary}, {required: [type, id]}].
    const acknowledger = flagsOf('objects/acknowledger-reference.object.page.js');
    expect(acknowledger.get('type')).toContain('required');
    expect(acknowledger.get('id')).toContain('required');
    expect(acknowledger.get('summary')).not.toContain('required');
  });

  test('a property named by the empty string shows as `""`, on the page and in its Markdown', () => {
    const notification = dataOf<ApiObjectData>(generated, 'objects/notification.object.page.js');
    expect(notification.fields.fields.map((field) => field.name)).toEqual(['id', 'type', 'started_at', '""']);
    const markdown = generated.build!.pages.find((page) => page.id === 'objects/notification')!.markdown;
    expect(markdown).toContain('- `""` (`string`)');
  });

  test('an object none of whose fields is required or has an example shows every field in its example', () => {
    const notification = dataOf<ApiObjectData>(generated, 'objects/notification.object.page.js');
    const example = JSON.parse(codeBlockText(notification.example).text) as Record<string, unknown>;
    // As the API returns it: read-only fields in, the enum's first value, a date-time.
    expect(Object.keys(example)).toEqual(['id', 'type', 'started_at', '']);
    expect(example.type).toBe('sms_notification');
    expect(example.started_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // An object with required fields keeps the rule of every example: those, and the documented ones.
    const field = JSON.parse(
      codeBlockText(dataOf<ApiObjectData>(generated, 'objects/custom-field.object.page.js').example).text,
    ) as Record<string, unknown>;
    expect(Object.keys(field)).toEqual(['id', 'name']);
  });
});

test("JSON Schema draft 3's `required: true`, where OpenAPI 3 has a list of names, marks no field required (ASI's description)", () => {
  const generated = generateApiDocs('required-as-boolean.yaml');
  expect(generated.status, generated.output).toBe(0);
  const body = dataOf<ApiPageData>(generated, 'bulk-load.api.page.js').request.body!.media[0].shape;
  expect(body!.fields.map((field) => [field.name, field.flags ?? []])).toEqual([['file_b64', []]]);
});
