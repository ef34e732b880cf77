import {expect, test} from '@playwright/test';
import {loadOpenApiDescription, operationsOf, pageMarkdown, pageModel, requestSamples} from '../../src/openapi';
import {OPENAPI_FIXTURES} from '../support/api-generator';

// What no description of the corpus (tests/fixtures/openapi-corpus) uses, on a fixture of its own.
test("a parameter described by content shows its media type, and its example is sent as JSON; a path item's servers win", async () => {
  const file = `${OPENAPI_FIXTURES}/content-parameter-and-path-servers.yaml`;
  const spec = loadOpenApiDescription(file);
  const [operation] = operationsOf(spec, file);
  expect(operation.server).toBe('https://exports.acme.example/v2');
  const model = pageModel(spec, operation, file);
  const [filter] = model.parameters[0].fields;
  expect(filter).toMatchObject({id: 'query-filter', name: 'filter', type: 'object', required: true});
  expect(filter.facts).toContainEqual(['Sent as ', {code: 'application/json'}, '.']);
  const markdown = await pageMarkdown(model, {
    pageUrl: 'https://docs.example/api/list-exports',
    serverUrl: operation.server,
    formatDescription: async (text) => text,
  });
  expect(markdown).toContain('- `filter` (`object`, required): The exports to list, as a JSON object.');
  expect(markdown).toContain('Sent as `application/json`.');
  const curl = requestSamples(spec, operation).find((sample) => sample.id === 'curl')!.code;
  expect(curl).toContain(
    `https://exports.acme.example/v2/exports?filter=${encodeURIComponent(JSON.stringify({status: 'done'}))}`,
  );
});
