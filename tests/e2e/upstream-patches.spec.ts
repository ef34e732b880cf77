// Interventions of src/upstream/ whose effect only a browser shows (the others: tests/build/upstream-patches.spec.ts).
import {operationsOf} from '../../src/openapi';
import {loadSpec} from '../support/openapi';
import {expect, openPage, test} from '../support/site';

test("staged-client-entry: the main bundle's own task ends before Docusaurus' client entry runs, and the page then hydrates", async ({
  page,
}) => {
  // A script's load event is fired right after it has run, in the same task: what clientEntry.js sets
  // (window.docusaurus) is not there yet when it runs in a later task.
  await page.addInitScript(() => {
    document.addEventListener(
      'load',
      (event) => {
        const script = event.target;
        if (script instanceof HTMLScriptElement && /\/main\.[0-9a-f]+\.js$/.test(script.src)) {
          (window as unknown as {clientEntryRanWithMain: boolean}).clientEntryRanWithMain = 'docusaurus' in window;
        }
      },
      true,
    );
  });
  await openPage(page, '/docs/intro');
  expect(
    await page.evaluate(() => (window as unknown as {clientEntryRanWithMain?: boolean}).clientEntryRanWithMain),
  ).toBe(false);
});

/** An operation with a path parameter: its request builder labels the parameter's location. */
const operation = operationsOf(loadSpec()).find((op) => op.kind === 'operation' && op.path.includes('{'))!;

test("api-theme-inline-opacity: the request builder's parameter locations are not dimmed, and the rule still matches them", async ({
  page,
}) => {
  await openPage(page, `/docs/api/${operation.slug}`);
  await page.getByRole('button', {name: 'Fill in your own values'}).click();
  const builder = page.getByRole('region', {name: 'Request builder'});
  await expect(builder.getByText('Base URL', {exact: true})).toBeVisible({timeout: 30_000});
  // The theme's inline style the rule of src/upstream/api-theme-inline-opacity.css targets.
  const locations = builder.locator(".openapi-explorer__form-item > span[style*='opacity']");
  await expect(locations.first()).toBeVisible();
  expect(
    await locations.evaluateAll((spans) => spans.filter((span) => getComputedStyle(span).opacity !== '1').length),
    'dimmed locations',
  ).toBe(0);
});
