import {codeThemes} from '../../config/prism-themes';
import {docRoute, fenceLanguages, markdownFiles} from '../support/content';
import {servedPage, textOf} from '../support/html';
import {expect, openPage, test} from '../support/site';

// The bundled Prism grammars (config/code-languages.ts) highlight what readers see: a block in a
// language without a grammar renders as one plain token per line. A highlighted token is a span whose classes give
// its style in each color mode (vcl…, vcd…: src/utils/code-tokens.ts); text in the line's own style has no span.

/** The tokens of a code block that a theme colors. */
const COLORED_TOKEN = '.token-line span[class^="vc"]';

/** The route of the first doc in docs/ with a code fence in `language`. */
function docWithFence(language: string): string {
  const doc = markdownFiles('docs').find(({body}) => fenceLanguages(body).includes(language));
  if (!doc) throw new Error(`no doc has a code fence in ${language}`);
  return docRoute(doc);
}

// Fences are highlighted at build time (src/plugins/static-code-blocks.ts): the tokens are in the served HTML.
test('bash, json, sql and python code blocks in the docs are highlighted', async ({request}) => {
  for (const language of ['bash', 'json', 'sql', 'python']) {
    const $ = await servedPage(request, docWithFence(language));
    const block = $(`pre.prism-code.language-${language}`).first();
    expect(block.length, `${language}: a code block`).toBe(1);
    expect(block.find(COLORED_TOKEN).length, `${language}: highlighted tokens`).toBeGreaterThan(0);
  }
});

test('code blocks take the colors of the color mode, before and after a switch, in a page loaded in either mode', async ({
  page,
}) => {
  // Fences are highlighted at build time, their colors set by classes for each mode (src/plugins/static-code-blocks.ts).
  const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;
  const colors = (mode: 'light' | 'dark') => ({
    background: rgb(String(codeThemes[mode].plain.backgroundColor)),
    text: rgb(String(codeThemes[mode].plain.color)),
  });
  const block = page.locator('pre.prism-code.language-bash').first();
  const seen = () =>
    block.evaluate((pre) => ({
      background: getComputedStyle(pre).backgroundColor,
      text: getComputedStyle(pre.querySelector('.token-line') ?? pre).color,
    }));
  const keyword = block.locator(COLORED_TOKEN).first();
  await openPage(page, docWithFence('bash'));
  expect(await seen()).toEqual(colors('light'));
  const lightKeyword = await keyword.evaluate((token) => getComputedStyle(token).color);
  await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await seen()).toEqual(colors('dark'));
  expect(await keyword.evaluate((token) => getComputedStyle(token).color)).not.toBe(lightKeyword);
  await openPage(page, docWithFence('bash'));
  expect(await seen()).toEqual(colors('dark'));
});

test('every request sample language of an API operation is highlighted', async ({request}) => {
  const $ = await servedPage(request, '/docs/api/create-datastore');
  const samples = $('article [role="tablist"]').first();
  const languages = samples
    .find('[role="tab"]')
    .toArray()
    .map((tab) => textOf($(tab)));
  expect(languages.length).toBeGreaterThanOrEqual(6);
  const panels = samples.parent().find('[role="tabpanel"]').toArray();
  expect(panels.length).toBe(languages.length);
  panels.forEach((panel, index) => {
    expect($(panel).find(`pre.prism-code ${COLORED_TOKEN}`).length, `${languages[index]} sample`).toBeGreaterThan(0);
  });
});

test('on a phone, a code block wider than the screen offers word wrap, in a tab shown later too, and wrapping ends its sideways scroll', async ({
  page,
}) => {
  await page.setViewportSize({width: 390, height: 844});
  await openPage(page, '/docs/api/create-datastore');
  const samples = page.locator('article [role="tablist"]').first().locator('xpath=..');
  const wrapButton = (panel: ReturnType<typeof page.locator>) => panel.getByRole('button', {name: 'Toggle word wrap'});
  const scrolls = (panel: ReturnType<typeof page.locator>) =>
    panel.locator('pre').evaluate((pre) => pre.scrollWidth > pre.clientWidth);

  const shown = samples.locator('[role="tabpanel"]:not([hidden])');
  expect(await scrolls(shown), 'the first sample is wider than a phone').toBe(true);
  await expect(wrapButton(shown)).toHaveCount(1);
  await wrapButton(shown).click();
  await expect.poll(() => scrolls(shown)).toBe(false);
  await wrapButton(shown).click();
  await expect.poll(() => scrolls(shown)).toBe(true);

  // A block in a hidden tab has no width when the page loads: it is measured when its tab is shown.
  const hidden = samples.locator('[role="tabpanel"][hidden]').first();
  await expect(wrapButton(hidden)).toHaveCount(0);
  const index = await samples
    .locator('[role="tabpanel"]')
    .evaluateAll((panels) => panels.findIndex((panel) => panel.hasAttribute('hidden')));
  await samples.getByRole('tab').nth(index).click();
  const revealed = samples.locator('[role="tabpanel"]').nth(index);
  await expect(revealed).toBeVisible();
  expect(await scrolls(revealed)).toBe(true);
  await expect(wrapButton(revealed)).toHaveCount(1);
});
