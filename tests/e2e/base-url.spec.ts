import type {AddressInfo} from 'node:net';
import {expect, openPage, takeExpectedConsole, test} from '../support/site';
import {BASE_URL} from '../../config/site-constants';

test('served at a path other than /docs/, the site shows the base URL banner with a suggestion', async ({
  page,
  consoleGuard,
}) => {
  // The build deployed to the wrong folder of a static host. (An ES module that reads import.meta: imported
  // as such, not through the test transpiler.)
  const {startServer} = await import('../../tools/serve-compressed.mjs');
  const server = await startServer({port: 0, basePath: '/handbook/'});
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const response = await page.goto(`${origin}/handbook/`);
    expect(response?.status()).toBe(200);
    const banner = page.locator('#__docusaurus-base-url-issue-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Your Docusaurus site did not load properly.');
    await expect(banner).toContainText(`Current configured baseUrl = ${BASE_URL}`);
    await expect(banner.locator('#__docusaurus-base-url-issue-banner-suggestion-container')).toHaveText('/handbook/');
    // The scripts and styles under /docs/ cannot load from there: that is what the banner explains.
    takeExpectedConsole(consoleGuard, /status of 404/);
    takeExpectedConsole(consoleGuard, /^request to another host: http:\/\/127\.0\.0\.1:\d+\//);
  } finally {
    // Browsers keep connections open; close them too, or close() waits for them to time out.
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

test('served at /docs/, the site shows no base URL banner', async ({page}) => {
  await openPage(page, BASE_URL);
  // Docusaurus' check runs when the document is read, before the deferred scripts run, so the home page may
  // hold the banner; Docusaurus' CSS hides it once it loads.
  await expect(page.locator('#__docusaurus-base-url-issue-banner')).toBeHidden();
  await expect(page.getByText('Your Docusaurus site did not load properly.')).toBeHidden();
});
