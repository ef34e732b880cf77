import type {Page} from '@playwright/test';

/** An address of the site's origin that the site does not serve, answered by the test with a blank page. */
const CLIPBOARD_READER = '/clipboard-reader';

/**
 * Reads the system clipboard from a blank page of the same origin: the production server's
 * Permissions-Policy denies `clipboard-read` to the site's own pages, which never read it.
 * The test needs `test.use({permissions: ['clipboard-read', 'clipboard-write']})`.
 */
export async function readClipboard(page: Page): Promise<string> {
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
