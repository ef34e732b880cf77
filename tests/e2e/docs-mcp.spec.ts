// The docs MCP server (packages/vigil-docs-mcp) over the production build, started as an MCP client starts
// it (the SDK's client over stdio): its tools, its search against the site's own search box in the browser,
// its pages and operations against the files of build/, and its answers to bad input.
import {readFileSync} from 'node:fs';
import {operationsOf} from '../../src/openapi';
import {contentPages, twinPath} from '../support/markdown-twins';
import {startDocsMcp, resultText, type DocsMcpClient, type ToolResult} from '../support/docs-mcp';
import {loadSpec} from '../support/openapi';
import {SEARCH_QUESTIONS} from '../support/search-questions';
import {suggestedPages} from '../support/search-box';
import {BASE_URL, expect, openPage, test} from '../support/site';

/** The file of build/ behind a site path (`/docs/intro.md` -> build/intro.md). */
function builtFile(sitePath: string): Buffer {
  return readFileSync(`build/${sitePath.slice(BASE_URL.length)}`);
}

/** A tool result's text, checked to be no error. */
function ok(result: ToolResult, what: string): string {
  expect(result.isError ?? false, `${what}: ${result.content[0]?.text}`).toBe(false);
  return resultText(result);
}

/** One question in five of the relevance set (11 of 52, of every kind), for the comparison with the search box. */
const QUESTIONS = SEARCH_QUESTIONS.filter((_, index) => index % 5 === 0);

let server: DocsMcpClient;
test.beforeAll(async () => {
  server = await startDocsMcp('build');
});
test.afterAll(async () => {
  await server?.close();
});

test('the server lists its four tools, each with an input schema', async () => {
  const {tools} = await server.listTools();
  expect(tools.map((tool) => tool.name).sort()).toEqual([
    'get_operation',
    'list_operations',
    'read_page',
    'search_docs',
  ]);
  for (const tool of tools) {
    expect(tool.inputSchema.type, tool.name).toBe('object');
    expect(tool.description, tool.name).toBeTruthy();
  }
  const schema = (name: string) => tools.find((tool) => tool.name === name)!.inputSchema;
  expect(schema('search_docs').required).toEqual(['query']);
  expect(schema('search_docs').properties?.section?.enum).toEqual(['Docs', 'API', 'Blog']);
  expect(schema('read_page').required).toEqual(['path']);
  expect(Object.keys(schema('get_operation').properties ?? {}).sort()).toEqual(['method', 'operationId', 'path']);
  expect(Object.keys(schema('list_operations').properties ?? {})).toEqual(['tag']);
});

test(`search_docs gives the pages of the site's search box, in its order, for ${QUESTIONS.length} questions of the relevance set`, async ({
  page,
}) => {
  test.setTimeout(90_000);
  expect(QUESTIONS.length).toBeGreaterThanOrEqual(10);
  for (const {query} of QUESTIONS) {
    // Each question in a page just opened, as the server answers each as the first search of a page (what a
    // word matches depends on the index chunks earlier searches loaded: restartPagefind in src/components/SiteSearch).
    await openPage(page, '/docs/intro');
    // The suggestions link to the heading a page matched under: the page is the link without its anchor.
    const suggested = (await suggestedPages(page, query)).map((href) => href.replace(/#.*$/, ''));
    expect(suggested.length, query).toBeGreaterThan(0);
    const result = await server.callTool({name: 'search_docs', arguments: {query, limit: suggested.length}});
    ok(result, query);
    const found = result.structuredContent as {results: Array<{url: string; markdown: string}>};
    expect(
      found.results.map((item) => item.url),
      `"${query}": the search box's suggestions, in order`,
    ).toEqual(suggested);
    expect(found.results[0].markdown, query).toBe(twinPath(suggested[0]));
  }
});

test('search_docs answers a query the same whatever was searched before', async () => {
  const search = async (query: string) =>
    (await server.callTool({name: 'search_docs', arguments: {query}})).structuredContent;
  const first = await search('databriks sql warehouse grants');
  expect(first).toMatchObject({corrected: 'databricks sql warehouse grants'});
  // In a page that searched "data" before, Pagefind has loaded the chunks of the words starting so, and
  // "databriks" then matches some of them instead of being corrected.
  await search('data');
  expect(await search('databriks sql warehouse grants')).toEqual(first);
});

test('read_page returns the Markdown version of a doc, an API page, a blog post and a Markdown page byte for byte', async () => {
  const pages = contentPages();
  const samples = (['doc', 'api', 'blog-post', 'markdown-page'] as const).map(
    (kind) => pages.find((item) => item.kind === kind)!.path,
  );
  const indexDoc = pages.find((item) => item.kind === 'doc' && item.path.endsWith('/') && item.path !== BASE_URL)!.path;
  for (const path of [...samples, indexDoc]) {
    const markdown = ok(await server.callTool({name: 'read_page', arguments: {path}}), path);
    expect(
      Buffer.from(markdown, 'utf8').equals(builtFile(twinPath(path))),
      `${path}: the bytes of build${twinPath(path).slice(BASE_URL.length - 1)}`,
    ).toBe(true);
  }
  // The same page named as a URL, as its Markdown path and without the base path.
  const [doc] = samples;
  const expected = builtFile(twinPath(doc)).toString('utf8');
  for (const asked of [`https://vigil.example${doc}#anchor`, twinPath(doc), doc.slice(BASE_URL.length)]) {
    expect(ok(await server.callTool({name: 'read_page', arguments: {path: asked}}), asked), asked).toBe(expected);
  }
});

test('get_operation returns the Markdown version of every operation byte for byte, by operationId or by method and path', async () => {
  const operations = operationsOf(loadSpec());
  for (const operation of operations) {
    const twin = `${BASE_URL}api/${operation.slug}.md`;
    const markdown = ok(
      await server.callTool({name: 'get_operation', arguments: {operationId: operation.operationId}}),
      operation.operationId,
    );
    expect(
      Buffer.from(markdown, 'utf8').equals(builtFile(twin)),
      `${operation.operationId}: the bytes of ${twin}`,
    ).toBe(true);
  }
  for (const operation of operations.slice(0, 10)) {
    const markdown = ok(
      await server.callTool({
        name: 'get_operation',
        arguments: {method: operation.method.toUpperCase(), path: operation.path},
      }),
      `${operation.method} ${operation.path}`,
    );
    expect(markdown, `${operation.method} ${operation.path}`).toContain(`Operation id \`${operation.operationId}\``);
  }
  // A concrete path, with the server's base path, finds its template.
  const withId = operations.find((operation) => operation.method === 'get' && /\{[^}]+\}$/.test(operation.path))!;
  const concrete = `/api/v1${withId.path.replace(/\{[^}]+\}/g, 'abc_12345678')}`;
  expect(
    ok(await server.callTool({name: 'get_operation', arguments: {method: 'get', path: concrete}}), concrete),
  ).toContain(`Operation id \`${withId.operationId}\``);

  const listed = await server.callTool({name: 'list_operations', arguments: {}});
  ok(listed, 'list_operations');
  const all = (listed.structuredContent as {operations: Array<{operationId: string; markdown: string; tag: string}>})
    .operations;
  expect(all.map((item) => item.operationId)).toEqual(operations.map((operation) => operation.operationId));
  expect(all.map((item) => item.markdown)).toEqual(
    operations.map((operation) => `${BASE_URL}api/${operation.slug}.md`),
  );
  const tag = operations[0].tag!;
  const tagged = await server.callTool({name: 'list_operations', arguments: {tag: tag.toUpperCase()}});
  expect(
    (tagged.structuredContent as {operations: Array<{operationId: string}>}).operations.map((item) => item.operationId),
  ).toEqual(operations.filter((operation) => operation.tags.includes(tag)).map((operation) => operation.operationId));
});

test('bad input gets a tool error that says what to do, and the server keeps answering', async () => {
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['search_docs', {query: ''}, /query is empty/],
    ['search_docs', {query: '   '}, /query is empty/],
    ['search_docs', {query: '?!'}, /holds no word/],
    ['search_docs', {}, /query/],
    ['search_docs', {query: 'snowflake', section: 'Everything'}, /section/],
    ['search_docs', {query: 'snowflake', limit: 0}, /limit/],
    ['read_page', {path: ''}, /path is empty/],
    [
      'read_page',
      {path: '/docs/no-such-page'},
      /No page of the site has a Markdown version at \/docs\/no-such-page\.md/,
    ],
    ['read_page', {path: '/docs/../../etc/passwd'}, /No page of the site/],
    ['read_page', {path: '/docs/pagefind/pagefind.js'}, /No page of the site/],
    ['get_operation', {}, /Give an operationId/],
    ['get_operation', {operationId: 'getDatset'}, /no operation "getDatset"\. Did you mean "getDataset"\?/],
    ['get_operation', {method: 'FETCH', path: '/datasets'}, /not an HTTP method/],
    ['get_operation', {method: 'GET', path: '/no-such-path'}, /no path \/no-such-path/],
    [
      'get_operation',
      {method: 'PUT', path: '/datasets'},
      /no PUT operation on \/datasets\. That path has: GET \/datasets/,
    ],
    ['list_operations', {tag: 'No such tag'}, /no tag "No such tag"\. Its tags: /],
  ];
  for (const [name, args, message] of cases) {
    const result = await server.callTool({name, arguments: args});
    expect(result.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
    expect(resultText(result), `${name} ${JSON.stringify(args)}`).toMatch(message);
  }
  expect((await server.listTools()).tools).toHaveLength(4);
  expect(server.log()).not.toMatch(/Error|at .*\.js:\d+/);
});

test('over the site URL (GET requests to nginx), it answers as over the build folder', async ({baseURL}) => {
  const remote = await startDocsMcp(`${baseURL}${BASE_URL}`);
  try {
    const query = QUESTIONS[1].query;
    const [overUrl, overFolder] = await Promise.all(
      [remote, server].map(
        async (client) => (await client.callTool({name: 'search_docs', arguments: {query}})).structuredContent,
      ),
    );
    expect(overUrl).toEqual(overFolder);
    const operationId = operationsOf(loadSpec())[0].operationId;
    for (const [name, args] of [
      ['read_page', {path: `${BASE_URL}intro`}],
      ['get_operation', {operationId}],
    ] as const) {
      expect(ok(await remote.callTool({name, arguments: args}), name)).toBe(
        ok(await server.callTool({name, arguments: args}), name),
      );
    }
    const missing = await remote.callTool({name: 'read_page', arguments: {path: '/docs/no-such-page'}});
    expect(missing.isError).toBe(true);
  } finally {
    await remote.close();
  }
});
