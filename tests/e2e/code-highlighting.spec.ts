import {codeThemes} from '../../config/prism-themes';
import {docRoute, fenceLanguages, markdownFiles} from '../support/content';
import {expect, openPage, test} from '../support/site';

// The bundled Prism grammars (config/code-languages.ts) highlight what readers see: a block in a
// language without a grammar renders as one plain token per line.

/** The route of the first doc in docs/ with a code fence in `language`. */
function docWithFence(language: string): string {
  const doc = markdownFiles('docs').find(({body}) => fenceLanguages(body).includes(language));
  if (!doc) throw new Error(`no doc has a code fence in ${language}`);
  return docRoute(doc);
}

for (const language of ['bash', 'json', 'sql', 'python']) {
  test(`${language} code blocks in the docs are highlighted`, async ({page}) => {
    await openPage(page, docWithFence(language));
    const block = page.locator(`pre.prism-code.language-${language}`).first();
    await block.scrollIntoViewIfNeeded();
    await expect(block.locator('.token:not(.plain)').first()).toBeVisible();
  });
}

test('code blocks take the colors of the color mode, before and after a switch, in a page loaded in either mode', async ({page}) => {
  // Fences are highlighted at build time, their colors set by classes for each mode (src/plugins/static-code-blocks.ts).
  const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;
  const colors = (mode: 'light' | 'dark') => ({background: rgb(String(codeThemes[mode].plain.backgroundColor)), text: rgb(String(codeThemes[mode].plain.color))});
  const block = page.locator('pre.prism-code.language-bash').first();
  const seen = () => block.evaluate((pre) => ({background: getComputedStyle(pre).backgroundColor, text: getComputedStyle(pre.querySelector('.token.plain') ?? pre).color}));
  const keyword = block.locator('.token:not(.plain)').first();
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

test('every request sample language of an API operation is highlighted', async ({page}) => {
  await openPage(page, '/docs/api/create-datastore');
  const samples = page.locator('article').getByRole('tablist').first();
  const languages = await samples.getByRole('tab').allTextContents();
  expect(languages.length).toBeGreaterThanOrEqual(6);
  for (const language of languages) {
    await samples.getByRole('tab', {name: language, exact: true}).click();
    const code = page.locator('article').getByRole('tabpanel').filter({visible: true}).locator('pre.prism-code').first();
    await expect(code, `${language} sample`).toBeVisible();
    await expect(code.locator('.token:not(.plain)').first(), `${language} sample`).toBeVisible();
  }
});
