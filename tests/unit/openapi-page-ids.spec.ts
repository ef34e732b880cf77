import {readdirSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {apiPageSlug, apiPagesOf, loadOpenApiDescription, pageSlug, type ApiOperation} from '../../src/openapi';
import {MAX_PAGE_ID_BYTES} from '../../src/openapi/document';
import {OPENAPI_FIXTURES, generateApiDocs} from '../support/api-generator';
import {CORPUS_DIR, corpusEntries, corpusFile} from '../support/openapi-corpus';

/**
 * tests/fixtures/openapi-page-ids.json is a baseline of URLs readers bookmarked, not an expected value of the
 * current code: for openapi/vigil-api.yaml and every description of tests/fixtures/openapi-corpus, each operation
 * (`METHOD /path`) and webhook (`webhook METHOD name`) and its page id, the last segment of its URL under
 * /docs/api/. It was made once, at commit 4825484, before the loader read non-ASCII operationIds, Swagger 2.0 and
 * `x-webhooks`, by loading each file (gzipped ones unpacked) with that commit's loadOpenApiDescription and
 * listing `apiPagesOf(spec, file)` as `{[key]: slug}`, written with JSON.stringify(…, null, 2); the descriptions added to the corpus later (Okta,
 * Slack, Docker, Discourse, RTCKit) the same way when they were added. Change it only to move a URL on purpose.
 */
const BASELINE = JSON.parse(readFileSync('tests/fixtures/openapi-page-ids.json', 'utf8')) as Record<
  string,
  Record<string, string>
>;

const SITE_DESCRIPTION = 'openapi/vigil-api.yaml';

function keyOf(page: ApiOperation): string {
  return `${page.kind === 'webhook' ? 'webhook ' : ''}${page.method.toUpperCase()} ${page.path}`;
}

/** The pages of a description of the corpus or of the site, read as the build reads it. */
function pagesOf(file: string): ApiOperation[] {
  const readable = file.startsWith(CORPUS_DIR) ? corpusFile(path.basename(file)) : file;
  try {
    return apiPagesOf(loadOpenApiDescription(readable), readable);
  } finally {
    if (readable !== file) rmSync(path.dirname(readable), {recursive: true, force: true});
  }
}

/**
 * Each page id is non-empty, unique, a fixed point of the slug rule, and the kebab-case of the operationId the
 * loaded description holds (apiPageSlug): the Markdown versions and the MCP server find a page by that
 * operationId.
 */
function expectConsistentIds(pages: ApiOperation[], file: string): void {
  const problems = pages.flatMap((page) => {
    const where = `${file} ${keyOf(page)} (${page.slug})`;
    return [
      ...(page.slug === '' ? [`${where}: empty page id`] : []),
      ...(pageSlug(page.slug) !== page.slug ? [`${where}: the slug of its page id is ${pageSlug(page.slug)}`] : []),
      ...(apiPageSlug(page.definition.operationId) !== page.slug
        ? [`${where}: its operationId makes ${apiPageSlug(page.definition.operationId)}`]
        : []),
    ];
  });
  expect(problems).toEqual([]);
  const slugs = pages.map((page) => page.slug);
  expect(
    slugs.filter((slug, index) => slugs.indexOf(slug) !== index),
    `${file}: page ids used twice`,
  ).toEqual([]);
}

test('the baseline lists the site description and every description of the corpus', () => {
  expect(Object.keys(BASELINE).sort()).toEqual(
    [SITE_DESCRIPTION, ...corpusEntries().map((entry) => `${CORPUS_DIR}/${entry.file}`)].sort(),
  );
  expect(Object.keys(BASELINE[SITE_DESCRIPTION]).length).toBeGreaterThan(100);
});

for (const entry of corpusEntries()) {
  const file = `${CORPUS_DIR}/${entry.file}`;
  test(`the pages of ${entry.organisation}'s ${entry.file} keep their ids`, () => {
    test.setTimeout(60_000);
    const pages = pagesOf(file);
    expect(Object.fromEntries(pages.map((page) => [keyOf(page), page.slug]))).toEqual(BASELINE[file]);
    expectConsistentIds(pages, file);
  });
}

test("the pages of the site's description keep their ids; a new operation takes none of them", () => {
  // The site's description changes: an operation added since the baseline is not in it, one removed is gone.
  const pages = pagesOf(SITE_DESCRIPTION);
  const baseline = BASELINE[SITE_DESCRIPTION];
  const kept = pages.filter((page) => keyOf(page) in baseline);
  expect(kept.length).toBeGreaterThan(Object.keys(baseline).length * 0.9);
  expect(Object.fromEntries(kept.map((page) => [keyOf(page), page.slug]))).toEqual(
    Object.fromEntries(kept.map((page) => [keyOf(page), baseline[keyOf(page)]])),
  );
  const bookmarked = new Set(Object.values(baseline));
  const added = pages.filter((page) => !(keyOf(page) in baseline));
  expect(added.filter((page) => bookmarked.has(page.slug)).map(keyOf)).toEqual([]);
  expectConsistentIds(pages, SITE_DESCRIPTION);
});

test('the page ids of every loadable fixture description are consistent', () => {
  const loaded = readdirSync(OPENAPI_FIXTURES)
    .filter((name) => /\.ya?ml$/.test(name))
    .flatMap((name) => {
      const file = `${OPENAPI_FIXTURES}/${name}`;
      try {
        return [{file, pages: apiPagesOf(loadOpenApiDescription(file), file)}];
      } catch {
        return []; // the broken fixtures of openapi-source.spec.ts
      }
    });
  expect(loaded.map(({file}) => path.basename(file))).toEqual(
    expect.arrayContaining([
      'non-ascii-operation-ids.yaml',
      'titles-without-summary.yaml',
      'swagger-2.0-form-data.yaml',
    ]),
  );
  for (const {file, pages} of loaded) expectConsistentIds(pages, file);
});

test('names too long for a file name make page ids of at most MAX_PAGE_ID_BYTES, each its own, and every page is written', () => {
  const generated = generateApiDocs('long-names.yaml');
  expect(generated.status, generated.output).toBe(0);
  const pages = generated.build!.pages;
  const slugs = pages.map((page) => page.id.replace(/^objects\//, ''));
  for (const slug of slugs) expect(Buffer.byteLength(slug), slug).toBeLessThanOrEqual(MAX_PAGE_ID_BYTES);
  expect(new Set(slugs).size).toBe(slugs.length);
  // The operationId of 303 characters, the Japanese summary of 360 bytes and the two schemas of 566 and 572
  // characters keep the start of their names.
  expect(pages.filter((page) => page.kind === 'operation').map((page) => page.id)).toEqual([
    expect.stringMatching(
      /^get-user-with-every-field-of-the-profile-user-with-every-field-of-the-profile-[a-z-]+-[a-z]{7}$/,
    ),
    expect.stringMatching(/^(利用者の一覧を取得します)+[^-]*-[a-z]{7}$/),
  ]);
  const objects = pages.filter((page) => page.kind === 'object').map((page) => page.id);
  expect(objects).toHaveLength(2);
  for (const id of objects) expect(id).toMatch(/^objects\/user-proto-id-uid-url-profile-id-login-id-email-first-name-/);
  for (const page of pages)
    expect(generated.files.filter((file) => file.startsWith(`${page.id}.`)).length, page.id).toBeGreaterThanOrEqual(2);
});
