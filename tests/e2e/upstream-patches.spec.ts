// Interventions of src/upstream/ whose effect only a browser shows (the others: tests/build/upstream-patches.spec.ts).
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
