import {BASE_URL, expect, frontMatter, openPage, takeExpectedConsole, test} from '../support/site';
import {operationsOf} from '../../src/openapi';
import {loadSpec} from '../support/openapi';
import {SITE_TITLE} from '../../config/site-constants';

const createDatastore = operationsOf(loadSpec()).find((operation) => operation.operationId === 'createDatastore');

test.beforeEach(async ({page}) => {
  // As in a sandboxed iframe or under strict privacy settings: touching either storage throws.
  await page.addInitScript(() => {
    for (const name of ['localStorage', 'sessionStorage']) {
      Object.defineProperty(window, name, {
        configurable: true,
        get() {
          throw new DOMException(`Access to ${name} is denied`, 'SecurityError');
        },
      });
    }
  });
});

/** A page of each kind, and the heading it must show. */
const PAGES: Array<[string, string]> = [
  [BASE_URL, SITE_TITLE],
  ['/docs/intro', String(frontMatter('docs/intro.md').title)],
  ['/docs/blog', 'Blog'],
  [`/docs/api/${createDatastore?.slug}`, String(createDatastore?.summary)],
];

for (const [path, heading] of PAGES) {
  test(`without browser storage ${path} renders, and only a console warning results`, async ({page, consoleGuard}) => {
    const response = await openPage(page, path);
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1').first()).toContainText(heading);
    await expect(page.getByText('This page crashed.')).toHaveCount(0);
    await expect(page.locator('nav.navbar')).toBeVisible();
    await expect(page.locator('footer.footer')).toBeVisible();
    takeExpectedConsole(consoleGuard, /^console warning: Docusaurus browser storage is not available/);
  });
}

test('without browser storage the color mode still toggles for the session', async ({page, consoleGuard}) => {
  await openPage(page, '/docs/intro');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  const toggle = page.getByRole('button', {name: /Switch between dark and light mode/});
  await toggle.click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  // Client-side navigation keeps the choice within the session.
  await page.locator('nav.navbar').getByRole('link', {name: 'Features', exact: true}).click();
  await expect(page).toHaveURL(/\/docs\/features\/$/);
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await toggle.click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  // The announcement bar can still be closed.
  const announcementBar = page.getByRole('banner').filter({hasText: 'Browse the API reference'});
  await announcementBar.getByRole('button', {name: 'Close'}).click();
  await expect(announcementBar).toHaveCount(0);
  takeExpectedConsole(consoleGuard, /^console warning: Docusaurus browser storage is not available/);
});
