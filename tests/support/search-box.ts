import type {Locator, Page} from '@playwright/test';
import {FIRST_SEARCH_TIMEOUT, expect} from './site';

/** The navbar's search box (`src/components/SearchBox`). */
export const searchBox = (page: Page): Locator => page.getByRole('combobox', {name: 'Search'});

/** The suggestions of the search box: the pages, then the link to all results. */
export const suggestions = (page: Page): Locator =>
  page.getByRole('listbox', {name: 'Search suggestions'}).getByRole('option');

/**
 * Types `query` into the search box and waits until the suggestions are those of `query` (the list ends with
 * "See all … results for “query”"); returns the pages suggested, in order, as paths with their anchor.
 */
export async function suggestedPages(page: Page, query: string): Promise<string[]> {
  const box = searchBox(page);
  await box.fill(query);
  const options = suggestions(page);
  await expect(options.last()).toContainText(`“${query.trim()}”`, {timeout: FIRST_SEARCH_TIMEOUT});
  const hrefs = await options.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.slice(0, -1);
}
