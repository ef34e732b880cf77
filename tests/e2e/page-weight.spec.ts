import {readFileSync} from 'node:fs';
import {pageDownloads, pageWeight, VIEWPORTS} from '../../scripts/page-weight.mjs';
import {expect, takeExpectedConsole, test} from '../support/site';

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

// Each page loads in a fresh context, so nothing is cached; what counts is defined in scripts/page-weight.mjs.
for (const viewport of ['desktop', 'phone'] as const) {
  test.describe(`page weight budgets (bench/budgets.json) at ${viewport} width`, () => {
    test.use(VIEWPORTS[viewport]);
    // The network must then stay idle for 2 s; the API request panel (5 MB) is among the downloads at desktop width.
    test.describe.configure({timeout: 120_000});

    for (const {kind, path, budget} of budgets.pages) {
      test(`${kind} ${path} stays within its budgets`, async ({page, consoleGuard}) => {
        const downloads = await pageDownloads(page, path);
        expect(downloads.status, 'status').toBe(kind === 'notFound' ? 404 : 200);
        if (kind === 'notFound') {
          // The browser logs the document's own 404 status, which is expected here.
          takeExpectedConsole(consoleGuard, /^console error: Failed to load resource: the server responded with a status of 404 \(Not Found\)$/, {first: true});
        }
        expect(downloads.js.length, 'scripts downloaded').toBeGreaterThan(0);
        const weight = pageWeight(downloads, {brotli: false});
        const problems: string[] = [];
        if (weight.html.raw > budget.html) problems.push(`HTML ${weight.html.raw} bytes > budget ${budget.html}`);
        if (weight.js.gzip > budget.jsGzip) {
          problems.push(`gzipped JS ${weight.js.gzip} bytes in ${weight.js.files} files > budget ${budget.jsGzip}; largest: ${largest(weight.js.list)}`);
        }
        if (weight.css.gzip > budget.cssGzip) {
          problems.push(`gzipped CSS ${weight.css.gzip} bytes > budget ${budget.cssGzip}; largest: ${largest(weight.css.list)}`);
        }
        expect(problems, `${kind} ${path} at ${viewport} width over budget`).toEqual([]);
      });
    }
  });
}
