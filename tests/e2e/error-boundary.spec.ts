import type {Page} from '@playwright/test';
import {expect, frontMatter, openPage, takeExpectedConsole, test} from '../support/site';

const POST = {path: '/docs/blog/welcome', title: String(frontMatter('blog/2024-03-12-welcome/index.md').title)};

/**
 * Makes one browser API throw while `window.breakApi` is true: a stand-in for a defect in a component that
 * calls it while rendering. The test turns it off again before pressing "Try again".
 */
async function breakApi(page: Page, api: 'Intl.DateTimeFormat' | 'window.matchMedia', message: string) {
  await page.addInitScript(
    ({api: name, message: text}) => {
      const flags = window as unknown as {breakApi: boolean};
      flags.breakApi = true;
      const [owner, key] = name === 'Intl.DateTimeFormat' ? [Intl, 'DateTimeFormat'] : [window, 'matchMedia'];
      const original = (owner as unknown as Record<string, (...args: unknown[]) => unknown>)[key];
      const replacement = function (this: unknown, ...args: unknown[]) {
        if (flags.breakApi) throw new Error(text);
        return new.target ? Reflect.construct(original, args) : original.apply(this, args);
      };
      Object.defineProperty(owner, key, {value: replacement, configurable: true, writable: true});
    },
    {api, message},
  );
}

test('a crash in the page content shows "This page crashed." with the error, inside the site layout; Try again recovers', async ({
  page,
  consoleGuard,
}) => {
  await breakApi(page, 'Intl.DateTimeFormat', 'date formatting failed');
  await openPage(page, POST.path);
  const main = page.locator('.main-wrapper');
  await expect(main.getByRole('heading', {level: 1})).toHaveText('This page crashed.');
  await expect(page).toHaveTitle('Page Error');
  await expect(main).toContainText('date formatting failed');
  await expect(page.locator('nav.navbar')).toBeVisible();
  await expect(page.locator('footer.footer')).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as {breakApi: boolean}).breakApi = false;
  });
  await main.getByRole('button', {name: 'Try again'}).click();
  await expect(main.getByRole('heading', {level: 1})).toHaveText(POST.title);
  await expect(main.locator('article time').first()).toBeVisible();
  await expect(page).toHaveTitle(`${POST.title} | Vigil`);
  takeExpectedConsole(consoleGuard, /date formatting failed/);
  // React reports that hydration fell back to rendering on the client: the spec's recoverable error, logged.
  takeExpectedConsole(consoleGuard, /onRecoverableError/);
});

test('a crash of the layout itself still shows the error, titled "Page Error"; Try again recovers', async ({
  page,
  consoleGuard,
}) => {
  await breakApi(page, 'window.matchMedia', 'media query failed');
  await page.goto(POST.path);
  await expect(page).toHaveTitle('Page Error');
  // Without the layout the bare error display remains: heading, button and the error text.
  await expect(page.getByRole('heading', {level: 1})).toHaveText(/^This page crashed/);
  await expect(page.locator('body')).toContainText('media query failed');
  await page.evaluate(() => {
    (window as unknown as {breakApi: boolean}).breakApi = false;
  });
  await page.getByRole('button', {name: 'Try again'}).click();
  await expect(page.locator('article h1').first()).toHaveText(POST.title);
  await expect(page).toHaveTitle(`${POST.title} | Vigil`);
  takeExpectedConsole(consoleGuard, /media query failed/);
});
