// Interventions of src/upstream/ whose effect only a browser shows (the others: tests/build/upstream-patches.spec.ts).
import {recordRerenders, rerenderedAfterHydration} from '../support/react-fibers';
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

test('staged-client-entry: the collation data loads before hydration, not during it', async ({page}) => {
  // Every localeCompare of the page, with whether React had started on the page's container when it was made.
  await page.addInitScript(() => {
    const compare = String.prototype.localeCompare;
    const calls: {receiver: string; duringHydration: boolean}[] = [];
    (window as unknown as {localeComparisons: typeof calls}).localeComparisons = calls;
    String.prototype.localeCompare = function (this: string, ...args: Parameters<typeof compare>) {
      const container = document.getElementById('__docusaurus');
      const duringHydration = !!container && Object.keys(container).some((key) => key.startsWith('__reactContainer'));
      calls.push({receiver: String(this), duringHydration});
      return compare.apply(this, args);
    };
  });
  // The docs code sorts its plugins with localeCompare while the page hydrates.
  await openPage(page, '/docs/api/create-job');
  const calls = await page.evaluate(
    () => (window as unknown as {localeComparisons: {receiver: string; duringHydration: boolean}[]}).localeComparisons,
  );
  expect(
    calls.some((call) => call.duringHydration),
    'the theme compares strings while the page hydrates',
  ).toBe(true);
  expect(calls[0]).toEqual({receiver: 'vigil-collation', duringHydration: false});
});

test('sidebar-category-href: once the page has hydrated, only the sidebar categories without a link of their own render again', async ({
  page,
}) => {
  await page.setViewportSize({width: 1280, height: 800});
  await recordRerenders(page, 'li.theme-doc-sidebar-item-category');
  await openPage(page, '/docs/api/update-datastore');
  // The commits that follow hydration: the theme's own, and the idle ones.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, {timeout: 2000})));
  const categories = page.locator('.theme-doc-sidebar-menu li.theme-doc-sidebar-item-category > div > a');
  // A category with its own page links it; one without has "#" once the page has hydrated (its first item before).
  const ownLinks = await categories.evaluateAll((links) =>
    links.map((link) => link.getAttribute('href')).filter((href) => href && href !== '#'),
  );
  expect(ownLinks.length, 'categories with their own page in the API sidebar').toBeGreaterThan(10);
  const rerendered = (await rerenderedAfterHydration(page)).flat();
  expect(rerendered.filter(({href}) => href !== '#')).toEqual([]);
});

test("docs-preferred-version: once the page has hydrated, the navbar's doc links do not render again", async ({
  page,
}) => {
  await page.setViewportSize({width: 1280, height: 800});
  await recordRerenders(page, 'a.navbar__item');
  await openPage(page, '/docs/api/update-datastore');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, {timeout: 2000})));
  // The docs' links of the navbar read the preferred version (the docs plugin's navbar items).
  await expect(page.locator('a.navbar__item[href="/docs/intro"]').first()).toBeVisible();
  expect((await rerenderedAfterHydration(page)).flat()).toEqual([]);
});

test('docs-preferred-version: a preferred version in storage still reaches the page', async ({page}) => {
  // What the provider reads on mount: a stored version that no longer exists is cleared, as the docs plugin does.
  await page.addInitScript(() => localStorage.setItem('docs-preferred-version-default', 'no-such-version'));
  await openPage(page, '/docs/intro');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBeNull();
});
