import {expect, openPage, test} from '../support/site';

/** The docs plugins of the site and the one version each has ("current", labelled Next). */
const PLUGINS = ['default', 'api'];
const key = (pluginId: string) => `docs-preferred-version-${pluginId}`;

test('the version preference is kept per docs plugin under docs-preferred-version-*, and a name that does not exist is cleared', async ({
  page,
}) => {
  await page.addInitScript((keys) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem(keys[0], '0.9');
      localStorage.setItem(keys[1], 'current');
      sessionStorage.setItem('seeded', '1');
    }
  }, PLUGINS.map(key));
  await openPage(page, '/docs/intro');
  await openPage(page, '/docs/api');
  await expect.poll(() => page.evaluate((name) => localStorage.getItem(name), key('default'))).toBeNull();
  expect(await page.evaluate((name) => localStorage.getItem(name), key('api'))).toBe('current');
  // The version link still leads to the latest docs.
  await expect(page.locator('nav.navbar').getByRole('link', {name: 'Next'})).toHaveAttribute('href', '/docs/intro');
});
