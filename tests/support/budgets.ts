import {readFileSync} from 'node:fs';
import type {PageFrameBudget} from './api-page-frame';

export type Budget = {html: number; jsGzip: number; cssGzip: number};
/** One page of each kind the site has, with its page-weight budget. */
export type BudgetPage = {kind: string; path: string; lighthouse?: boolean; budget: Budget};

/** bench/budgets.json: the page of each kind that the benchmark and the tests measure, and its budgets. */
export const budgets = JSON.parse(readFileSync('bench/budgets.json', 'utf8')) as {
  definition: string;
  pages: BudgetPage[];
  /** How much more JS an API operation page may download than the doc page, at each viewport. */
  apiOperationOverDoc: {definition: string; jsGzip: number};
  /** The most bytes of HTML and of Markdown one page of the API reference may have. */
  apiPage: {definition: string; html: number; markdown: number; frame: PageFrameBudget};
};
