import type {Page} from '@playwright/test';
import {markdownFiles} from '../support/content';
import {operationsOf} from '../../src/openapi';
import {loadSpec} from '../support/openapi';
import {twinPath} from '../support/markdown-twins';
import {axeViolations} from '../support/axe';
import {expect, openPage, test} from '../support/site';

const intro = markdownFiles('docs').find((doc) => doc.file === 'docs/intro.md');
const post = markdownFiles('blog')[0];
const operation = operationsOf(loadSpec())[0];

test.use({permissions: ['clipboard-read', 'clipboard-write']});

/** An address of the site's origin that the site does not serve, answered by the test with a blank page. */
const CLIPBOARD_READER = '/clipboard-reader';

/**
 * Reads the system clipboard from a blank page of the same origin: the production server's
 * Permissions-Policy denies `clipboard-read` to the site's own pages, which never read it.
 */
async function readClipboard(page: Page): Promise<string> {
  const reader = await page.context().newPage();
  try {
    await reader.route(`**${CLIPBOARD_READER}`, (route) =>
      route.fulfill({contentType: 'text/html', body: '<!doctype html><title>clipboard</title>'}),
    );
    await reader.goto(CLIPBOARD_READER);
    return await reader.evaluate(() => navigator.clipboard.readText());
  } finally {
    await reader.close();
  }
}

test('Copy page puts the page as Markdown in the clipboard on a doc, an API page and a blog post, by mouse and keyboard', async ({
  page,
}) => {
  const cases = [
    {path: '/docs/intro', title: intro?.frontMatter.title as string, key: false},
    {path: `/docs/api/${operation.slug}`, title: operation.summary, key: true},
    {path: `/docs/blog/${post.frontMatter.slug}`, title: post.frontMatter.title as string, key: true},
  ];
  for (const {path, title, key} of cases) {
    await openPage(page, path);
    await page.evaluate(() => navigator.clipboard.writeText('before copying'));
    const button = page.getByRole('button', {name: 'Copy page'});
    if (key) {
      await button.focus();
      await page.keyboard.press('Enter');
    } else {
      await button.click();
    }
    await expect(page.getByRole('status').filter({hasText: 'Copied'}), path).toHaveText('Copied the page as Markdown');
    const clipboard = await readClipboard(page);
    expect(clipboard.startsWith(`# ${title}\n`), `${path}: clipboard starts with the title`).toBe(true);
    const link = page.getByRole('link', {name: 'View as Markdown'});
    await expect(link).toHaveAttribute('href', twinPath(path));
  }
});

test('Copy page and View as Markdown have a visible focus ring and pass axe in light and dark mode', async ({page}) => {
  for (const mode of ['light', 'dark'] as const) {
    await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    await openPage(page, '/docs/intro');
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    const button = page.getByRole('button', {name: 'Copy page'});
    await button.click();
    await expect(page.getByRole('status').filter({hasText: 'Copied'})).toBeVisible();
    const actions = button.locator('..');
    const violations = await axeViolations(page, {
      include: await actions.evaluate((node) => `.${[...node.classList].join('.')}`),
    });
    expect(violations.map((violation) => `${mode}: ${violation}`)).toEqual([]);
    for (const control of [button, page.getByRole('link', {name: 'View as Markdown'})]) {
      await control.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      const outline = await control.evaluate((node) => {
        const style = getComputedStyle(node);
        return {style: style.outlineStyle, width: parseFloat(style.outlineWidth)};
      });
      expect(outline.style, `${mode}: focus outline`).not.toBe('none');
      expect(outline.width, `${mode}: focus outline width`).toBeGreaterThanOrEqual(2);
    }
  }
});
