import type {Page} from '@playwright/test';
import {expect, openPage, test} from '../support/site';

const sidebar = (page: Page) => page.locator('nav[aria-label="Docs sidebar"]');

/** The list of the sidebar category named `label`. */
const categoryList = (page: Page, label: string) =>
  sidebar(page).locator('li.theme-doc-sidebar-item-category').filter({hasText: label}).locator('> ul.menu__list');

/**
 * Expands a category and waits until its list has opened all the way (the theme gives the list back its visible
 * overflow when the height transition ends). Its links are visible from the frame the list is shown, and what is
 * below it then moves for about 300 ms (214 px for "Features" under "Data Catalog"): a click there at that time can
 * press one element and release over another, which is no click at all.
 */
async function expandCategory(page: Page, label: string) {
  await sidebar(page)
    .getByRole('button', {name: `Expand sidebar category '${label}'`})
    .click();
  await expect(categoryList(page, label)).toHaveCSS('overflow-y', 'visible');
}

/** Records every `transition` the category's collapsible list is given while it collapses. */
async function collapseAndRecordTransitions(page: Page, label: string): Promise<string[]> {
  const list = categoryList(page, label);
  await list.evaluate((element) => {
    const seen: string[] = [];
    (window as unknown as {collapseTransitions: string[]}).collapseTransitions = seen;
    new MutationObserver(() => {
      const {transition} = (element as HTMLElement).style;
      if (transition && seen.at(-1) !== transition) seen.push(transition);
    }).observe(element, {attributes: true, attributeFilter: ['style']});
  });
  await sidebar(page)
    .getByRole('button', {name: `Collapse sidebar category '${label}'`})
    .click();
  await expect(list).toBeHidden();
  return page.evaluate(() => (window as unknown as {collapseTransitions: string[]}).collapseTransitions);
}

test('categories expand and collapse, and expanding one does not collapse another', async ({page}) => {
  await openPage(page, '/docs/intro');
  const glue = sidebar(page).getByRole('link', {name: 'AWS Glue Data Catalog'});
  const rules = sidebar(page).getByRole('link', {name: 'Rules', exact: true});
  await expect(glue).toBeHidden();
  await expandCategory(page, 'Data Catalog');
  await expect(glue).toBeVisible();
  await expandCategory(page, 'Features');
  await expect(rules).toBeVisible();
  await expect(glue).toBeVisible();
  // Navigating into another category keeps both open (no auto-collapse).
  await rules.click();
  await expect(page).toHaveURL(/\/docs\/features\/rules$/);
  await expect(glue).toBeVisible();
  await sidebar(page).getByRole('button', {name: "Collapse sidebar category 'Data Catalog'"}).click();
  await expect(glue).toBeHidden();
  await expect(rules).toBeVisible();
});

test('collapsing animates the height over a duration derived from the content', async ({page}) => {
  await openPage(page, '/docs/intro');
  const transitions = await collapseAndRecordTransitions(page, 'Configure Datastore');
  expect(transitions.length).toBeGreaterThan(0);
  for (const transition of transitions) {
    const [, duration] = /^height (\d+)ms ease-in-out$/.exec(transition) ?? [];
    expect(Number(duration), transition).toBeGreaterThan(100);
  }
});

test('under prefers-reduced-motion collapsing is immediate', async ({page}) => {
  await page.emulateMedia({reducedMotion: 'reduce'});
  await openPage(page, '/docs/intro');
  const transitions = await collapseAndRecordTransitions(page, 'Configure Datastore');
  expect(transitions).toEqual(['height 1ms ease-in-out']);
});
