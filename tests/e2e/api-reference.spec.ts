import type {Page} from '@playwright/test';
import yaml from 'js-yaml';
import {operationsOf, type JsonObject} from '../../src/openapi';
import {loadSpec} from '../support/openapi';
import {REQUEST_PANEL_TIMEOUT, expect, openPage, test} from '../support/site';

/** The tabs of the request samples, in order. */
const SAMPLE_LANGUAGES = ['curl', 'Python', 'JavaScript', 'Go', 'Java', 'Ruby'];
const samplesOf = (page: Page) => page.locator('article').getByRole('tablist').locator('xpath=..').first();

const spec = loadSpec();
const operations = operationsOf(spec);
const tags = (spec.tags as JsonObject[]).map((tag) => String(tag.name));

test.describe('API reference in the browser', () => {
  test('the API root renders its sections and the downloadable description', async ({page, request}) => {
    const response = await openPage(page, '/docs/api');
    expect(response?.status()).toBe(200);
    await expect(page.locator('article h1')).toHaveText(String(spec.info.title));
    const sections = (await page.locator('article h2').allTextContents()).map((text) => text.replace(/\u200b/g, '').trim());
    expect(sections).toEqual(expect.arrayContaining(['Authentication', 'Base URL', 'Errors', 'Pagination', 'Rate limits', 'Versioning']));
    await expect(page.locator('nav[aria-label="Docs sidebar"]')).toContainText(tags[0]);
    const article = page.locator('article');
    await expect(article.getByRole('link', {name: 'YAML', exact: true})).toHaveAttribute('href', '/docs/openapi/vigil-api.yaml');
    await expect(article.getByRole('link', {name: 'JSON', exact: true})).toHaveAttribute('href', '/docs/openapi/vigil-api.json');
    const yamlBody = await (await request.get('/docs/openapi/vigil-api.yaml')).text();
    expect(yaml.load(yamlBody)).toEqual(spec);
    const jsonBody = await (await request.get('/docs/openapi/vigil-api.json')).json();
    expect(jsonBody).toEqual(spec);
  });

  test('an operation page: method and URL, samples in six languages, the language choice remembered across pages and tabs', async ({page, context}) => {
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

  test('every field links to itself, and a link to a field inside a folded object opens it', async ({page}) => {
    const op = operations.find((candidate) => candidate.parameters.some((parameter) => parameter.in === 'path'))!;
    const parameter = op.parameters.find((candidate) => candidate.in === 'path')!;
    await openPage(page, `/docs/api/${op.slug}`);
    const field = page.getByRole('link', {name: parameter.name, exact: true}).first();
    await field.click();
    await expect(page).toHaveURL(new RegExp(`#path-${String(parameter.name).replace(/_/g, '-')}$`));
    await expect(page.locator(':target')).toContainText(parameter.name);
    // A nested field of the request body is folded; a link from another page opens the folds around it.
    // createDatastore's connection is one of several kinds, each folded.
    await openPage(page, `/docs/api/${operations.find((candidate) => candidate.operationId === 'createDatastore')!.slug}`);
    const nestedId = await page.locator('details li[id^="request-body-connection-"]').first().getAttribute('id');
    expect(nestedId).toBeTruthy();
    await expect(page.locator(`[id="${nestedId}"]`)).toBeHidden();
    const target = `${new URL(page.url()).pathname}#${nestedId}`;
    await navigateInPage(page, '/docs/intro');
    await navigateInPage(page, target);
    await expect(page.locator(`[id="${nestedId}"]`)).toBeInViewport();
  });

  test('no page downloads the request builder until the reader asks for it', async ({page, request}) => {
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(response.url());
    });
    /** Whether any script downloaded so far holds the request builder's code (postman-collection's). */
    const builderLoaded = async () => {
      const sources = await Promise.all([...scripts].map(async (url) => (await request.get(url)).text()));
      return sources.some((source) => source.includes('postman-collection') || source.includes('openapi-explorer__'));
    };
    const op = operations.find((candidate) => candidate.definition.requestBody)!;
    for (const path of ['/docs/intro', `/docs/api/${op.slug}`]) {
      await openPage(page, path);
      // No element marks the end of prefetching: every script the page loads, prefetches included, is in once the network is idle.
      await page.waitForLoadState('networkidle');
      expect(await builderLoaded(), path).toBe(false);
    }
    await page.getByRole('button', {name: 'Fill in your own values'}).click();
    const builder = page.getByRole('region', {name: 'Request builder'});
    await expect(builder.getByText('Base URL', {exact: true})).toBeVisible({timeout: REQUEST_PANEL_TIMEOUT});
    // The same check finds the builder's code once it is asked for, so the checks above can fail.
    expect(await builderLoaded()).toBe(true);
    await expect(builder.getByRole('button', {name: /send api request/i})).toHaveCount(0);
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
