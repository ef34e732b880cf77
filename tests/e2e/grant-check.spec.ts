// The grant check under "Check the grants" of a datastore page (src/components/GrantCheck), on the PostgreSQL page:
// its code loads only when the reader uses it; a pasted output with one grant missing lists that grant and the
// page's statement for it, which the code block copies; an output it cannot read gets the formats it reads; the
// page's own output reads as all in place. Without JavaScript, the page shows the check and its output, no form.
// What each datastore's check reads is tested without a browser (tests/unit/grant-requirements.spec.ts).
import {axeViolations} from '../support/axe';
import {readClipboard} from '../support/clipboard';
import {codeBlocks, readMarkdown} from '../support/content';
import {
  expect,
  holdScripts,
  openPage,
  scriptRequests,
  scrollIntoSettledView,
  test,
  waitForHydration,
} from '../support/site';

test.use({permissions: ['clipboard-read', 'clipboard-write']});

const PATH = '/docs/configuring-datastore/postgresql';
const LABEL = 'Paste the output of the check to see what is missing';
const pageOutput = codeBlocks(readMarkdown('docs/configuring-datastore/postgresql.md').body).find(
  (block) => block.title === 'check-grants.sql output',
)!.code;

test('the grant check loads when used, lists the missing grant with its statement, and names its formats', async ({
  page,
}) => {
  const scripts = scriptRequests(page);
  await openPage(page, PATH);
  await page.waitForLoadState('networkidle');
  const check = page.getByRole('group', {name: LABEL});
  const field = check.getByRole('textbox', {name: LABEL});
  await field.scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  const beforeUse = scripts.length;
  // The site highlights its code at build time: Prism comes only with the checker's code.
  const hasPrism = () => page.evaluate(() => 'Prism' in window);
  expect(await hasPrism(), 'Prism before the reader uses the check').toBe(false);

  // The connection limit is missing: its row says f. The reader pastes the output.
  const oneMissing = pageOutput.replace(/(CONNECTION LIMIT 10 +\| role vigil +\| )t/, '$1f');
  expect(oneMissing).not.toBe(pageOutput);
  await field.focus();
  await page.evaluate((text) => navigator.clipboard.writeText(text), oneMissing);
  await field.press('ControlOrMeta+V');
  const verdict = check.getByRole('status').filter({hasText: 'missing'});
  await expect(verdict).toContainText('One requirement is missing');
  await expect(verdict.getByRole('listitem')).toHaveText(['the connection limit: CONNECTION LIMIT 10 on role vigil']);
  expect(scripts.length, 'the check loaded its code when the reader used it').toBeGreaterThan(beforeUse);
  expect(await hasPrism(), 'Prism once the check is used').toBe(true);
  const statement = verdict.locator('pre');
  await expect(statement).toHaveText('ALTER ROLE vigil CONNECTION LIMIT 10;');
  const form = 'div[role="group"]:has(textarea)';
  await expect(page.locator(form)).toHaveCount(1);
  expect(await axeViolations(page, {include: form}), 'axe on the check').toEqual([]);
  await verdict.getByRole('button', {name: /copy/i}).click();
  expect(await readClipboard(page)).toBe('ALTER ROLE vigil CONNECTION LIMIT 10;');

  // Something else: the message names what it reads.
  await field.fill('psql: error: connection to server at "db.example" failed: timeout expired');
  await check.getByRole('button', {name: 'Check the output'}).click();
  await expect(check.getByRole('alert')).toContainText("Expected psql's table");
  await expect(check.getByRole('alert')).toContainText('psql -A');
  await expect(verdict).toHaveCount(0);

  // The page's own output: everything in place.
  await field.fill(pageOutput);
  await check.getByRole('button', {name: 'Check the output'}).click();
  await expect(check.getByRole('status')).toHaveText(
    'Everything the check lists is in place (11 rows read as psql aligned output).',
  );
});

test("with the reader's own user name, the check reads their output and lists the statement with their name", async ({
  page,
}) => {
  await openPage(page, PATH);
  await page.getByRole('button', {name: 'Your values'}).click();
  await page.getByRole('form', {name: 'Your values'}).getByRole('textbox', {name: 'User'}).fill('vigil_ro');
  // The reader ran the page's check, filled with their name: its rows name their role.
  const theirOutput = pageOutput
    .replace(/role vigil(?=\s)/g, (match) => `${match}_ro`)
    .replace(/(CONNECTION LIMIT 10 +\| role vigil_ro +\| )t/, '$1f');
  expect(theirOutput).toContain('role vigil_ro');
  const check = page.getByRole('group', {name: LABEL});
  await scrollIntoSettledView(check);
  await check.getByRole('textbox', {name: LABEL}).fill(theirOutput);
  await check.getByRole('button', {name: 'Check the output'}).click();
  const verdict = check.getByRole('status').filter({hasText: 'missing'});
  await expect(verdict.getByRole('listitem')).toHaveText([
    'the connection limit: CONNECTION LIMIT 10 on role vigil_ro',
  ]);
  await expect(verdict.locator('pre')).toHaveText('ALTER ROLE vigil_ro CONNECTION LIMIT 10;');
  await verdict.getByRole('button', {name: /copy/i}).click();
  expect(await readClipboard(page)).toBe('ALTER ROLE vigil_ro CONNECTION LIMIT 10;');
});

test('the form is drawn before the scripts run, so hydration moves nothing below it', async ({page}) => {
  const release = await holdScripts(page);
  await page.goto(PATH, {waitUntil: 'commit'});
  // The paragraph after the form (docs/configuring-datastore/postgresql.md), where it is before any script has run.
  const next = page.locator('article p', {hasText: 'names what is missing; run the matching statement'});
  const topOf = () => next.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
  await expect(next).toBeAttached();
  await page.evaluate(() => document.fonts.ready);
  const before = await topOf();
  release();
  await waitForHydration(page);
  expect(await topOf()).toBe(before);
  await expect(page.getByRole('textbox', {name: LABEL})).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({javaScriptEnabled: false});

  test('the page shows the check and its expected output, and no form', async ({page}) => {
    await page.goto(PATH);
    await expect(page.getByText('check-grants.sql output', {exact: true})).toBeVisible();
    await expect(page.getByRole('textbox', {name: LABEL})).toHaveCount(0);
  });
});
