import {existsSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {markdownFiles} from '../support/content';
import {
  type ApiMock,
  conventionBreaks,
  docsBodies,
  fixturePage,
  type PageRun,
  runPage,
  shellBlocks,
  startApiMock,
} from '../support/curl-examples';
import {loadSpec} from '../support/openapi';
import {ensureDebianPackage} from '../support/debian-package';

// Every curl example of the docs and the blog runs, with bash, against a validating mock of the OpenAPI
// file (how blocks are run and how a curl names its body: tests/support/curl-examples.ts).

const spec = loadSpec();
// Bodies on other pages: for blocks outside the convention (listed by the test below), and for every
// `<operationId> request` block of the docs, not only pages with curl.
const allPages = [...markdownFiles('docs'), ...(existsSync('blog') ? markdownFiles('blog') : [])];
const pages = allPages.filter((page) => shellBlocks(page).length > 0);
const bodies = docsBodies([...pages, ...allPages.filter((page) => !pages.includes(page))]);

// In file order in one worker, even under fullyParallel: one mock, and each page test prefetches the next.
test.describe.configure({mode: 'default'});

let mock: ApiMock;
test.beforeAll(async () => {
  // The blocks need bash, curl and jq (docs/intro.md asks the reader for them); jq is Debian's package.
  await ensureDebianPackage('/usr/bin/jq', 'jq');
  await ensureDebianPackage('/usr/bin/curl', 'curl');
  mock = await startApiMock(spec);
});
test.afterAll(async () => {
  await mock?.close();
});

test('the docs have curl examples to run', () => {
  const sites = pages.flatMap((page) => shellBlocks(page).flatMap((block) => block.sites));
  expect(sites.length).toBeGreaterThan(60);
  // Blocks whose `-d @file` body is not on their page (convention in tests/support/curl-examples.ts):
  // they still run, with the body from another page, and are listed here for the content owners.
  for (const entry of conventionBreaks(pages))
    test.info().annotations.push({type: 'body not on its page', description: entry});
});

// Pages run a few at a time (the machine waits mostly on processes), each test awaiting its own page.
const started = new Map<string, Promise<PageRun>>();
function runOf(index: number): Promise<PageRun> {
  for (const next of pages.slice(index, index + 4))
    if (!started.has(next.file)) started.set(next.file, runPage(next, mock, bodies));
  return started.get(pages[index].file)!;
}

pages.forEach((page, index) => {
  const count = shellBlocks(page).reduce((sum, block) => sum + block.sites.length, 0);
  test(`${page.file}: ${count} curl commands are accepted by the API`, async () => {
    const run = await runOf(index);
    const sent = new Set(run.calls.map((call) => call.site));
    test.info().annotations.push({
      type: 'curl',
      description: `${run.sites.length} curl commands, ${run.sites.filter((site) => sent.has(`${site.file}:${site.line}`)).length} sent to the mock, ${run.sites.filter((site) => run.calls.some((call) => call.site === `${site.file}:${site.line}` && call.status < 300)).length} answered 2xx, ${run.notSent.filter((entry) => entry.detail.startsWith('not Vigil')).length} to other hosts; ${run.calls.length} requests (${run.calls.filter((call) => call.forced).length} with a forced documented status)`,
    });
    expect(run.problems, `curl examples of ${page.file}`).toEqual([]);
    expect(run.calls.length).toBeGreaterThan(0);
  });
});

// The check can fail: fixture pages with one mistake each.
async function runFixture(name: string): Promise<PageRun> {
  return runPage(fixturePage(name), mock, new Map(), 10_000);
}

test('a correct fixture example passes, so the failures below are the mistakes', async () => {
  const run = await runFixture('valid.md');
  expect(run.problems).toEqual([]);
  expect(run.calls.map((call) => call.status)).toEqual([200, 201, 200]);
});

const mistakes: Array<[file: string, status: number, detail: RegExp]> = [
  ['wrong-host.md', 404, /https:\/\/vigil\.example is not the API server https:\/\/\{instance\}\.vigil\.example/],
  ['wrong-path.md', 404, /no path of the OpenAPI file matches \/datastore\/dst_8f3k2m9q/],
  ['wrong-method.md', 405, /PUT is not an operation of \/alerts\/\{alert_id\}\/acknowledge/],
  ['unknown-body-field.md', 422, /body .*additional properties \(nmae\)/],
  ['invalid-enum.md', 422, /body \/connection\/ssl_mode must be equal to one of the allowed values/],
  ['missing-query.md', 400, /missing required query parameter q/],
  ['unknown-query.md', 400, /unknown query parameter stauts/],
  ['missing-token.md', 401, /Authorization: Bearer/],
];
for (const [file, status, detail] of mistakes) {
  test(`the check fails on ${file} with ${status} and names the line`, async () => {
    const run = await runFixture(file);
    const failing = run.calls.filter((call) => call.status === status);
    expect(failing.length, JSON.stringify(run.calls)).toBe(1);
    expect(run.problems.join('\n')).toMatch(
      new RegExp(`^tests/fixtures/curl-examples/${file}:\\d+: .*-> ${status}: `, 'm'),
    );
    expect(run.problems.join('\n')).toMatch(detail);
  });
}

test('a body block next to the curl but for another operation fails', async () => {
  const run = await runFixture('body-of-other-operation.md');
  expect(run.problems.join('\n')).toMatch(
    /body-of-other-operation\.md:4: the body secret\.json is the "createDatastore request" block \(.*:10\) but the call is createSecret/,
  );
});

test('a curl that is never sent (script stops before it) fails', async () => {
  const run = await runFixture('never-sent.md');
  expect(run.problems.join('\n')).toMatch(/never-sent\.md:\d+: this curl was never sent/);
});
