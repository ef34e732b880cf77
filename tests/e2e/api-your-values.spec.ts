import type {Page} from '@playwright/test';
import {operationsOf, serverVariableEnv, TOKEN_VARIABLE, type ApiOperation} from '../../src/openapi';
import {readClipboard} from '../support/clipboard';
import {servedPage} from '../support/html';
import {loadSpec} from '../support/openapi';
import {expect, openPage, scriptRequests, test} from '../support/site';

test.use({permissions: ['clipboard-read', 'clipboard-write']});

/** The generated samples' tabs, in order (the description's own x-codeSamples come first when it has some). */
const GENERATED = ['curl', 'Python', 'JavaScript', 'Go', 'Java', 'Ruby'];
const INSTANCE_VARIABLE = serverVariableEnv('instance');

const operations = operationsOf(loadSpec());
const hasPathParameter = (operation: ApiOperation) => operation.parameters.some((parameter) => parameter.in === 'path');
const isJsonBody = (operation: ApiOperation) =>
  Object.keys(operation.definition.requestBody?.content ?? {}).some((type) => type.includes('json'));
/** An operation with a path parameter and a JSON body: every kind of value the panel fills. */
const operation = operations.find((candidate) => hasPathParameter(candidate) && isJsonBody(candidate));
if (!operation)
  throw new Error('no operation with a path parameter and a JSON request body in the OpenAPI description');
const pathParameter = String(operation.parameters.find((parameter) => parameter.in === 'path')!.name);
const other = operations.find((candidate) => candidate !== operation && hasPathParameter(candidate))!;

const samplesOf = (page: Page) => page.locator('.api-operation__samples');
const panel = (page: Page) => page.getByRole('form', {name: 'Your values'});

/** The code of each generated sample, by tab label, as the reader sees it. */
async function sampleTexts(page: Page): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  for (const label of GENERATED) {
    await samplesOf(page).getByRole('tab', {name: label, exact: true}).click();
    texts[label] = await samplesOf(page).getByRole('tabpanel').locator('pre').innerText();
  }
  return texts;
}

async function openPanel(page: Page) {
  await page.getByRole('button', {name: 'Your values'}).click();
  await expect(panel(page)).toBeVisible();
}

for (const width of [1280, 390]) {
  test(`at ${width} px: the panel's code loads when it is opened; a token and a path parameter reach every sample, the parameter encoded`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({width, height: 900});
    const scripts = scriptRequests(page);
    await openPage(page, `/docs/api/${operation.slug}`);
    await page.waitForLoadState('networkidle');
    const before = [...scripts];
    const sourceOf = async (url: string) => (await request.get(url)).text();
    // The snippet writers (a curl option of theirs) are in no script the page loaded on its own.
    for (const url of before)
      expect((await sourceOf(url)).includes('lineContinuationCharacter'), `${url} before opening`).toBe(false);
    const staticSamples = await sampleTexts(page);
    expect(Object.values(staticSamples).every((code) => code.includes(TOKEN_VARIABLE))).toBe(true);

    await openPanel(page);
    const loaded = scripts.filter((url) => !before.includes(url));
    expect(loaded.length, 'scripts loaded by opening the panel').toBeGreaterThan(0);
    const token = `vgl_${width}_t0ken`;
    await panel(page).getByLabel(TOKEN_VARIABLE).fill(token);
    await panel(page).getByLabel(pathParameter, {exact: true}).fill('ds 1/2');
    const filled = await sampleTexts(page);
    for (const label of GENERATED) {
      expect(filled[label], `${label}: the token`).toContain(`Bearer ${token}`);
      expect(filled[label], `${label}: no token read from the environment`).not.toContain(TOKEN_VARIABLE);
      expect(filled[label], `${label}: the path parameter, percent-encoded`).toContain('/ds%201%2F2');
      expect(filled[label], `${label}: the instance, still read from the environment`).toContain(INSTANCE_VARIABLE);
    }
    // Nothing is wider than the page at a phone's width: the form fits the column.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0);
  });
}

test('a body that is not valid JSON is named beside it, and the samples keep the last valid body', async ({page}) => {
  await openPage(page, `/docs/api/${operation.slug}`);
  await openPanel(page);
  const body = panel(page).getByLabel(/Request body/);
  await body.fill('{"name": "orders-daily-check"}');
  const valid = await sampleTexts(page);
  for (const label of GENERATED) expect(valid[label], label).toContain('orders-daily-check');
  await body.fill('{"name": "orders-daily-check",');
  await expect(panel(page).getByRole('alert')).toContainText('not valid JSON');
  await expect(body).toHaveAttribute('aria-invalid', 'true');
  expect(await sampleTexts(page)).toEqual(valid);
  await body.fill('{"name": "orders-weekly-check"}');
  await expect(panel(page).getByRole('alert')).toHaveCount(0);
  expect((await sampleTexts(page)).curl).toContain('orders-weekly-check');
});

test('the token is never stored; the instance and the open panel follow the reader to the next page', async ({
  page,
}) => {
  await openPage(page, `/docs/api/${operation.slug}`);
  await openPanel(page);
  await panel(page).getByLabel(INSTANCE_VARIABLE).fill('acme-eu');
  await panel(page).getByLabel(TOKEN_VARIABLE).fill('vgl_secret_never_stored');
  await expect(samplesOf(page).getByRole('tabpanel')).toContainText('acme-eu');
  const stored = await page.evaluate(() => JSON.stringify({...localStorage, ...sessionStorage}));
  expect(stored).toContain('acme-eu');
  expect(stored).not.toContain('vgl_secret_never_stored');

  await openPage(page, `/docs/api/${other.slug}`);
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByLabel(INSTANCE_VARIABLE)).toHaveValue('acme-eu');
  await expect(panel(page).getByLabel(TOKEN_VARIABLE)).toHaveValue('');
  await expect(samplesOf(page).getByRole('tabpanel')).toContainText('https://acme-eu.');
  // Clearing the values gives the static samples back.
  await panel(page).getByRole('button', {name: 'Clear my values'}).click();
  await expect(samplesOf(page).getByRole('tabpanel')).toContainText(INSTANCE_VARIABLE);
});

test('the copy button of a sample copies it with the values typed', async ({page}) => {
  await openPage(page, `/docs/api/${operation.slug}`);
  await openPanel(page);
  await panel(page).getByLabel(TOKEN_VARIABLE).fill('vgl_copied_token');
  await samplesOf(page).getByRole('tab', {name: 'Python', exact: true}).click();
  const code = await samplesOf(page).getByRole('tabpanel').locator('pre').innerText();
  await samplesOf(page)
    .getByRole('tabpanel')
    .getByRole('button', {name: /Copy code/})
    .click();
  const copied = await readClipboard(page);
  expect(copied).toContain("'Authorization': 'Bearer vgl_copied_token'");
  expect(copied.trim()).toBe(code.trim());
});

test('without JavaScript there is no panel: the served page has the static samples and no button', async ({
  request,
}) => {
  const $ = await servedPage(request, `/docs/api/${operation.slug}`);
  expect($('.api-operation__samples button').filter((_, button) => $(button).text() === 'Your values').length).toBe(0);
  expect($('.api-operation__samples pre').first().text()).toContain(TOKEN_VARIABLE);
});
