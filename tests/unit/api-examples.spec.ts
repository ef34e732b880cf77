import {existsSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {codeBlocks, markdownFiles, markdownLinks} from '../support/content';
import {apiPagesOf, apiPageSlug, objectsOf} from '../../src/openapi';
import {loadSpec} from '../support/openapi';
import {createBodyValidator} from '../support/schema-validator';

const spec = loadSpec();
// Operations and webhooks: a webhook's request is the payload Vigil sends.
const operations = apiPagesOf(spec);
const byId = new Map(operations.map((op) => [op.operationId, op]));
const validate = createBodyValidator(spec);
const pages = [...markdownFiles('docs'), ...(existsSync('blog') ? markdownFiles('blog') : [])];

const TITLE = /^(\w+) (request|response)$/;

for (const page of pages) {
  const examples = codeBlocks(page.body).filter(
    (block) => block.language === 'json' && block.title && TITLE.test(block.title),
  );
  if (examples.length === 0) continue;
  test(`${page.file}: ${examples.length} JSON API examples match the OpenAPI schemas`, () => {
    const problems: string[] = [];
    for (const block of examples) {
      const [, operationId, kind] = TITLE.exec(block.title!)!;
      const op = byId.get(operationId);
      if (!op) {
        problems.push(`line ${block.line}: no operation or webhook "${operationId}" in the OpenAPI file`);
        continue;
      }
      let value: unknown;
      try {
        value = JSON.parse(block.code);
      } catch (error) {
        problems.push(`line ${block.line} (${block.title}): not JSON: ${(error as Error).message}`);
        continue;
      }
      const errors = validate(op, kind as 'request' | 'response', value);
      if (errors === undefined) problems.push(`line ${block.line}: ${operationId} has no JSON ${kind} body`);
      else if (errors.length > 0) problems.push(`line ${block.line} (${block.title}): ${errors.join('; ')}`);
    }
    expect(problems).toEqual([]);
  });
}

test('the example check rejects a misspelled field and a wrong enum value', () => {
  const create = byId.get('createDatastore')!;
  const valid = {
    name: 'Analytics warehouse',
    connection: {
      type: 'postgresql',
      host: 'db.internal.acme.io',
      database: 'analytics',
      user: 'vigil',
      secret_id: 'sec_4k8m2p9x',
    },
  };
  expect(validate(create, 'request', valid)).toEqual([]);
  expect(validate(create, 'request', {...valid, nmae: 'typo'})?.join()).toContain('nmae');
  expect(
    validate(create, 'request', {...valid, connection: {...valid.connection, ssl_mode: 'sometimes'}})?.length,
  ).toBeGreaterThan(0);
});

test('every link into the API reference opens an existing operation, webhook, tag or object page', () => {
  const slugs = new Set([
    ...operations.map((op) => op.slug),
    ...(spec.tags as Array<{name: string}>).map((tag) => apiPageSlug(tag.name)),
    ...objectsOf(spec, operations, 'openapi/vigil-api.yaml').list.map((object) => object.id),
  ]);
  const broken: string[] = [];
  let count = 0;
  for (const page of pages) {
    for (const link of markdownLinks(page.body)) {
      const match = /^(?:\/docs)?\/api(?:\/([^#?]*))?/.exec(link);
      if (!match) continue;
      count += 1;
      const slug = (match[1] ?? '').replace(/\/$/, '');
      if (slug !== '' && !slugs.has(slug)) broken.push(`${page.file}: ${link}`);
    }
  }
  expect(count).toBeGreaterThan(20);
  expect(broken).toEqual([]);
});
