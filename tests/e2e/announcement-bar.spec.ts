import type {Page} from '@playwright/test';
import {expect, openPage, test, waitForHydration} from '../support/site';
import {announcementIdFromEnv} from '../../config/site-constants';

/** The id the build under test was made with (ANNOUNCEMENT_ID at build time, as in the test command). */
const ANNOUNCEMENT_ID = announcementIdFromEnv(process.env.ANNOUNCEMENT_ID);
const ID_KEY = 'docusaurus.announcement.id';
const DISMISS_KEY = 'docusaurus.announcement.dismiss';

const announcementBar = (page: Page) => page.getByRole('banner').filter({hasText: 'Browse the API reference'});

test('the announcement bar is shown until dismissed, and the dismissal survives a reload', async ({page}) => {
  await openPage(page, '/docs/intro');
  const bar = announcementBar(page);
  await expect(bar.getByRole('link', {name: 'Browse the API reference'})).toHaveAttribute('href', '/docs/api');
  await bar.getByRole('button', {name: 'Close'}).click();
  await expect(bar).toHaveCount(0);
  expect(await page.evaluate((key) => localStorage.getItem(key), ID_KEY)).toBe(ANNOUNCEMENT_ID);
  await page.reload();
  await waitForHydration(page);
  await expect(bar).toHaveCount(0);
  // Another page of the site, loaded in full, keeps it dismissed too.
  await openPage(page, '/docs/features/');
  await expect(bar).toHaveCount(0);
});

test('a reader who dismissed an earlier announcement sees the bar of a new announcement id', async ({page}) => {
  // The browser of a reader who closed the bar of a previous deployment, whose announcement had another id.
  await page.addInitScript(
    ([idKey, dismissKey, id]) => {
      if (localStorage.getItem(idKey) === null) {
        localStorage.setItem(idKey, id);
        localStorage.setItem(dismissKey, 'true');
      }
    },
    [ID_KEY, DISMISS_KEY, `${ANNOUNCEMENT_ID}-previous`],
  );
  await openPage(page, '/docs/intro');
  await expect(announcementBar(page).getByRole('link', {name: 'Browse the API reference'})).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), ID_KEY)).toBe(ANNOUNCEMENT_ID);
  expect(await page.evaluate((key) => localStorage.getItem(key), DISMISS_KEY)).toBe('false');
});

test('the close button is named for what it closes, and its whole icon shows inside the bar, at desktop and phone width', async ({
  page,
}) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({width, height: 800});
    await openPage(page, '/docs/intro');
    const bar = announcementBar(page);
    const close = bar.getByRole('button', {name: 'Close announcement', exact: true});
    await expect(close, `${width} px`).toBeVisible();
    // What a reader sees of the icon: inside the bar, and not covered (the navbar below the bar hid its lower half).
    const placement = await close.evaluate((button) => {
      const icon = button.querySelector('svg')!.getBoundingClientRect();
      const bar = button.closest('[role="banner"]')!.getBoundingClientRect();
      const points = [
        [icon.left + 1, icon.top + 1],
        [icon.right - 1, icon.top + 1],
        [icon.left + icon.width / 2, icon.top + icon.height / 2],
        [icon.left + 1, icon.bottom - 1],
        [icon.right - 1, icon.bottom - 1],
      ];
      return {
        inside: icon.top >= bar.top && icon.bottom <= bar.bottom,
        covered: points.filter(([x, y]) => !button.contains(document.elementFromPoint(x, y))).length,
        size: Math.min(icon.width, icon.height),
      };
    });
    expect(placement, `${width} px`).toEqual({inside: true, covered: 0, size: expect.any(Number)});
    expect(placement.size, `${width} px: icon size`).toBeGreaterThanOrEqual(12);
  }
});
