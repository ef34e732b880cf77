import {pageDownloads, pageWeight, VIEWPORTS} from '../../tools/page-weight.mjs';
import {budgets} from '../support/budgets';
import {expect, guardPage, test} from '../support/site';

type FileSize = {path: string; gzip: number};

/**
 * How many weighings run at once. Most of a weighing is the 2 s of quiet network the definition waits for
 * (tools/page-weight.mjs), so several overlap their waits; more would only queue on the CPU.
 */
const WEIGHINGS_AT_ONCE = 4;

/** The largest files of a list (sorted largest first), named for a failure message. */
function largest(files: FileSize[], count = 5): string {
  return files
    .slice(0, count)
    .map((file) => `${file.path.split('/').pop()} ${file.gzip}`)
    .join(', ');
}

/** Runs `work` on every item, at most `limit` at a time; the results in the order of `items`. */
async function eachAtMost<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({length: Math.min(limit, items.length)}, lane));
  return results;
}

// Every page of bench/budgets.json at both widths, each weighing in a fresh context, so nothing is cached.
test('every page kind stays within its page-weight budgets at desktop and phone width (bench/budgets.json)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const weighings = budgets.pages.flatMap((page) =>
    (['desktop', 'phone'] as const).map((viewport) => ({...page, viewport})),
  );
  const results = await eachAtMost(weighings, WEIGHINGS_AT_ONCE, async (weighing) => {
    const context = await browser.newContext({...VIEWPORTS[weighing.viewport], baseURL});
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      await guardPage(page, errors, new URL(baseURL ?? 'http://127.0.0.1').origin);
      return {...weighing, downloads: await pageDownloads(page, weighing.path), errors};
    } finally {
      await context.close();
    }
  });
  const problems: string[] = [];
  // Most files are shared by every page: each body is compressed once.
  const sizes = new Map();
  const jsOf = new Map<string, number>();
  for (const {kind, path, budget, viewport, downloads, errors} of results) {
    const where = `${kind} ${path} at ${viewport} width`;
    expect(downloads.status, `${where}: status`).toBe(kind === 'notFound' ? 404 : 200);
    // The browser logs the document's own 404 status on the not-found page, which is what it is for.
    const expected =
      kind === 'notFound'
        ? /^console error: Failed to load resource: the server responded with a status of 404 \(Not Found\)$/
        : undefined;
    expect(
      errors.filter((error) => !expected?.test(error)),
      `${where}: console errors, page errors or foreign requests`,
    ).toEqual([]);
    expect(downloads.js.length, `${where}: scripts downloaded`).toBeGreaterThan(0);
    const weight = pageWeight(downloads, {brotli: false, cache: sizes});
    jsOf.set(`${kind} ${viewport}`, weight.js.gzip);
    if (weight.html.raw > budget.html) problems.push(`${where}: HTML ${weight.html.raw} bytes > budget ${budget.html}`);
    if (weight.js.gzip > budget.jsGzip) {
      problems.push(
        `${where}: gzipped JS ${weight.js.gzip} bytes in ${weight.js.files} files > budget ${budget.jsGzip}; largest: ${largest(weight.js.list)}`,
      );
    }
    if (weight.css.gzip > budget.cssGzip) {
      problems.push(
        `${where}: gzipped CSS ${weight.css.gzip} bytes > budget ${budget.cssGzip}; largest: ${largest(weight.css.list)}`,
      );
    }
  }
  // An operation page's own code (its samples panel loads when opened) stays within a few kB of a doc page's.
  for (const viewport of ['desktop', 'phone']) {
    const doc = jsOf.get(`doc ${viewport}`)!;
    for (const kind of ['apiOperation', 'apiOperationWithBody']) {
      const operation = jsOf.get(`${kind} ${viewport}`)!;
      if (operation - doc > budgets.apiOperationOverDoc.jsGzip)
        problems.push(
          `${kind} at ${viewport} width: ${operation} bytes of gzipped JS, ${operation - doc} more than the doc page (at most ${budgets.apiOperationOverDoc.jsGzip})`,
        );
    }
  }
  expect(problems, 'pages over budget').toEqual([]);
});
