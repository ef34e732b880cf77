import {readFileSync} from 'node:fs';
import {assetsBeforeInteractive, pageWeight} from '../../scripts/page-weight.mjs';
import {expect, takeExpectedConsole, test} from '../support/site';

type Budget = {html: number; jsGzip: number; cssGzip: number};
type BudgetFile = {definition: string; pages: {kind: string; path: string; budget: Budget}[]};

const budgets = JSON.parse(readFileSync('bench/budgets.json', 'utf8')) as BudgetFile;

test.describe('page weight budgets (bench/budgets.json)', () => {
  // One browser page loads one page of each kind; byte counts come from build/ (see scripts/page-weight.mjs).
  test('every page kind stays within its byte budgets', async ({page, consoleGuard}) => {
    test.slow(); // six page loads in one test
    const problems: string[] = [];
    for (const {kind, path, budget} of budgets.pages) {
      const assets = await assetsBeforeInteractive(page, path);
      expect(assets.status, `${kind} ${path} status`).toBe(kind === 'notFound' ? 404 : 200);
      if (kind === 'notFound') {
        // The browser logs the document's own 404 status, which is expected here.
        takeExpectedConsole(consoleGuard, /^console error: Failed to load resource: the server responded with a status of 404 \(Not Found\)$/, {first: true});
      }
      expect(assets.js.length, `${kind} ${path} loads scripts`).toBeGreaterThan(0);
      const weight = pageWeight('build', path, assets);
      const checks: [string, number, number][] = [
        ['HTML bytes', weight.html.raw, budget.html],
        ['gzipped JS before interactive', weight.js.gzip, budget.jsGzip],
        ['gzipped CSS before interactive', weight.css.gzip, budget.cssGzip],
      ];
      for (const [what, measured, allowed] of checks) {
        if (measured > allowed) problems.push(`${kind} ${path}: ${what} ${measured} > budget ${allowed}`);
      }
    }
    expect(problems, 'pages over budget').toEqual([]);
  });
});
