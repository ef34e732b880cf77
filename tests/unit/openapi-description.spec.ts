import {expect, test} from '@playwright/test';
import {deref, operationsOf, type JsonObject} from '../../src/openapi';
import {loadSpec} from '../support/openapi';
import {allowsType} from '../support/schema-validator';

const spec = loadSpec();
const operations = operationsOf(spec);

/** Operation groups the API reference must cover (issue: API reference), by operationId. */
const REQUIRED_OPERATIONS = [
  ...[
    'Datastore',
    'Database',
    'Dataset',
    'Domain',
    'DataContract',
    'Job',
    'ProfileTask',
    'QualityTask',
    'RuleTask',
    'User',
    'Account',
    'Secret',
  ].flatMap((entity) => [`create${entity}`, `get${entity}`, `update${entity}`, `delete${entity}`]),
  'deactivateUser',
  ...[
    'Users',
    'Datastores',
    'Datasets',
    'Domains',
    'DataContracts',
    'JobExecutions',
    'RunningJobExecutions',
    'JobErrors',
    'DataErrors',
  ].map((list) => `list${list}`),
  'autocompleteDatasetIds',
  'setProfileTaskStatus',
  'setRuleTaskStatus',
  'setQualityTaskStatus',
  'setDataContractStatus',
  'getDatasetMetrics',
  'getHistogramMetrics',
  'getColumnBitmap',
  'getAggregatedBitmap',
  'listDatasetAlerts',
  'triggerCatalogSync',
  'getCatalogSyncStatus',
  'searchSnowflakeMarketplace',
  'onboardSnowflakeMarketplaceDataset',
  'searchKaggleDatasets',
  'onboardKaggleDataset',
  'checkDatabricksClusterJob',
  'checkDatabricksServerlessJob',
  'checkEmrClusterJob',
  'checkEmrServerlessJob',
  'setDatasetWatermark',
  'setJobStatus',
  'setStreamingInterval',
  'setQualityScoreConfig',
  'getAuthConfig',
  'getBrowserExtensionConfig',
  'getCurrentUser',
  'getCurrentAccount',
  'readSecretValue',
  'submitFeedback',
];

test('between 95 and 110 operations, each with a unique operationId, one tag, a summary and a description', () => {
  expect(operations.length).toBeGreaterThanOrEqual(95);
  expect(operations.length).toBeLessThanOrEqual(110);
  expect(new Set(operations.map((op) => op.operationId)).size).toBe(operations.length);
  const declaredTags = new Set((spec.tags as JsonObject[]).map((tag) => tag.name));
  for (const op of operations) {
    expect(op.tags, op.operationId).toHaveLength(1);
    expect(declaredTags.has(op.tags[0]), `${op.operationId} tag ${op.tags[0]} is declared`).toBe(true);
    expect(op.summary.length, `${op.operationId} summary`).toBeGreaterThan(5);
    expect(op.description.length, `${op.operationId} description`).toBeGreaterThan(60);
  }
});

test('every operation group of the specification is covered', () => {
  const ids = new Set(operations.map((op) => op.operationId));
  expect(REQUIRED_OPERATIONS.filter((id) => !ids.has(id))).toEqual([]);
});

test('parameters are typed, described and have examples', () => {
  for (const op of operations) {
    for (const raw of op.definition.parameters ?? []) {
      const parameter = deref(spec, raw) as JsonObject;
      const where = `${op.operationId} ${parameter.in} ${parameter.name}`;
      expect(parameter.schema?.type ?? deref(spec, parameter.schema)?.type, where).toBeTruthy();
      expect(parameter.description, where).toBeTruthy();
      // An example of its own: the parameter's `example` or `examples`, else its schema's (`examples` in 3.1, `example` in 3.0).
      const schema = deref(spec, parameter.schema) ?? {};
      expect(parameter.example ?? parameter.examples ?? schema.examples?.[0] ?? schema.example, where).toBeDefined();
    }
  }
});

test('bodies and responses use named schemas; errors are problem+json with the statuses that apply', () => {
  for (const op of operations) {
    const body = op.definition.requestBody && deref(spec, op.definition.requestBody);
    if (body) {
      expect(body.content['application/json'].schema.$ref, `${op.operationId} request body`).toMatch(
        /^#\/components\/schemas\//,
      );
    }
    const responses = op.definition.responses as JsonObject;
    const statuses = Object.keys(responses);
    expect(
      statuses.some((status) => /^2\d\d$/.test(status)),
      `${op.operationId} has a 2xx`,
    ).toBe(true);
    for (const status of statuses) {
      const response = deref(spec, responses[status]) as JsonObject;
      const content = response.content as JsonObject | undefined;
      if (/^2\d\d$/.test(status) && content?.['application/json']) {
        expect(content['application/json'].schema.$ref, `${op.operationId} ${status}`).toMatch(
          /^#\/components\/schemas\//,
        );
      }
      if (/^[45]\d\d$/.test(status)) {
        expect(Object.keys(content ?? {}), `${op.operationId} ${status}`).toEqual(['application/problem+json']);
      }
    }
    expect(statuses, `${op.operationId} error statuses`).toContain('429');
    // Every operation but the public auth configuration needs a token of a role that allows it.
    if (op.operationId !== 'getAuthConfig') {
      expect(statuses, op.operationId).toEqual(expect.arrayContaining(['401', '403']));
    }
    if (/\{[a-z_]+_id\}/.test(op.path)) expect(statuses, `${op.operationId} has 404`).toContain('404');
    if (body) expect(statuses, `${op.operationId} has 400 or 422`).toEqual(expect.arrayContaining(['422']));
    const tooMany = deref(spec, responses['429']) as JsonObject;
    expect(Object.keys(tooMany.headers ?? {}), `${op.operationId} 429 headers`).toContain('Retry-After');
  }
});

test('bearer authentication applies globally; only the auth configuration is public', () => {
  expect(spec.security).toEqual([{bearerAuth: []}]);
  expect(spec.components.securitySchemes.bearerAuth).toMatchObject({type: 'http', scheme: 'bearer'});
  const publicOps = operations.filter(
    (op) => Array.isArray(op.definition.security) && op.definition.security.length === 0,
  );
  expect(publicOps.map((op) => op.operationId)).toEqual(['getAuthConfig']);
  expect(spec.servers[0].url).toBe('https://{instance}.vigil.example/api/v1');
  expect(spec.servers[0].variables.instance.default).toBeTruthy();
});

test('the info description is the API root page: authentication, base URL, errors, pagination, rate limits, versioning', () => {
  const headings = [...String(spec.info.description).matchAll(/^## (.+)$/gm)].map((match) => match[1]);
  for (const section of ['Authentication', 'Base URL', 'Errors', 'Pagination', 'Rate limits', 'Versioning']) {
    expect(headings).toContain(section);
  }
});

test('schemas reject unknown fields and describe every property', () => {
  const schemas = spec.components.schemas as Record<string, JsonObject>;
  for (const [name, schema] of Object.entries(schemas)) {
    if (!allowsType(schema, 'object')) continue;
    expect(schema.additionalProperties, `${name}.additionalProperties`).toBe(false);
    for (const [property, definition] of Object.entries<JsonObject>(schema.properties ?? {})) {
      expect(definition.description ?? deref(spec, definition)?.description, `${name}.${property}`).toBeTruthy();
    }
  }
  expect(
    schemas.DataContract.properties.status.enum ?? deref(spec, schemas.DataContract.properties.status)?.enum,
  ).toEqual(['draft', 'active', 'violated', 'deprecated']);
  expect(
    schemas.CatalogSync.properties.status.enum ?? deref(spec, schemas.CatalogSync.properties.status)?.enum,
  ).toEqual(['queued', 'running', 'succeeded', 'failed']);
});
