import {docRoute, docTags as tags, markdownFiles, readMarkdown} from '../support/content';
import {servedPage, textOf} from '../support/html';
import {expect, openPage, scrollIntoSettledView, test} from '../support/site';

const docs = markdownFiles('docs');
const usedTags = Object.keys(tags).filter((key) =>
  docs.some((doc) => (doc.frontMatter.tags as string[]).includes(key)),
);

test('the docs tags page lists every tag in use, and a tag page lists exactly its docs', async ({request}) => {
  const $ = await servedPage(request, '/docs/tags');
  for (const key of usedTags) {
    expect(textOf($(`main a[href="/docs/tags${tags[key].permalink}"]`)), key).toContain(tags[key].label);
  }
  const tagPage = await servedPage(request, '/docs/tags/datastores');
  const expected = docs
    .filter((doc) => (doc.frontMatter.tags as string[]).includes('datastores'))
    .map((doc) => docRoute(doc));
  const listed = tagPage('main article a')
    .toArray()
    .map((link) => tagPage(link).attr('href'));
  expect(listed.sort()).toEqual(expected.sort());
});

/** A doc page with a diagram, and the accessible name the accTitle of its first diagram gives it. */
const DIAGRAM_DOC = readMarkdown('docs/product/architecture.md');
const diagramName = /^```mermaid\n(?:.*\n)*?\s*accTitle:\s*(.+)$/m.exec(DIAGRAM_DOC.body)?.[1];
if (!diagramName)
  throw new Error(`${DIAGRAM_DOC.file} has no Mermaid diagram with an accTitle: pick another doc page that has one`);

test('with JavaScript off, a diagram shows as an image named by its title and described', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({javaScriptEnabled: false, baseURL});
  const page = await context.newPage();
  expect((await page.goto(docRoute(DIAGRAM_DOC)))?.status()).toBe(200);
  const diagram = page.getByRole('img', {name: diagramName, exact: true});
  await expect(diagram).toBeVisible();
  await expect(diagram).toHaveAccessibleDescription(/\w+ \w+/);
  expect((await diagram.boundingBox())?.height ?? 0).toBeGreaterThan(80);
  // Without JavaScript no color mode is set: the light variant.
  await expect(diagram).toHaveAttribute('id', /-light$/);
  await context.close();
});

test('the variant of a diagram shown is the one of the color mode, in a page loaded in either mode', async ({page}) => {
  const diagram = page.getByRole('img', {name: diagramName, exact: true});
  const expectShown = async (mode: 'light' | 'dark') => {
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    // The other variant is hidden, and so out of the accessibility tree: one image by that name.
    await expect(diagram, mode).toHaveCount(1);
    await expect(diagram, mode).toBeVisible();
    await expect(diagram, mode).toHaveAttribute('id', new RegExp(`-${mode}$`));
  };
  await openPage(page, docRoute(DIAGRAM_DOC));
  await expectShown('light');
  await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
  await expectShown('dark');
  // A page loaded with dark mode stored shows the dark variant from the start.
  await openPage(page, docRoute(DIAGRAM_DOC));
  await expectShown('dark');
});

test('tabs let the reader choose between the app and the API, and the choice follows across pages', async ({page}) => {
  await openPage(page, '/docs/intro');
  const tabs = page.getByRole('tablist').first();
  await scrollIntoSettledView(tabs);
  await tabs.getByRole('tab', {name: 'API'}).click();
  await expect(tabs.getByRole('tab', {name: 'API'})).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').first()).toContainText('curl');
  await openPage(page, '/docs/configuring-datastore/snowflake');
  const datastoreTabs = page
    .getByRole('tablist')
    .filter({has: page.getByRole('tab', {name: 'API'})})
    .first();
  await expect(datastoreTabs.getByRole('tab', {name: 'API'})).toHaveAttribute('aria-selected', 'true');
});

test('a link with ?interface=api opens on the API tab, and hydration keeps the tab panels the server sent', async ({
  page,
}) => {
  // The panels as the server sent them, read once the document is parsed, before the scripts hydrate it
  // (they wait for the route's chunks); rebuilding them after hydration would replace these elements.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        Object.assign(window, {serverPanels: [...document.querySelectorAll('[role="tabpanel"]')]});
    });
  });
  await openPage(page, '/docs/configuring-datastore/snowflake?interface=api');
  const tabs = page
    .getByRole('tablist')
    .filter({has: page.getByRole('tab', {name: 'API'})})
    .first();
  await expect(tabs.getByRole('tab', {name: 'API'})).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.locator('xpath=..').getByRole('tabpanel')).toContainText('curl -sS -X POST');
  const panels = await page.evaluate(() => {
    const served = (window as unknown as {serverPanels: Element[]}).serverPanels;
    return {served: served.length, kept: served.filter((panel) => panel.isConnected).length};
  });
  expect(panels.served).toBeGreaterThan(1);
  expect(panels.kept).toBe(panels.served);
});
