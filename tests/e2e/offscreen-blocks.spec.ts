import type {Locator, Page} from '@playwright/test';
import {expect, openPage, test, waitForHydration} from '../support/site';

/**
 * The blocks of an article below the fold are laid out only once the reader scrolls near them
 * (src/plugins/offscreen-blocks). What a reader must still get: the block when they reach it, a link to a heading
 * far down landing on that heading, their place kept on back and reload, and a focus ring that is not cut off.
 */

const SETUP_PAGE = '/docs/configuring-datastore/snowflake';
/** The last section of the setup page: every block above it is far from the viewport on arrival. */
const LAST_SECTION = 'remove-vigils-access';

/** Whether the browser renders the element: false while a content-visibility ancestor skips it. */
const isRendered = (locator: Locator) =>
  locator.evaluate((element) => element.checkVisibility({contentVisibilityAuto: true}));

test.describe('on a phone', () => {
  test.use({viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true});

  test('a code block far below the fold is laid out when the reader scrolls to it, with its lines', async ({page}) => {
    await openPage(page, SETUP_PAGE);
    const blocks = page.locator('article .markdown > .vigil-code-block');
    await expect(blocks.first()).toBeVisible();
    // A block two thirds down the page (the last blocks of an article are always laid out).
    const block = blocks.nth(Math.floor(((await blocks.count()) * 2) / 3));
    const lines = block.locator('.token-line');
    // The block's lines as the page holds them (each line is an element of its own).
    const expectedText = (await lines.allTextContents()).join('\n').trim();
    expect(expectedText.length, 'the code block has lines').toBeGreaterThan(0);

    expect(await isRendered(block.locator('pre')), 'the block waits until the reader comes near').toBe(false);

    await block.scrollIntoViewIfNeeded();
    await expect.poll(() => isRendered(block.locator('pre'))).toBe(true);
    await expect(block.locator('pre')).toBeInViewport();
    await expect(lines.first()).toBeVisible();
    // What the reader sees (and selects) is every line of it.
    expect((await block.locator('pre').innerText()).trim()).toBe(expectedText);
  });

  test('a link to the last section lands on its heading, and stays there as the blocks around it are laid out', async ({
    page,
  }) => {
    await openPage(page, `${SETUP_PAGE}#${LAST_SECTION}`);
    const heading = page.locator(`#${LAST_SECTION}`);
    const navbarHeight = await page.locator('nav.navbar').evaluate((navbar) => navbar.getBoundingClientRect().height);
    const headingTop = () => heading.evaluate((element) => element.getBoundingClientRect().top);
    // Give the blocks that come into view time to be laid out, then read where the heading is.
    await page.waitForTimeout(500);
    const top = await headingTop();
    expect(top, 'the heading is below the navbar').toBeGreaterThanOrEqual(navbarHeight - 1);
    expect(top, 'the heading is at the top of what the reader sees').toBeLessThan(navbarHeight + 60);
    await expect(heading).toBeInViewport();
  });
});

/** The pixels of a strip just outside the left edge of an element. */
async function stripLeftOf(page: Page, locator: Locator): Promise<Buffer> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element has no box');
  return page.screenshot({clip: {x: box.x - 3, y: box.y + 8, width: 3, height: box.height - 16}});
}

test('a focused code block shows its whole focus ring, outside its edge', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 800});
  await openPage(page, SETUP_PAGE);
  // A block below the fold, so it is one the browser skipped on arrival.
  const pre = page.locator('article .markdown > .vigil-code-block pre').nth(4);
  await pre.scrollIntoViewIfNeeded();
  await expect(pre).toBeInViewport();
  const unfocused = await stripLeftOf(page, pre);
  await pre.focus();
  await expect(pre).toBeFocused();
  expect(await pre.evaluate((element) => element.matches(':focus-visible'))).toBe(true);
  const focused = await stripLeftOf(page, pre);
  expect(focused.equals(unfocused), 'the focus ring is painted outside the block').toBe(false);
});

/** Scrolls down, as a reader does, until `locator` is in the upper half of the window; returns its top. */
async function scrollDownTo(page: Page, locator: Locator): Promise<number> {
  const top = async () => (await locator.boundingBox())?.y ?? Number.NaN;
  for (let step = 0; step < 120 && !((await top()) > 200 && (await top()) < 600); step += 1) {
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(20);
  }
  return top();
}

test.describe('in a narrow window', () => {
  test.use({viewport: {width: 390, height: 844}});

  test('back to a long page, and a reload of it, keep the reader where they were', async ({page}) => {
    await openPage(page, SETUP_PAGE);
    // The last link of the page to another page, reached as a reader reaches it: scrolling down to it.
    const link = page.locator('article .markdown a[href^="/docs/"]:not([href*="#"])').last();
    const linkTop = async () => (await link.boundingBox())?.y ?? Number.NaN;
    const before = await scrollDownTo(page, link);
    expect(before, 'the link is in view').toBeGreaterThan(200);
    expect(before).toBeLessThan(600);

    await link.click();
    await page.waitForURL((url) => url.pathname !== SETUP_PAGE);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === SETUP_PAGE);
    // The blocks the reader passed are laid out at their own heights: the page is put back as they left it.
    await expect.poll(linkTop).toBeGreaterThan(before - 100);
    expect(await linkTop()).toBeLessThan(before + 100);

    // After a reload, once the page has settled (hydrated, fonts drawn, the load's last frames done), the link is
    // still on screen.
    await page.reload();
    await waitForHydration(page);
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(1000);
    const afterReload = await linkTop();
    expect(afterReload, 'the link is in view after the reload').toBeGreaterThan(0);
    expect(afterReload).toBeLessThan(844 - 30);
  });
});
