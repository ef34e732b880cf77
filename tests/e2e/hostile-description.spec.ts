// A description written to attack the site (tests/fixtures/openapi/hostile-texts.yaml: script tags, event handlers,
// javascript: URLs, backtick-quoted braces, import/export lines, quotes and backslashes in every field the pages
// show), built as another organisation would build it (the test command builds it into .artifacts/hostile-build).
// Served with the production Content-Security-Policy (nginx, deploy/nginx.conf) and without any (docusaurus
// serve), every API page of it opens no dialog, throws nothing, and shows the texts as text.
import {existsSync, readFileSync} from 'node:fs';
import {chromium} from '@playwright/test';
import {CHROMIUM_ARGS, TEST_BROWSER} from '../../tools/test-browser.cjs';
import {startDocusaurusServe} from '../support/docusaurus-serve';
import {expect, test} from '../support/site';

const HOSTILE_BUILD = '.artifacts/hostile-build';
const PORT = Number(process.env.VIGIL_HOSTILE_PORT ?? 8102);

/** The API pages of the hostile build, from its sitemap. */
function apiPaths(): string[] {
  const sitemap = readFileSync(`${HOSTILE_BUILD}/sitemap.xml`, 'utf8');
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((match) => new URL(match[1]).pathname)
    .filter((pathname) => pathname.startsWith('/docs/api'));
}

test.describe.configure({mode: 'serial', timeout: 120_000});

test.beforeAll(() => {
  expect(
    existsSync(`${HOSTILE_BUILD}/sitemap.xml`),
    `${HOSTILE_BUILD} is missing: the test command (npm test) builds it before the browser tests`,
  ).toBe(true);
});

for (const served of ['with the production CSP (nginx)', 'without any CSP (docusaurus serve)'] as const) {
  test(`no text of a hostile description runs on its API pages, served ${served}`, async () => {
    // The script is an ES module that reads import.meta: imported as such, not through the test transpiler.
    const {startNginx} = await import('../../tools/nginx-server.mjs');
    const server = served.includes('nginx')
      ? await startNginx({port: PORT, buildDir: HOSTILE_BUILD, dir: `.artifacts/nginx-${PORT}`, accessLog: false})
      : await startDocusaurusServe(HOSTILE_BUILD);
    const browser = await chromium.launch({executablePath: TEST_BROWSER, args: CHROMIUM_ARGS});
    try {
      const paths = apiPaths();
      // The root, the changelog (this description has no history in the repository), the tag page, the operation,
      // the webhook and the object its operation returns.
      expect(paths.length).toBe(6);
      expect(paths).toContain('/docs/api/objects/thing');
      expect(paths).toContain('/docs/api/changelog');
      const page = await browser.newPage();
      const ran: string[] = [];
      page.on('dialog', (dialog) => {
        ran.push(`${page.url()}: a ${dialog.type()} "${dialog.message()}"`);
        void dialog.dismiss();
      });
      page.on('pageerror', (error) => ran.push(`${page.url()}: ${error.message}`));
      page.on('response', (response) => {
        if (response.status() >= 400) ran.push(`${page.url()}: ${response.status()} ${response.url()}`);
      });
      page.on('console', (message) => {
        if (message.type() === 'error') ran.push(`${page.url()}: console: ${message.text()}`);
      });
      for (const path of paths) {
        await page.goto(`${server.url}${path}`, {waitUntil: 'networkidle'});
        await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
        // Hover and click what a reader would: links and folds.
        for (const fold of await page.locator('article summary').all()) await fold.click();
        await page.mouse.move(10, 10);
      }
      expect(ran).toEqual([]);
      // What the reader sees is the text: the root page shows the script tag and the import line as written.
      await page.goto(`${server.url}${paths.find((path) => /\/api\/$/.test(path))}`);
      await expect(page.locator('article')).toContainText("import x from 'y'");
      await expect(page.locator('article')).toContainText("{alert('text')}");
      await expect(page.locator('article script')).toHaveCount(0);
    } finally {
      await browser.close();
      await server.stop();
    }
  });
}
