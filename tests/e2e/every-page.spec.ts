import {expect, openPage, sitemapPaths, test} from '../support/site';

// Every page of the production build, from its sitemap: a page added tomorrow is tested tomorrow.
//
// Pages are loaded in batches, one browser page per batch: a fresh browser context per page cost about
// 3.7 s, nearly all of it compiling the same bundles again (an API operation page runs about 2 MB of
// JavaScript) with an empty cache; a reused page keeps the HTTP and code caches, as a reader's browser does,
// and still loads, renders and hydrates each page in full. The batches run in parallel on the workers.
const PAGES_PER_BATCH = 12;

const paths = sitemapPaths();
const batches = Array.from({length: Math.ceil(paths.length / PAGES_PER_BATCH)}, (_, index) =>
  paths.slice(index * PAGES_PER_BATCH, (index + 1) * PAGES_PER_BATCH),
);

test.describe.configure({mode: 'parallel'});

for (const batch of batches) {
  test(`${batch[0]} … ${batch.at(-1)} (${batch.length} pages) render without console errors`, async ({page, consoleGuard}) => {
    // A hang guard, generous for a loaded machine: a minute per page, as when each page was a test of its own.
    test.setTimeout(batch.length * 60_000);
    for (const path of batch) {
      const before = consoleGuard.length;
      const response = await openPage(page, path);
      expect.soft(response?.status(), path).toBe(200);
      await expect.soft(page.locator('h1').first(), path).toBeVisible();
      await expect.soft(page, path).toHaveTitle(/ \| Vigil$/);
      // Name the page in what the console guard reports at the end of the test.
      for (let index = before; index < consoleGuard.length; index += 1) {
        consoleGuard[index] = `${path}: ${consoleGuard[index]}`;
      }
    }
  });
}
