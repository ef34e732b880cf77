import type {Locator, Page} from '@playwright/test';
import yaml from 'js-yaml';
import {apiPagesOf, operationsOf, type JsonObject} from '../../src/openapi';
import {servedPage, textOf, textsOf} from '../support/html';
import {loadSpec} from '../support/openapi';
import {expect, openPage, test} from '../support/site';

/** The tabs of the request samples, in order. */
const SAMPLE_LANGUAGES = ['curl', 'Python', 'JavaScript', 'Go', 'Java', 'Ruby'];
const samplesOf = (page: Page) => page.locator('article').getByRole('tablist').locator('xpath=..').first();

const spec = loadSpec();
const operations = operationsOf(spec);
const tags = (spec.tags as JsonObject[]).map((tag) => String(tag.name));

test.describe('API reference', () => {
  test('the API root renders its sections and the downloadable description', async ({request}) => {
    const $ = await servedPage(request, '/docs/api');
    expect(textsOf($, 'article h1')).toEqual([String(spec.info.title)]);
    expect(textsOf($, 'article h2')).toEqual(
      expect.arrayContaining(['Authentication', 'Base URL', 'Errors', 'Pagination', 'Rate limits', 'Versioning']),
    );
    expect(textOf($('nav[aria-label="Docs sidebar"]'))).toContain(tags[0]);
    const download = (label: string) =>
      $('article a')
        .filter((_, link) => textOf($(link)) === label)
        .attr('href');
    expect(download('YAML')).toBe('/docs/openapi/vigil-api.yaml');
    expect(download('JSON')).toBe('/docs/openapi/vigil-api.json');
    const yamlBody = await (await request.get('/docs/openapi/vigil-api.yaml')).text();
    expect(yaml.load(yamlBody)).toEqual(spec);
    const jsonBody = await (await request.get('/docs/openapi/vigil-api.json')).json();
    expect(jsonBody).toEqual(spec);
  });

  test("a field of a named object links to the object's page: its fields, an example, the operations that use it", async ({
    page,
  }) => {
    await page.setViewportSize({width: 1280, height: 800});
    await openPage(page, '/docs/api/create-datastore');
    // The connection's kinds are listed with their fields, each linked to its own page.
    const connection = page.locator('#request-body-connection');
    await expect(connection.locator('#request-body-connection-snowflake-warehouse')).toHaveCount(1);
    await connection.getByRole('link', {name: 'the DatastoreConnection object'}).first().click();
    await expect(page).toHaveURL(/\/docs\/api\/objects\/datastore-connection$/);
    await expect(page.locator('article h1')).toHaveText('The DatastoreConnection object');
    await expect(page.locator('article')).toContainText('DatastoreConnection is one of 8 kinds, selected by type');
    // Its kinds are folded: open the fold, then Snowflake's.
    await page.getByText('DatastoreConnection is one of 8 kinds, selected by type').click();
    await page.getByText('type = snowflake: SnowflakeConnection').click();
    await page.getByRole('link', {name: 'the SnowflakeConnection object'}).first().click();
    await expect(page.locator('article h1')).toHaveText('The SnowflakeConnection object');
    await expect(page.locator('#snowflake-connection-warehouse')).toBeVisible();

    // An object's page is served whole: every field of the schema, an example, who uses it; the sidebar's Objects.
    await openPage(page, '/docs/api/objects/dataset');
    const dataset = spec.components.schemas.Dataset as JsonObject;
    for (const name of Object.keys(dataset.properties))
      await expect(page.locator(`#dataset-${name.replace(/_/g, '-')}`)).toHaveCount(1);
    await expect(page.locator('#example + div pre, #example ~ div pre').first()).toContainText('"id": "ds_');
    const uses = page.locator('#operations + div');
    await expect(uses.getByRole('link', {name: 'Get a dataset'})).toHaveAttribute('href', '/docs/api/get-dataset');
    const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
    await expect(sidebar.getByRole('link', {name: 'Dataset', exact: true})).toHaveAttribute('aria-current', 'page');
  });

  test('an operation page: method and URL, samples in six languages, the language choice remembered across pages and tabs', async ({
    page,
    context,
  }) => {
    const op = operations.find((candidate) => candidate.definition.requestBody)!;
    const other = operations.find((candidate) => candidate.tag !== op.tag)!;
    await page.setViewportSize({width: 1280, height: 800});
    await openPage(page, `/docs/api/${op.slug}`);
    await expect(page.locator('article h1')).toHaveText(op.summary);
    const endpoint = page.locator('article p').filter({hasText: op.method.toUpperCase()}).first();
    await expect(endpoint).toContainText(`{instance}.vigil.example/api/v1${op.path}`);
    const samples = samplesOf(page);
    await expect(samples.getByRole('tab')).toHaveText(SAMPLE_LANGUAGES);
    await expect(samples.getByRole('tabpanel')).toContainText(`curl`);
    await samples.getByRole('tab', {name: 'Python'}).click();
    await expect(samples.getByRole('tabpanel')).toContainText('import requests');
    // Another operation, reached in place: the same language is selected.
    await navigateInPage(page, `/docs/api/${other.slug}`);
    await expect(samplesOf(page).getByRole('tab', {name: 'Python'})).toHaveAttribute('aria-selected', 'true');
    // Another browser tab opens with it, and a choice made there reaches the first tab.
    const second = await context.newPage();
    await openPage(second, `/docs/api/${op.slug}`);
    await expect(samplesOf(second).getByRole('tab', {name: 'Python'})).toHaveAttribute('aria-selected', 'true');
    await samplesOf(second).getByRole('tab', {name: 'Go'}).click();
    await expect(samplesOf(page).getByRole('tab', {name: 'Go'})).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', {name: /send api request/i})).toHaveCount(0);
  });

  // 1024 px: the sidebar is shown, and half of what it leaves would be too narrow for the samples.
  for (const [width, height] of [
    [1280, 800],
    [1024, 768],
    [390, 844],
  ]) {
    test(`an operation page at ${width} px: the samples beside the request or after it, the languages in one row, responses as samples, nothing wider than the page`, async ({
      page,
    }) => {
      const op = operations.find((candidate) => candidate.definition.requestBody && candidate.path.includes('{'))!;
      await page.setViewportSize({width, height});
      await openPage(page, `/docs/api/${op.slug}`);
      const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!;
      const request = await box('.api-operation__request');
      const samples = await box('.api-operation__samples');
      const article = await box('article');
      // The language tabs: one row, every tab inside the samples column.
      const tabs = await page
        .locator('.api-operation__samples [role="tab"]')
        .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().top));
      expect(tabs).toHaveLength(SAMPLE_LANGUAGES.length);
      expect(new Set(tabs.map(Math.round)).size, 'rows of tabs').toBe(1);
      // One response sample per documented status, the first open with its example.
      const statuses = Object.keys(op.definition.responses);
      const folds = page.locator('.api-operation__samples details');
      await expect(folds).toHaveCount(statuses.length);
      await expect(folds.first().locator('pre').first()).toBeVisible();
      // No column scrolls on its own: the page is the one scroll.
      const overflow = await page
        .locator('.api-operation__samples')
        .evaluate((element) => [getComputedStyle(element).overflowY, getComputedStyle(element).maxHeight]);
      expect(overflow).toEqual(['visible', 'none']);
      if (width === 1280) {
        expect(samples.width / article.width, 'share of the samples column').toBeGreaterThanOrEqual(0.45);
        expect(samples.x, 'the samples are right of the request').toBeGreaterThanOrEqual(request.x + request.width);
        // The response samples are in the right column, beside the reference, not below it.
        const responseSamples = await box('#response-samples');
        const responses = await box('.api-operation__responses');
        expect(responseSamples.x).toBeGreaterThanOrEqual(request.x + request.width);
        expect(responseSamples.y, 'the response samples start beside the reference').toBeLessThan(
          responses.y + responses.height,
        );
      } else {
        expect(samples.y, 'the samples come after the request').toBeGreaterThanOrEqual(request.y + request.height);
        const wider = await page.evaluate(
          () => document.scrollingElement!.scrollWidth - document.documentElement.clientWidth,
        );
        expect(wider, 'the page scrolls sideways by').toBeLessThanOrEqual(0);
      }
    });
  }

  test('every field links to itself, and a link to a field inside a folded object opens it', async ({page}) => {
    const op = operations.find((candidate) => candidate.parameters.some((parameter) => parameter.in === 'path'))!;
    const parameter = op.parameters.find((candidate) => candidate.in === 'path')!;
    await openPage(page, `/docs/api/${op.slug}`);
    const field = page.getByRole('link', {name: parameter.name, exact: true}).first();
    // Its mark, drawn by the style sheet (no part of the link's name, matched exactly above), shows on hover.
    const mark = () =>
      field.evaluate((link) => {
        const after = getComputedStyle(link, '::after');
        return {content: after.content, shown: after.opacity === '1'};
      });
    await page.mouse.move(0, 0);
    expect(await mark()).toEqual({content: expect.stringContaining('"#"'), shown: false});
    await field.hover();
    await expect.poll(mark).toEqual({content: expect.stringContaining('"#"'), shown: true});
    await field.click();
    await expect(page).toHaveURL(new RegExp(`#path-${String(parameter.name).replace(/_/g, '-')}$`));
    await expect(page.locator(':target')).toContainText(parameter.name);
    // A nested field of the request body is folded; a link from another page opens the folds around it.
    // createDatastore's connection is one of several kinds, each folded.
    await openPage(
      page,
      `/docs/api/${operations.find((candidate) => candidate.operationId === 'createDatastore')!.slug}`,
    );
    const nestedId = await page.locator('details li[id^="request-body-connection-"]').first().getAttribute('id');
    expect(nestedId).toBeTruthy();
    await expect(page.locator(`[id="${nestedId}"]`)).toBeHidden();
    const target = `${new URL(page.url()).pathname}#${nestedId}`;
    await navigateInPage(page, '/docs/intro');
    await navigateInPage(page, target);
    await expect(page.locator(`[id="${nestedId}"]`)).toBeInViewport();
  });

  test('every entry of the API sidebar shows its method, and the webhooks have their own group', async ({page}) => {
    const badgeOf = (link: Locator) =>
      link.evaluate((element) => getComputedStyle(element, '::before').content.replace(/^"|"$/g, ''));
    const webhooks = apiPagesOf(spec).filter((candidate) => candidate.kind === 'webhook');
    for (const target of [operations.find((op) => op.method === 'post')!, webhooks[0]]) {
      await openPage(page, `/docs/api/${target.slug}`);
      const group = target.kind === 'webhook' ? 'Webhooks' : String(target.tag);
      // The expanded category of the page: every entry in it, with the badge of its method.
      const category = page
        .locator('.theme-doc-sidebar-menu .menu__list-item')
        .filter({has: page.locator(':scope > .menu__list-item-collapsible', {hasText: group})});
      const members = apiPagesOf(spec).filter((candidate) =>
        group === 'Webhooks' ? candidate.kind === 'webhook' : candidate.kind === 'operation' && candidate.tag === group,
      );
      const links = category.locator('.menu__list .menu__link');
      await expect(links).toHaveCount(members.length);
      for (const [index, member] of members.entries()) {
        const link = links.nth(index);
        await expect(link).toHaveText(member.title);
        expect(await badgeOf(link), member.title).toBe(
          member.kind === 'webhook' ? 'HOOK' : member.method.toUpperCase(),
        );
      }
      // The page itself shows the badge beside its URL.
      await expect(page.locator('article .api-method-badge').first()).toHaveText(
        target.kind === 'webhook' ? 'HOOK' : target.method.toUpperCase(),
      );
    }
    // The webhooks are in no tag's category.
    const tagged = page.locator('.theme-doc-sidebar-menu > .menu__list-item > .menu__list-item-collapsible');
    await expect(tagged.filter({hasText: 'Webhooks'})).toHaveCount(1);
  });

  test('an API page downloads no code of a request builder, Prism or the sample generators until the reader opens the panel', async ({
    page,
    request,
  }) => {
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(response.url());
    });
    const op = operations.find((candidate) => candidate.definition.requestBody)!;
    for (const path of ['/docs/api', `/docs/api/${op.slug}`]) {
      await openPage(page, path);
      await prefetchesLoaded(page);
    }
    const sources = await Promise.all([...scripts].map(async (url) => (await request.get(url)).text()));
    expect(sources.length).toBeGreaterThan(3);
    for (const marker of ['postman-collection', 'openapi-explorer', 'Prism.languages']) {
      expect(
        sources.some((source) => source.includes(marker)),
        marker,
      ).toBe(false);
    }
  });
});

/**
 * Client-side navigation to `path`: the address changes in place and the router renders the page, as it does
 * for the browser's back and forward buttons (the API sidebar shows only the current tag's links).
 */
async function navigateInPage(page: Page, path: string) {
  const title = await page.title();
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', {state: null}));
  }, path);
  await expect(page).not.toHaveTitle(title);
}

/**
 * Waits until the route chunks of the links in view have been prefetched: the site prefetches them in idle
 * periods after hydration (src/upstream/route-prefetch.ts), so once two idle periods have passed every prefetch
 * link is in the document, and then each of them has loaded.
 */
async function prefetchesLoaded(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
  await page.waitForFunction(() => {
    const loaded = new Set(performance.getEntriesByType('resource').map((entry) => entry.name));
    const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')];
    return links.length > 0 && links.every((link) => loaded.has(link.href));
  });
}
