import {expect, openPage, test, waitForHydration} from '../support/site';
import {ANNOUNCEMENT_VARIANT_DIR, CURRENT_ANNOUNCEMENT_ID, NEW_ANNOUNCEMENT_ID} from '../support/announcement-variant';
import {servePrefixed} from '../support/prefixed-static-server';
import {BASE_URL} from '../../config/site-constants';

const BAR = 'div[class^="announcementBar_"]';

test('the announcement bar is shown until dismissed, and the dismissal survives a reload', async ({page}) => {
  await openPage(page, '/docs/intro');
  const bar = page.locator(BAR);
  await expect(bar).toContainText('Browse the API reference');
  await expect(bar.getByRole('link', {name: 'Browse the API reference'})).toHaveAttribute('href', '/docs/api');
  await bar.getByRole('button', {name: 'Close'}).click();
  await expect(bar).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id'))).toBe(CURRENT_ANNOUNCEMENT_ID);
  await page.reload();
  await waitForHydration(page);
  await expect(bar).toHaveCount(0);
  // Another page of the site, loaded in full, keeps it dismissed too.
  await openPage(page, '/docs/features/');
  await expect(bar).toHaveCount(0);
});

test('a build with a different announcement id shows the bar again to a reader who dismissed it', async ({page, baseURL}) => {
  await openPage(page, '/docs/intro');
  await page.locator(BAR).getByRole('button', {name: 'Close'}).click();
  await page.reload();
  await waitForHydration(page);
  await expect(page.locator(BAR)).toHaveCount(0);

  // The site is redeployed under the reader: same origin, same storage, files of the other build.
  const redeployed = await servePrefixed(ANNOUNCEMENT_VARIANT_DIR, BASE_URL);
  const origin = new URL(baseURL ?? '').origin;
  try {
    await page.route(
      (url) => url.origin === origin,
      async (route) => {
        const {pathname, search} = new URL(route.request().url());
        await route.fulfill({response: await page.request.fetch(`${redeployed.origin}${pathname}${search}`)});
      },
    );
    await page.reload();
    await waitForHydration(page);
    await expect(page.locator(BAR)).toContainText('Browse the API reference');
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id'))).toBe(NEW_ANNOUNCEMENT_ID);
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('false');
  } finally {
    await page.unrouteAll({behavior: 'ignoreErrors'});
    await redeployed.close();
  }
});
