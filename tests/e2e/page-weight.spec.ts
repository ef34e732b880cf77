import {readFileSync} from 'node:fs';
import {pageDownloads, pageWeight, VIEWPORTS} from '../../scripts/page-weight.mjs';
import {expect, guardPage, test} from '../support/site';

type Budget = {html: number; jsGzip: number; cssGzip: number};
type BudgetFile = {definition: string; pages: {kind: string; path: string; budget: Budget}[]};
type FileSize = {path: string; gzip: number};

const budgets = JSON.parse(readFileSync('bench/budgets.json', 'utf8')) as BudgetFile;

/** The largest files of a list (sorted largest first), named for a failure message. */
function largest(files: FileSize[], count = 5): string {
  return files
    .slice(0, count)
    .map((file) => `${file.path.split('/').pop()} ${file.gzip}`)
    .join(', ');
}

// Each page is weighed at both widths at once, each in a fresh context, so nothing is cached: most of a
// weighing is the 2 s of quiet network the definition waits for (scripts/page-weight.mjs).
test.describe('page weight budgets (bench/budgets.json) at desktop and phone width', () => {
  test.describe.configure({mode: 'parallel', timeout: 120_000});

  for (const {kind, path, budget} of budgets.pages) {
    test(`${kind} ${path} stays within its budgets`, async ({browser, baseURL}) => {
      const weighings = (['desktop', 'phone'] as const).map(async (viewport) => {
        const context = await browser.newContext({...VIEWPORTS[viewport], baseURL});
        try {
          const page = await context.newPage();
          const errors: string[] = [];
          await guardPage(page, errors, new URL(baseURL ?? 'http://127.0.0.1').origin);
          const downloads = await pageDownloads(page, path);
          return {viewport, downloads, errors};
        } finally {
          await context.close();
        }
      });
      const problems: string[] = [];
      for (const {viewport, downloads, errors} of await Promise.all(weighings)) {
        expect(downloads.status, `${viewport}: status`).toBe(kind === 'notFound' ? 404 : 200);
        // The browser logs the document's own 404 status on the not-found page, which is what it is for.
        const expected = kind === 'notFound' ? /^console error: Failed to load resource: the server responded with a status of 404 \(Not Found\)$/ : undefined;
        expect(errors.filter((error) => !expected?.test(error)), `${viewport}: console errors, page errors or foreign requests`).toEqual([]);
        expect(downloads.js.length, `${viewport}: scripts downloaded`).toBeGreaterThan(0);
        const weight = pageWeight(downloads, {brotli: false});
        if (weight.html.raw > budget.html) problems.push(`${viewport}: HTML ${weight.html.raw} bytes > budget ${budget.html}`);
        if (weight.js.gzip > budget.jsGzip) {
          problems.push(`${viewport}: gzipped JS ${weight.js.gzip} bytes in ${weight.js.files} files > budget ${budget.jsGzip}; largest: ${largest(weight.js.list)}`);
        }
        if (weight.css.gzip > budget.cssGzip) {
          problems.push(`${viewport}: gzipped CSS ${weight.css.gzip} bytes > budget ${budget.cssGzip}; largest: ${largest(weight.css.list)}`);
        }
      }
      expect(problems, `${kind} ${path} over budget`).toEqual([]);
    });
  }
});
