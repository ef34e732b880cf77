import type {Page} from '@playwright/test';
import {deref, operationsOf, webhooksOf, type JsonObject} from '../../src/openapi';
import {posts} from '../support/blog';
import {loadSpec, topLevelPropertyNames} from '../support/openapi';
import {expect, test} from '../support/site';

// What a reader gets with JavaScript off (or before it runs, or as a crawler or a link preview): the
// whole page, from the HTML the server sends. JavaScript adds to a page; it never completes it.
test.use({javaScriptEnabled: false});

const spec = loadSpec();
const operations = operationsOf(spec);

const PAGE_KINDS = {
  landing: '/docs/',
  doc: '/docs/intro',
  datastore: '/docs/configuring-datastore/snowflake',
  blogPost: `/docs/blog/${posts[0].slug}`,
  apiRoot: '/docs/api',
  operation: `/docs/api/${operations[0].slug}`,
};

/** No loading placeholder is left for scripts to fill: the API theme's skeletons, or a spinner. */
async function expectNoPlaceholder(page: Page, path: string) {
  await expect(page.locator('.openapi-skeleton, [class*="skeleton" i]'), `${path}: skeleton placeholders`).toHaveCount(
    0,
  );
  await expect(page.getByRole('status').filter({hasText: /loading/i}), `${path}: spinners`).toHaveCount(0);
  await expect(page.getByText('Loading…'), path).toHaveCount(0);
}

for (const [kind, path] of Object.entries(PAGE_KINDS)) {
  test(`${kind} page (${path}) is complete without JavaScript`, async ({page}) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1').first()).toBeVisible();
    await expectNoPlaceholder(page, path);
    // The page actions' menu needs JavaScript to open: its Markdown version is linked where the reader sees it.
    if (kind !== 'landing') {
      await expect(page.getByRole('link', {name: 'View as Markdown', exact: true}), path).toBeVisible();
    }
  });
}

// The two operations with the most to show: the largest request body (variants included) and the most
// parameters; and the first webhook (its headers, payload and the responses Vigil expects).
const showcase = [
  [...operations].sort(
    (a, b) =>
      JSON.stringify(deref(spec, b.definition.requestBody) ?? {}).length -
      JSON.stringify(deref(spec, a.definition.requestBody) ?? {}).length,
  )[0],
  [...operations].sort((a, b) => b.parameters.length - a.parameters.length)[0],
  ...webhooksOf(spec).slice(0, 1),
];

/**
 * The status whose body a response links to instead of listing it again: the target of the "Same fields as the
 * <status> response" link between its heading and the next heading of its level.
 */
async function sameBodyAs(page: Page, status: string): Promise<string> {
  const target = await page.locator('article').evaluate((article, wanted) => {
    const headings = [...article.querySelectorAll('h3[id^="response-"], h2')];
    const start = headings.find((heading) => heading.id === `response-${wanted}`);
    if (!start) return undefined;
    const end = headings[headings.indexOf(start) + 1];
    for (const link of article.querySelectorAll<HTMLAnchorElement>('a[href^="#response-"]')) {
      const after = start.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING;
      const before = !end || end.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_PRECEDING;
      if (after && before && /^Same fields as/.test(link.parentElement?.textContent ?? ''))
        return link.getAttribute('href')!.slice('#response-'.length);
    }
    return undefined;
  }, status.toLowerCase());
  expect(target, `the ${status} response lists its body or links to the status that does`).toBeTruthy();
  return target!;
}

for (const op of showcase) {
  test(`${op.kind} ${op.operationId} shows its whole reference without JavaScript`, async ({page}, testInfo) => {
    await page.setViewportSize({width: 1280, height: 900});
    await page.goto(`/docs/api/${op.slug}`);
    const article = page.locator('article');
    await expect(article.locator('h1')).toHaveText(op.summary);
    for (const parameter of op.parameters) {
      await expect(
        article.locator(
          `[id="${parameter.in}-${String(parameter.name)
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, '-')}"]`,
        ),
        parameter.name,
      ).toBeVisible();
    }
    const body = deref(spec, op.definition.requestBody);
    for (const media of Object.values<JsonObject>(body?.content ?? {})) {
      for (const name of topLevelPropertyNames(spec, media.schema, 'request', {variants: false})) {
        await expect(
          article.locator(`[id="request-body-${name.replace(/_/g, '-')}"]`),
          `request body property ${name}`,
        ).toBeVisible();
      }
    }
    for (const [status, rawResponse] of Object.entries<JsonObject>(op.definition.responses ?? {})) {
      const heading = status === 'default' ? /^Any other status \(default\)/ : new RegExp(`^${status}\\b`);
      await expect(article.getByRole('heading', {name: heading}), `status ${status}`).toBeVisible();
      const success = /^2/.test(status);
      for (const media of Object.values<JsonObject>(deref(spec, rawResponse)?.content ?? {})) {
        // A body the page already lists under another status is linked there ("Same fields as the 400 response
        // above"): its fields are those of the linked status.
        const own = `response-${status.toLowerCase()}-`;
        const listedAt = (await article.locator(`[id^="${own}"]:not([id^="${own}header-"])`).count())
          ? status.toLowerCase()
          : await sameBodyAs(page, status);
        for (const name of topLevelPropertyNames(spec, media.schema, 'response', {variants: false})) {
          const field = article.locator(`[id="response-${listedAt}-${name.replace(/_/g, '-')}"]`);
          // A success body is open; error bodies are folded and in the page.
          if (success) await expect(field, `${status} property ${name}`).toBeVisible();
          else await expect(field, `${status} property ${name}`).toHaveCount(1);
        }
      }
    }
    await expect(article.getByRole('tabpanel').filter({hasText: 'curl'}).first()).toBeVisible();
    // A folded object opens natively.
    const summary = await article.locator('details:not([open]) > summary').first().textContent();
    const fold = article
      .locator('details')
      .filter({has: page.locator(':scope > summary', {hasText: summary ?? ''})})
      .first();
    await fold.locator(':scope > summary').click();
    await expect(fold).toHaveAttribute('open', '');
    await expectNoPlaceholder(page, op.slug);
    await testInfo.attach(`${op.slug} without JavaScript`, {
      body: await page.screenshot({fullPage: true}),
      contentType: 'image/png',
    });
  });
}
