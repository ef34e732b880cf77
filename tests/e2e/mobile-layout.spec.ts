import {recordRerenders, rerenderedAfterHydration} from '../support/react-fibers';
import {expect, openPage, test} from '../support/site';

/** Docusaurus switches to the desktop layout above this window width (site specification, section 9). */
const DESKTOP_MIN_WIDTH = 997;

test.use({viewport: {width: 800, height: 900}});

test('below 996 px the menu toggle opens and closes the sidebar menu', async ({page}) => {
  await openPage(page, '/docs/intro');
  const toggle = page.getByRole('button', {name: 'Toggle navigation bar'});
  const menu = page.locator('.navbar-sidebar');
  await expect(toggle).toBeVisible();
  await expect(page.locator('.theme-doc-sidebar-container')).toBeHidden();
  await expect(menu).toBeHidden();
  await toggle.click();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', {name: 'Configure Datastore'}).first()).toBeVisible();
  await page.getByRole('button', {name: 'Close navigation bar'}).click();
  await expect(menu).toBeHidden();
});

test('the menu opens a page of the docs sidebar and closes after navigating', async ({page}) => {
  await openPage(page, '/docs/intro');
  await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  const menu = page.locator('.navbar-sidebar');
  // The menu shows the docs sidebar of the current page; its "back to main menu" leads to the navbar items.
  await menu.getByRole('button', {name: /Back to main menu/}).click();
  await menu.locator('.navbar-sidebar__item').first().getByRole('link', {name: 'Features', exact: true}).click();
  await expect(page).toHaveURL(/\/docs\/features\/$/);
  await expect(menu).toBeHidden();
});

test('back navigation closes the open menu and keeps the reader on the page', async ({page}) => {
  await openPage(page, '/docs/intro');
  const pathname = '/docs/product/glossary';
  await page.locator(`article a[href="${pathname}"]`).first().click();
  await page.waitForURL((url) => url.pathname === pathname);
  await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  await expect(page.locator('.navbar-sidebar')).toBeVisible();
  await page.evaluate(() => history.back());
  await expect(page.locator('.navbar-sidebar')).toBeHidden();
  await expect.poll(() => new URL(page.url()).pathname).toBe(pathname);
  // With the menu closed, back navigates as usual.
  await page.evaluate(() => history.back());
  await expect.poll(() => new URL(page.url()).pathname).toBe('/docs/intro');
});

test('the menu closes when the window grows to the desktop layout', async ({page}) => {
  await openPage(page, '/docs/intro');
  await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  await expect(page.locator('.navbar-sidebar')).toBeVisible();
  await page.setViewportSize({width: DESKTOP_MIN_WIDTH - 1, height: 900});
  await expect(page.locator('.navbar-sidebar')).toBeVisible();
  await page.setViewportSize({width: DESKTOP_MIN_WIDTH, height: 900});
  await expect(page.locator('nav.navbar')).not.toHaveClass(/navbar-sidebar--show/);
  await expect(page.locator('.theme-doc-sidebar-container')).toBeVisible();
  await expect(page.getByRole('button', {name: 'Toggle navigation bar'})).toBeHidden();
  // Back to mobile: the menu stays closed until the reader opens it again.
  await page.setViewportSize({width: 800, height: 900});
  await expect(page.locator('.navbar-sidebar')).toBeHidden();
});

test.describe('on a phone', () => {
  test.use({viewport: {width: 390, height: 844}});

  // Idle callbacks wait until the test runs them.
  test.beforeEach(async ({page}) => {
    await page.addInitScript(() => {
      const held: (() => void)[] = [];
      const idle = window as unknown as {runIdleCallbacks: () => void};
      idle.runIdleCallbacks = () => held.splice(0).forEach((run) => run());
      window.requestIdleCallback = (callback: IdleRequestCallback) =>
        held.push(() => callback({didTimeout: false, timeRemaining: () => 50}));
      window.cancelIdleCallback = () => undefined;
    });
  });

  test('the menu is rendered once the page is idle, not while it hydrates, and then slides in', async ({page}) => {
    await openPage(page, '/docs/intro');
    // The theme renders its phone menu in the commit that marks the page hydrated; this site waits for idle time.
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    await expect(page.locator('.navbar-sidebar')).toHaveCount(0);
    await page.evaluate(() => (window as unknown as {runIdleCallbacks: () => void}).runIdleCallbacks());
    const menu = page.locator('.navbar-sidebar');
    await expect(menu).toHaveCount(1);
    await expect(menu).toBeHidden();
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', {name: 'Configure Datastore'}).first()).toBeVisible();
  });

  test('a reader who opens the menu before the page is idle gets it at once', async ({page}) => {
    await openPage(page, '/docs/api/create-job');
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    const menu = page.locator('.navbar-sidebar');
    await expect(menu).toBeVisible();
    await page.getByRole('button', {name: 'Close navigation bar'}).click();
    await expect(menu).toBeHidden();
  });
});

test('the navbar links do not render again when the phone menu comes into being, opens or closes', async ({page}) => {
  await page.setViewportSize({width: 390, height: 844});
  // The links of the navbar's left side (config/navbar.ts): the right side's version item reads the docs' state.
  const LINKS = '.navbar__items:not(.navbar__items--right) a.navbar__item';
  await recordRerenders(page, LINKS);
  await openPage(page, '/docs/intro');
  const menu = page.locator('.navbar-sidebar');
  await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  await expect(menu).toBeVisible();
  await page.getByRole('button', {name: 'Close navigation bar'}).click();
  await expect(menu).toBeHidden();
  // The links are there (the theme hides them on a phone, where the menu lists them).
  expect(await page.locator(LINKS).count()).toBeGreaterThan(3);
  expect((await rerenderedAfterHydration(page)).flat()).toEqual([]);
});
