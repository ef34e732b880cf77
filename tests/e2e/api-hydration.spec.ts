// What React hydrates on a page of the API reference: its controls (the samples' tabs, copy buttons, the "Your
// values" panel), not its field lists, which stay the server's HTML (src/components/StaticSubtree). A page reached
// through the router renders them as any component; a link inside them goes through the router.
import {recordReactRoot, reactNodesInside} from '../support/react-fibers';
import {expect, openPage, test} from '../support/site';

const STATIC = '[data-static-subtree]';

test('an operation page hydrates its controls and leaves its field lists as the server sent them', async ({page}) => {
  await recordReactRoot(page);
  await page.setViewportSize({width: 1280, height: 900});
  await openPage(page, '/docs/api/create-datastore');
  // The lists are there, whole: every field of the request and the responses, as the server rendered them.
  const served = await page.locator(`${STATIC} li[id]`).count();
  expect(served).toBeGreaterThan(100);
  // A subtree inside another is plain markup of the outer one's: marked once, at the outermost.
  expect(await page.locator(`${STATIC} ${STATIC}`).count()).toBe(0);
  await expect(page.locator('#request-body-connection-snowflake-warehouse')).toHaveCount(1);
  // React holds nothing inside them: hydrating the page did not render one of their components.
  expect(await reactNodesInside(page, STATIC)).toBe(0);
  // What the reader acts on is hydrated: a language tab of the samples.
  const samples = page.locator('article').getByRole('tablist').locator('xpath=..').first();
  await samples.getByRole('tab', {name: 'Python'}).click();
  await expect(samples.getByRole('tabpanel').filter({visible: true})).toContainText('import requests');

  // A link of the site inside a list goes through the router: the page is not loaded again.
  await page.evaluate(() => Object.assign(window, {vigilSamePage: true}));
  await page
    .locator('#request-body-connection')
    .getByRole('link', {name: 'the DatastoreConnection object'})
    .first()
    .click();
  await expect(page).toHaveURL(/\/docs\/api\/objects\/datastore-connection$/);
  await expect(page.locator('article h1')).toHaveText('The DatastoreConnection object');
  expect(await page.evaluate(() => (window as unknown as {vigilSamePage?: boolean}).vigilSamePage)).toBe(true);
  // Reached through the router, a page's lists are React's, rendered in the browser, with every field.
  expect(await page.locator(`${STATIC} li[id]`).count()).toBeGreaterThan(0);
  expect(await reactNodesInside(page, STATIC)).toBeGreaterThan(0);
  // Back: the operation page again, rendered by React, its fields there.
  await page.goBack();
  await expect(page.locator('#request-body-connection-snowflake-warehouse')).toHaveCount(1);
  expect(await page.locator(`${STATIC} li[id]`).count()).toBe(served);
});

test('a page React renders anew after a hydration error still shows every field of its lists', async ({browser}) => {
  // The served page with its title changed: React's render differs from the server's markup, so it renders the
  // whole page in the browser (and reports the error: this page is not guarded against console errors).
  const page = await browser.newPage({viewport: {width: 1280, height: 900}});
  try {
    await openPage(page, '/docs/api/create-datastore');
    const fields = await page.locator(`${STATIC} li[id]`).count();
    expect(fields).toBeGreaterThan(100);
    const served = await (await page.request.get('/docs/api/create-datastore')).text();
    await page.route('**/docs/api/create-datastore', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: served.replace(/(<h1[^>]*>)([^<]+)/, '$1Not what React renders'),
      }),
    );
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await openPage(page, '/docs/api/create-datastore');
    expect(errors.join('\n'), 'React reported the mismatch').toMatch(/Minified React error #(418|423|425)/);
    // Rendered anew, the lists were empty at first: their components render them before the paint.
    await expect(page.locator('article h1')).not.toHaveText('Not what React renders');
    expect(await page.locator(`${STATIC} li[id]`).count()).toBe(fields);
  } finally {
    await page.close();
  }
});
