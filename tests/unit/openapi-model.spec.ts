// cspell:ignore creer Créer créer nguoi người dùng
import {expect, test} from '@playwright/test';
import {
  apiPagesOf,
  apiPageSlug,
  loadOpenApiDescription,
  operationsOf,
  pageMarkdown,
  pageModel,
  requestSamples,
} from '../../src/openapi';
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
    apiBase: 'https://docs.example/api/',
    serverUrl: operation.server,
    origin: 'https://docs.example',
    baseUrl: '/docs/',
  });
  expect(markdown).toContain('- `filter` (`object`, required): The exports to list, as a JSON object.');
  expect(markdown).toContain('Sent as `application/json`.');
  const curl = requestSamples(spec, operation).find((sample) => sample.id === 'curl')!.code;
  expect(curl).toContain(
    `https://exports.acme.example/v2/exports?filter=${encodeURIComponent(JSON.stringify({status: 'done'}))}`,
  );
});

test('every page has a title: its summary, else its operationId as written, else METHOD /path (a webhook: its name)', () => {
  const file = `${OPENAPI_FIXTURES}/titles-without-summary.yaml`;
  const spec = loadOpenApiDescription(file);
  expect(
    apiPagesOf(spec, file)
      .map((operation) => pageModel(spec, operation, file))
      .map(({id, title, operationId}) => [id, title, operationId]),
  ).toEqual([
    ['list-reports', 'listReports', 'listReports'],
    ['post-reports', 'POST /reports', undefined],
    // A summary of spaces is no title; without an operationId, the summary names the page.
    ['get-a-report', 'Get a report', undefined],
    ['delete-report', 'deleteReport', 'deleteReport'],
    ['report-ready', 'reportReady', undefined],
  ]);
  // The loaded description carries the titles as summaries: the API plugin titles its pages and sidebar with them.
  expect(spec.paths['/reports'].get.summary).toBe('listReports');
  expect(spec.paths['/reports'].post.summary).toBe('POST /reports');
  expect(spec.paths['/reports/{report_id}'].delete.summary).toBe('deleteReport');
  expect(spec.paths['/reports/{report_id}'].get.summary).toBe('Get a report');
  expect(spec.webhooks.reportReady.post.summary).toBe('reportReady');
});

test('operationIds with spaces, apostrophes, accents or other scripts give readable page ids, one page each', () => {
  const file = `${OPENAPI_FIXTURES}/non-ascii-operation-ids.yaml`;
  const spec = loadOpenApiDescription(file);
  const pages = apiPagesOf(spec, file);
  expect(
    pages.map(({method, path, slug, operationId, title}) => [`${method} ${path}`, slug, operationId, title]),
  ).toEqual([
    ['get /pets', 'list-users-pets', "List user's pets", 'List the pets of a user'],
    ['post /accounts', 'creer-un-compte', 'Créer un compte', 'Create an account'],
    // `créerUnCompte` makes the same slug: the second page is named by its summary.
    ['post /accounts/import', 'import-an-account', 'créerUnCompte', 'Import an account'],
    ['get /users', 'ユーザー一覧', 'ユーザー一覧', 'List users'],
    // Vietnamese letters lose their diacritics (NFKD), which lodash's kebabCase keeps.
    ['delete /users/{user_id}', 'xoa-nguoi-dung', 'Xóa người dùng', 'Delete a user'],
    // An emoji has no slug and the operation no summary: its method and path name the page.
    ['post /launches', 'post-launches', '🚀', '🚀'],
  ]);
  // The API plugin names each page by the kebab-case of the operationId it reads: the same ids.
  expect(pages.map((page) => apiPageSlug(page.definition.operationId))).toEqual(pages.map((page) => page.slug));
  // The page model keeps the operationId the file gives, which the Markdown version names.
  expect(pageModel(spec, pages[4], file).operationId).toBe('Xóa người dùng');
});
