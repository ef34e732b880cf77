import {expect, openPage, test, waitForHydration} from '../support/site';

const TOGGLE = /Switch between dark and light mode/;

test('starts light even when the system prefers dark, and the toggle saves the choice under "theme"', async ({
  page,
}) => {
  await page.emulateMedia({colorScheme: 'dark'});
  await openPage(page, '/docs/intro');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
  await page.getByRole('button', {name: TOGGLE}).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', {name: TOGGLE}).click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
});

test('clearing the stored choice falls back to light', async ({page}) => {
  await page.emulateMedia({colorScheme: 'dark'});
  await openPage(page, '/docs/intro');
  await page.getByRole('button', {name: TOGGLE}).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.evaluate(() => localStorage.removeItem('theme'));
  await page.reload();
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('a change of the system color scheme clears the stored choice and returns to light', async ({page}) => {
  await openPage(page, '/docs/intro');
  await page.getByRole('button', {name: TOGGLE}).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({colorScheme: 'dark'});
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
});

test('a second tab follows a change made in the first', async ({context}) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await openPage(first, '/docs/intro');
  await openPage(second, '/docs/features/');
  await expect(second.locator('html')).toHaveAttribute('data-theme', 'light');
  await first.getByRole('button', {name: TOGGLE}).click();
  await expect(first.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');
  await first.getByRole('button', {name: TOGGLE}).click();
  await expect(second.locator('html')).toHaveAttribute('data-theme', 'light');
});
