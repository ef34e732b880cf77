import {docRoute, docTags as tags, markdownFiles} from '../support/content';
import {expect, openPage, test} from '../support/site';

const docs = markdownFiles('docs');
const usedTags = Object.keys(tags).filter((key) => docs.some((doc) => (doc.frontMatter.tags as string[]).includes(key)));

test('the docs tags page lists every tag in use, and a tag page lists exactly its docs', async ({page}) => {
  await openPage(page, '/docs/tags');
  for (const key of usedTags) {
    await expect(page.locator(`main a[href="/docs/tags${tags[key].permalink}"]`)).toContainText(tags[key].label);
  }
  await openPage(page, '/docs/tags/datastores');
  const expected = docs.filter((doc) => (doc.frontMatter.tags as string[]).includes('datastores')).map((doc) => docRoute(doc));
  const listed = await page.locator('main article a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(listed.sort()).toEqual(expected.sort());
});

for (const mode of ['light', 'dark'] as const) {
  test(`diagrams render as SVG in ${mode} mode`, async ({page}) => {
    await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    await openPage(page, '/docs/product/architecture');
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    const diagram = page.locator('.docusaurus-mermaid-container svg').first();
    // Mermaid loads when a diagram comes near the viewport: scroll down as a reader does until one renders.
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 300);
          return diagram.count();
        },
        {timeout: 30_000},
      )
      .toBeGreaterThan(0);
    await expect(diagram).toBeVisible();
    expect((await diagram.boundingBox())?.height ?? 0).toBeGreaterThan(80);
  });
}

test('tabs let the reader choose between the app and the API, and the choice follows across pages', async ({page}) => {
  await openPage(page, '/docs/intro');
  const tabs = page.getByRole('tablist').first();
  await tabs.getByRole('tab', {name: 'API'}).click();
  await expect(tabs.getByRole('tab', {name: 'API'})).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').first()).toContainText('curl');
  await openPage(page, '/docs/configuring-datastore/snowflake');
  const datastoreTabs = page.getByRole('tablist').filter({has: page.getByRole('tab', {name: 'API'})}).first();
  await expect(datastoreTabs.getByRole('tab', {name: 'API'})).toHaveAttribute('aria-selected', 'true');
});
