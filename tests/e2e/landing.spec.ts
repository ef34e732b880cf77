import type {APIRequestContext, Page} from '@playwright/test';
import {operationsOf, type ApiOperation} from '../../src/openapi';
import {docRoute, markdownFiles} from '../support/content';
import {servedPage, textOf, type CheerioAPI} from '../support/html';
import {loadSpec} from '../support/openapi';
import {createBodyValidator} from '../support/schema-validator';
import {SEARCH_QUESTIONS} from '../support/search-questions';
import {BASE_URL, expect, openPage, test} from '../support/site';

// The landing page as the server sends it: every call it prints is checked against the OpenAPI description,
// every link of its grids and lists against the pages of the build. Then its layout at a phone's and a
// desktop's width, one visit each.

const spec = loadSpec();
const operations = new Map(operationsOf(spec).map((operation) => [operation.operationId, operation]));
const validate = createBodyValidator(spec);

type PrintedCall = {method: string; path: string; body?: unknown};

/** The curl commands of a code block, as a reader would paste them: method, path after /api/v1, JSON body. */
function printedCalls(code: string): PrintedCall[] {
  return code
    .split(/^(?=curl )/m)
    .filter((command) => command.startsWith('curl '))
    .map((command) => {
      const url = /"https:\/\/\$VIGIL_INSTANCE\.vigil\.example\/api\/v1([^"]*)"/.exec(command);
      expect(url, `the server URL of the description in: ${command}`).not.toBeNull();
      const body = /-d '([\s\S]*)'\s*$/.exec(command)?.[1];
      return {
        method: /-X (\w+)/.exec(command)?.[1] ?? 'GET',
        path: url![1],
        body: body === undefined ? undefined : JSON.parse(body),
      };
    });
}

/** Whether a concrete path is an instance of the operation's path template. */
function matchesTemplate(path: string, operation: ApiOperation): boolean {
  const pattern = operation.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${pattern}$`).test(path);
}

function operationNamed(operationId: string): ApiOperation {
  const operation = operations.get(operationId);
  expect(operation, `openapi/vigil-api.yaml has the operation ${operationId}`).toBeDefined();
  return operation!;
}

/** The region of the page headed by `heading`. */
function region($: CheerioAPI, heading: string) {
  const found = $('section[aria-labelledby]').filter(
    (_, section) => textOf($(`[id="${$(section).attr('aria-labelledby')}"]`)) === heading,
  );
  expect(found.length, `a region named "${heading}"`).toBe(1);
  return found;
}

/** Fails unless every link answers 200 and, when it names a heading, the page has that anchor. */
async function expectLinksResolve(request: APIRequestContext, hrefs: string[]) {
  const pages = new Map<string, Promise<CheerioAPI>>();
  for (const href of hrefs) {
    const [path, anchor] = href.split('#');
    if (!pages.has(path)) pages.set(path, servedPage(request, path));
    const $ = await pages.get(path)!;
    if (anchor) expect($(`[id="${anchor}"]`).length, `${href}: the anchor exists`).toBeGreaterThan(0);
  }
}

test('the landing page prints the quickstart and its first result as the OpenAPI description defines them', async ({
  request,
}) => {
  const $ = await servedPage(request, BASE_URL);
  const blocks = $('pre[data-operation-id]').toArray();
  // The hero's request and response, and one block per step of the quickstart.
  expect(blocks.length).toBe(5);
  const checked: string[] = [];
  const guides: string[] = [];
  for (const block of blocks) {
    const operationIds = $(block).attr('data-operation-id')!.split(' ');
    const code = $(block).text();
    if ($(block).attr('data-part') === 'response') {
      const [operationId] = operationIds;
      expect(validate(operationNamed(operationId), 'response', JSON.parse(code)), `${operationId} response`).toEqual(
        [],
      );
      checked.push(`${operationId} response`);
      continue;
    }
    const calls = printedCalls(code);
    expect(calls.map((_, index) => operationIds[index])).toEqual(operationIds);
    const container = $(block).closest('li, figure');
    const links = container
      .find('a')
      .toArray()
      .map((link) => $(link).attr('href')!);
    calls.forEach((call, index) => {
      const operation = operationNamed(operationIds[index]);
      const where = `${operation.operationId}: ${call.method} ${call.path}`;
      expect(call.method, where).toBe(operation.method.toUpperCase());
      expect(matchesTemplate(call.path, operation), `${where} is an instance of ${operation.path}`).toBe(true);
      const hasBody = Boolean(operation.definition.requestBody);
      expect(call.body !== undefined, `${where}: a body exactly when the operation takes one`).toBe(hasBody);
      if (hasBody) expect(validate(operation, 'request', call.body), `${where}: the request body`).toEqual([]);
      expect(links, `${where}: a link to its reference page`).toContain(`${BASE_URL}api/${operation.slug}`);
      checked.push(operation.operationId);
    });
    guides.push(...links.filter((href) => !href.startsWith(`${BASE_URL}api/`)));
  }
  expect(checked).toEqual([
    'getDatasetMetrics',
    'getDatasetMetrics response',
    'getCurrentUser',
    'createDatastore',
    'createJob',
    'runJob',
  ]);
  expect(guides.length, 'each step links to its guide').toBeGreaterThanOrEqual(3);
  await expectLinksResolve(request, guides);
});

test('the landing page links every datastore and catalog to its setup page, and the common tasks to their answers', async ({
  request,
}) => {
  const $ = await servedPage(request, BASE_URL);
  const connect = region($, 'Connect your data');
  const grid = connect
    .find('li > a')
    .toArray()
    .map((link) => ({href: $(link).attr('href')!, text: textOf($(link))}));
  // The setup pages of docs/: a datastore's is "Connect …", a catalog's or a single source's "Sync from …" or
  // "Onboard from …"; a new page missing from the grid, or a grid link without its page, fails here.
  const setupPages = [
    ...markdownFiles('docs/configuring-datastore').filter((file) => /^Connect /.test(file.frontMatter.title)),
    ...markdownFiles('docs/onboarding-catalog').filter((file) => /^(Sync|Onboard) from /.test(file.frontMatter.title)),
  ];
  expect(grid.map(({href}) => href).sort()).toEqual(setupPages.map(docRoute).sort());
  for (const file of setupPages) {
    const link = grid.find(({href}) => href === docRoute(file))!;
    expect(link.text, `${link.href} is named by its page`).toMatch(new RegExp(`^${file.frontMatter.sidebar_label}`));
  }

  const tasks = region($, 'Common tasks')
    .find('li > a')
    .toArray()
    .map((link) => $(link).attr('href')!);
  const answers = new Set(SEARCH_QUESTIONS.map(({answer}) => answer));
  expect(tasks.length).toBeGreaterThanOrEqual(6);
  for (const href of tasks) expect(answers, `${href} answers a search question`).toContain(href.split('#')[0]);

  const evaluation = region($, 'Evaluating Vigil')
    .find('li > a')
    .toArray()
    .map((link) => $(link).attr('href')!);
  expect(evaluation).toEqual(expect.arrayContaining([`${BASE_URL}product/security`, `${BASE_URL}api/changelog`]));
  // The status page, support and the docs' issues (product brief, "Links"): links to other hosts, never fetched.
  const elsewhere = evaluation.filter((href) => !href.startsWith(BASE_URL));
  expect(elsewhere).toEqual([
    'https://status.vigil.example',
    'mailto:support@vigil.example',
    'https://github.com/vigil-data/vigil-docs/issues',
  ]);
  const statusLink = region($, 'Evaluating Vigil').find('a[href="https://status.vigil.example"]');
  expect(textOf(statusLink)).toMatch(/status page.*uptime per region/i);
  expect(statusLink.attr('rel')).toBe('noopener noreferrer');

  await expectLinksResolve(request, [
    ...grid.map(({href}) => href),
    ...tasks,
    ...evaluation.filter((href) => href.startsWith(BASE_URL)),
  ]);
});

/** Elements of the page that end beyond the viewport's right edge, and the page's own scroll width. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const beyond = [...document.querySelectorAll('main *')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} "${element.textContent?.slice(0, 40)}"`);
    return {width, scrollWidth: document.documentElement.scrollWidth, beyond};
  });
}

for (const width of [390, 1280]) {
  test(`at ${width} px the landing page does not scroll sideways and the hero shows a real call`, async ({page}) => {
    await page.setViewportSize({width, height: 900});
    await openPage(page, BASE_URL);
    const {scrollWidth, beyond} = await overflow(page);
    expect(beyond, 'elements beyond the right edge').toEqual([]);
    expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(width);

    const hero = page.locator('main header');
    for (const button of await hero.locator('.button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width, `${await button.textContent()} ends inside the page`).toBeLessThanOrEqual(width);
    }
    const title = (await hero.getByRole('heading', {level: 1}).boundingBox())!;
    const exchange = hero.getByRole('figure');
    await expect(exchange).toContainText('/api/v1/datasets/ds_4n7q1x8z/metrics');
    const box = (await exchange.boundingBox())!;
    if (width >= 997) {
      // Beside the text, in the right half of the page: right of the summary, at the height of the title.
      const summary = (await hero.getByText(/^Vigil watches your tables/).boundingBox())!;
      expect(box.x, 'right of the summary').toBeGreaterThanOrEqual(summary.x + summary.width);
      expect(box.x + box.width / 2, 'centred in the right half').toBeGreaterThan(width / 2);
      expect(box.y, 'level with the title').toBeLessThan(title.y + title.height);
    } else {
      expect(box.y, 'below the title on a phone').toBeGreaterThan(title.y + title.height);
    }
  });
}
