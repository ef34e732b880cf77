import type {Page} from '@playwright/test';
import yaml from 'js-yaml';
import {operationsOf, type JsonObject} from '../../src/openapi';
import {loadSpec} from '../support/openapi';
import {REQUEST_PANEL_TIMEOUT, expect, nameConsoleProblems, openPage, test} from '../support/site';

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

  test('every operation page shows its method, path, schemas and request samples', async ({page, consoleGuard}) => {
    test.setTimeout(operations.length * 10_000);
    await page.setViewportSize({width: 1280, height: 800});
    await openPage(page, `/docs/api/${operations[0].slug}`);
    for (const op of operations) {
      const path = `/docs/api/${op.slug}`;
      const before = consoleGuard.length;
      // One page load, then client-side navigation: the request panel's code loads and runs once, as for a
      // reader going from one operation to the next.
      if (new URL(page.url()).pathname !== path) await navigateInPage(page, path);
      await expect(page.locator('article h1'), path).toHaveText(op.summary);
      const endpoint = page.locator('.openapi__method-endpoint');
      await expect(endpoint.locator('.badge'), path).toHaveText(op.method.toUpperCase());
      await expect(endpoint, path).toContainText(op.path.replace(/\{([^}]+)\}/g, ':$1'));
      await expect(page.getByRole('heading', {name: 'Responses'}), path).toBeVisible();
      if (op.definition.requestBody) {
        await expect(page.locator('.openapi-markdown__details-summary-header-body, details summary').filter({hasText: 'Body'}).first(), path).toBeVisible();
      }
      const tabs = page.locator('.openapi-tabs__code-list-container').first().locator('.openapi-tabs__code-item');
      await expect(tabs, path).toHaveText(['curl', 'python', 'nodejs', 'go'], {ignoreCase: true, timeout: REQUEST_PANEL_TIMEOUT});
      const sample = page.locator('.openapi-explorer__code-block-code, .openapi-tabs__code-container pre').first();
      // getAuthConfig is public (`security: []`): its sample sends no token.
      const isPublic = Array.isArray(op.definition.security) && op.definition.security.length === 0;
      if (isPublic) await expect(sample, path).not.toContainText('Authorization');
      else await expect(sample, path).toContainText('Authorization: Bearer');
      await expect(page.getByRole('button', {name: /send api request/i}), path).toHaveCount(0);
      nameConsoleProblems(consoleGuard, before, path);
    }
  });

  test('ordinary doc pages load none of the API theme', async ({page, request}) => {
    /** Sources of the scripts a page loads, prefetches included, once `ready` (if given) is visible. */
    async function scriptsOf(path: string, ready?: string): Promise<string[]> {
      const urls = new Set<string>();
      const collect = (response: {url(): string}) => {
        if (response.url().endsWith('.js')) urls.add(response.url());
      };
      page.on('response', collect);
      await openPage(page, path);
      if (ready) await expect(page.locator(ready).first()).toBeVisible({timeout: REQUEST_PANEL_TIMEOUT});
      // No element marks the end of prefetching: every script the page loads, prefetches included, is in once the network is idle.
      await page.waitForLoadState('networkidle');
      page.off('response', collect);
      return Promise.all([...urls].map(async (url) => (await request.get(url)).text()));
    }
    const apiThemeMarkers = ['openapi-tabs__code-list-container', 'postman-collection', 'openapi-explorer__'];
    const docScripts = await scriptsOf('/docs/intro');
    expect(docScripts.length).toBeGreaterThan(0);
    for (const marker of apiThemeMarkers) {
      expect(docScripts.some((source) => source.includes(marker)), marker).toBe(false);
    }
    // The same markers are present on an operation page, so the check above can fail.
    // The request panel loads after the page is interactive, when it comes near the viewport.
    const apiScripts = await scriptsOf(`/docs/api/${operations[0].slug}`, '.openapi-tabs__code-list-container');
    expect(apiScripts.some((source) => source.includes('openapi-tabs__code-list-container'))).toBe(true);
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
