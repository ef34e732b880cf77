import type {Page} from '@playwright/test';
import {axeViolations} from '../support/axe';
import {readClipboard} from '../support/clipboard';
import {servedPage} from '../support/html';
import {expect, openPage, scriptRequests, test, waitForHydration} from '../support/site';

// The reader's names in the setup commands (src/components/SetupValues): typed once in the "your values" control,
// they replace the documented defaults in the code blocks and copy buttons of every setup page, after a
// client-side navigation and after a reload, and the API pages' panel shows the same instance. The served HTML,
// the Markdown versions and llms-full.txt keep the defaults. The quoting rules themselves are unit-tested
// (tests/unit/setup-values.spec.ts).

test.use({permissions: ['clipboard-read', 'clipboard-write']});

const SNOWFLAKE = '/docs/configuring-datastore/snowflake';
const POSTGRESQL = '/docs/configuring-datastore/postgresql';
const SNOWFLAKE_GRANT = 'GRANT USAGE ON DATABASE ANALYTICS TO ROLE VIGIL_ROLE;';
const POSTGRESQL_ROLE = "CREATE ROLE vigil LOGIN PASSWORD '<vigil-password>';";

const form = (page: Page) => page.getByRole('form', {name: 'Your values'});
/** The code block whose text holds `text`, and what its copy button copies. */
const block = (page: Page, text: string) => page.locator('.vigil-code-block').filter({hasText: text}).first();

async function copied(page: Page, text: string): Promise<string> {
  await block(page, text)
    .getByRole('button', {name: /Copy code/})
    .click();
  return readClipboard(page);
}

test('names typed on one page fill the commands of another, after navigation and reload, quoted per dialect', async ({
  page,
}) => {
  const scripts = scriptRequests(page);
  await openPage(page, SNOWFLAKE);
  await page.waitForLoadState('networkidle');
  const before = scripts.length;
  await expect(block(page, SNOWFLAKE_GRANT)).toBeVisible();

  await page.getByRole('button', {name: 'Your values'}).click();
  await expect(form(page)).toBeVisible();
  expect(scripts.length, 'the form is a chunk loaded when the control is opened').toBeGreaterThan(before);
  expect(await axeViolations(page, {include: 'form[aria-label="Your values"]'})).toEqual([]);

  // Snowflake keeps an unquoted name in upper case: a lower-case or hyphenated name is quoted to stay as typed.
  await form(page).getByLabel('Role', {exact: true}).fill('Data-Readers');
  // By keyboard: the field after Warehouse is Database.
  await form(page).getByLabel('Warehouse', {exact: true}).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.type('analytics_eu');
  await expect(form(page).getByLabel('Database', {exact: true})).toHaveValue('analytics_eu');
  await form(page).getByLabel('Vigil instance').fill('acme eu');
  await expect(form(page).getByLabel('Vigil instance')).toHaveAttribute('aria-invalid', 'true');
  await expect(form(page)).toContainText('the commands keep the default');
  await expect(page.locator('pre').filter({hasText: 'api/v1/secrets'}).first()).toContainText('$VIGIL_INSTANCE');
  await form(page).getByLabel('Vigil instance').fill('acme-eu');
  await expect(form(page).getByLabel('Vigil instance')).toHaveAttribute('aria-invalid', 'false');

  const grant = 'GRANT USAGE ON DATABASE "analytics_eu" TO ROLE "Data-Readers";';
  await expect(block(page, 'ON FUTURE VIEWS IN DATABASE')).toContainText(grant);
  await expect(page.locator('pre').filter({hasText: 'api/v1/secrets'}).first()).toContainText(
    'https://acme-eu.vigil.example/api/v1/secrets',
  );

  // A client-side navigation to another setup page: the instance is there, the form is still open.
  await page.getByRole('navigation', {name: 'Docs sidebar'}).getByRole('link', {name: 'PostgreSQL'}).click();
  await expect(page).toHaveURL(new RegExp(`${POSTGRESQL}$`));
  await expect(page.locator('pre').filter({hasText: 'api/v1/secrets'}).first()).toContainText(
    'https://acme-eu.vigil.example/api/v1/secrets',
  );
  await expect(form(page).getByLabel('Vigil instance')).toHaveValue('acme-eu');
  // PostgreSQL folds unquoted names to lower case: a capital is quoted.
  await form(page).getByLabel('User', {exact: true}).fill('Vigil-Reader');
  const role = `CREATE ROLE "Vigil-Reader" LOGIN PASSWORD '<vigil-password>';`;
  await expect(block(page, 'LOGIN PASSWORD')).toContainText(role);
  // A database name with a !: quoted in SQL, but no quoting keeps it out of bash's history expansion inside the
  // double-quoted psql connection string, so that command keeps the default and the form says why.
  await form(page).getByLabel('Database', {exact: true}).fill('ana!ytics');
  await expect(block(page, 'LOGIN PASSWORD')).toContainText('GRANT CONNECT ON DATABASE "ana!ytics" TO "Vigil-Reader";');
  await expect(form(page)).toContainText('has a !, which an interactive bash expands');
  await expect(page.locator('pre').filter({hasText: 'sslrootcert=<ca-bundle.pem>'}).first()).toContainText(
    'dbname=analytics',
  );

  await page.reload();
  await waitForHydration(page);
  await expect(block(page, 'LOGIN PASSWORD')).toContainText(role);
  expect(await copied(page, 'LOGIN PASSWORD')).toContain(role);

  // The API pages' panel shows the same instance.
  await openPage(page, '/docs/api/create-datastore');
  await page.getByRole('button', {name: 'Your values'}).click();
  await expect(form(page).getByLabel('VIGIL_INSTANCE')).toHaveValue('acme-eu');

  // Back on the setup page (a client-side navigation), cleared, it shows its defaults again.
  await page.goBack();
  await waitForHydration(page);
  await expect(page).toHaveURL(new RegExp(`${POSTGRESQL}$`));
  await form(page).getByRole('button', {name: 'Clear my values'}).click();
  await expect(block(page, 'LOGIN PASSWORD')).toContainText(POSTGRESQL_ROLE);
});

test('without JavaScript the page, its Markdown version and llms-full.txt keep the documented defaults', async ({
  request,
}) => {
  const $ = await servedPage(request, SNOWFLAKE);
  expect($('button').filter((_, button) => $(button).text() === 'Your values').length).toBe(0);
  expect($('pre').text()).toContain(SNOWFLAKE_GRANT);
  const twin = await request.get(`${SNOWFLAKE}.md`);
  expect(twin.status()).toBe(200);
  expect(await twin.text()).toContain(SNOWFLAKE_GRANT);
  const everything = await (await request.get('/docs/llms-full.txt')).text();
  expect(everything).toContain(SNOWFLAKE_GRANT);
  expect(everything).toContain(POSTGRESQL_ROLE);
});
