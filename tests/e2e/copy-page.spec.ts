import type {Locator, Page} from '@playwright/test';
import {markdownFiles} from '../support/content';
import {operationsOf} from '../../src/openapi';
import {loadSpec} from '../support/openapi';
import {twinPath} from '../support/markdown-twins';
import {axeViolations} from '../support/axe';
import {readClipboard} from '../support/clipboard';
import {expect, openPage, test} from '../support/site';

const intro = markdownFiles('docs').find((doc) => doc.file === 'docs/intro.md');
const post = markdownFiles('blog')[0];
const operation = operationsOf(loadSpec())[0];

test.use({permissions: ['clipboard-read', 'clipboard-write']});

/** The page actions: the copy button, the arrow that opens their menu, and the menu's Markdown link. */
function pageActions(page: Page) {
  return {
    copy: page.getByRole('button', {name: 'Copy page', exact: true}),
    toggle: page.getByRole('button', {name: 'More page actions', exact: true}),
    menu: page.getByRole('menu', {name: 'More page actions'}),
    viewAsMarkdown: page.getByRole('menuitem', {name: 'View as Markdown', exact: true}),
  };
}

test('Copy page puts the page as Markdown in the clipboard, and the menu links to that Markdown, on a doc, an API page and a blog post, by mouse and keyboard', async ({
  page,
  request,
}) => {
  const cases = [
    {path: '/docs/intro', title: intro?.frontMatter.title as string, key: false},
    {path: `/docs/api/${operation.slug}`, title: operation.summary, key: true},
    {path: `/docs/blog/${post.frontMatter.slug}`, title: post.frontMatter.title as string, key: true},
  ];
  for (const {path, title, key} of cases) {
    await openPage(page, path);
    const {copy, toggle, viewAsMarkdown} = pageActions(page);
    await page.evaluate(() => navigator.clipboard.writeText('before copying'));
    if (key) {
      await copy.focus();
      await page.keyboard.press('Enter');
    } else {
      await copy.click();
    }
    await expect(page.getByRole('status').filter({hasText: 'Copied'}), path).toHaveText('Copied the page as Markdown');
    const clipboard = await readClipboard(page);
    expect(clipboard.startsWith(`# ${title}\n`), `${path}: clipboard starts with the title`).toBe(true);

    if (key) {
      await toggle.focus();
      await page.keyboard.press('Enter');
    } else {
      await toggle.click();
    }
    await expect(viewAsMarkdown, path).toBeFocused();
    await expect(viewAsMarkdown, path).toHaveAttribute('href', twinPath(path));
    // What the link opens: the same Markdown the clipboard got.
    const markdown = await request.get(twinPath(path));
    expect(markdown.headers()['content-type'], path).toBe('text/markdown; charset=utf-8');
    expect(await markdown.text(), path).toBe(clipboard);
  }
});

test('the menu opens, moves and closes by keyboard as the WAI-ARIA menu button pattern says', async ({page}) => {
  await openPage(page, '/docs/intro');
  const {toggle, menu, viewAsMarkdown} = pageActions(page);
  await expect(toggle).toHaveAttribute('aria-haspopup', 'menu');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();

  const opensWith = async (key: string) => {
    await toggle.focus();
    await page.keyboard.press(key);
    await expect(menu, key).toBeVisible();
    await expect(toggle, key).toHaveAttribute('aria-expanded', 'true');
    await expect(viewAsMarkdown, `${key} focuses the item`).toBeFocused();
  };

  // Enter, then Escape: closed, focus back on the arrow.
  await opensWith('Enter');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();

  // Space and the arrows open it too; the arrows, Home and End keep focus on its (only) item.
  await opensWith(' ');
  for (const key of ['ArrowDown', 'ArrowUp', 'Home', 'End']) {
    await page.keyboard.press(key);
    await expect(viewAsMarkdown, key).toBeFocused();
  }
  await page.keyboard.press('Escape');
  await opensWith('ArrowDown');
  await page.keyboard.press('Escape');
  await opensWith('ArrowUp');

  // Tab leaves the menu and closes it.
  await page.keyboard.press('Tab');
  await expect(menu).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // A click elsewhere closes it too.
  await toggle.click();
  await expect(menu).toBeVisible();
  await page.locator('h1').click();
  await expect(menu).toBeHidden();
});

test('the page actions are one control in the type size of the page UI, with a visible focus ring, axe clean in light and dark mode', async ({
  page,
}) => {
  for (const mode of ['light', 'dark'] as const) {
    await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    await openPage(page, '/docs/intro');
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    const {copy, toggle, menu, viewAsMarkdown} = pageActions(page);
    await copy.click();
    await expect(page.getByRole('status').filter({hasText: 'Copied'})).toBeVisible();
    await toggle.click();
    await expect(menu).toBeVisible();

    // One type size for every part of the control and its confirmation: the page UI's token.
    const token = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.fontSize = 'var(--vigil-font-size-sm)';
      document.body.append(probe);
      const size = getComputedStyle(probe).fontSize;
      probe.remove();
      return size;
    });
    expect(token).toBe('14px');
    for (const part of [copy, toggle, viewAsMarkdown, page.getByRole('status').filter({hasText: 'Copied'})]) {
      expect(await part.evaluate((node) => getComputedStyle(node).fontSize), `${mode}: font size`).toBe(token);
    }
    // The two halves are one button: same height, side by side.
    const [copyBox, toggleBox] = [await copy.boundingBox(), await toggle.boundingBox()];
    expect(toggleBox!.height, `${mode}: same height`).toBe(copyBox!.height);
    expect(Math.abs(toggleBox!.x - (copyBox!.x + copyBox!.width)), `${mode}: side by side`).toBeLessThan(1);

    const violations = await axeViolations(page, {
      include: await copy.evaluate((node) => `.${[...node.parentElement!.parentElement!.classList].join('.')}`),
    });
    expect(violations.map((violation) => `${mode}: ${violation}`)).toEqual([]);

    await page.keyboard.press('Escape');
    for (const control of [copy, toggle]) {
      await control.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expect(control).toBeFocused();
      await expectFocusRing(control, mode);
    }
    await page.keyboard.press('Enter');
    await expect(viewAsMarkdown).toBeFocused();
    await expectFocusRing(viewAsMarkdown, mode);
  }
});

/** The control has focus and shows a ring of at least 2 px. */
async function expectFocusRing(control: Locator, mode: string) {
  const outline = await control.evaluate((node) => {
    const style = getComputedStyle(node);
    return {style: style.outlineStyle, width: parseFloat(style.outlineWidth)};
  });
  expect(outline.style, `${mode}: focus outline`).not.toBe('none');
  expect(outline.width, `${mode}: focus outline width`).toBeGreaterThanOrEqual(2);
}
