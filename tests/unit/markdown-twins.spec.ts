import {readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import {expect, test} from '@playwright/test';
import {
  descriptionMarkdown,
  loadOpenApiDescription,
  operationsOf,
  requestSamples,
  type JsonObject,
} from '../../src/openapi';
import {MarkdownTwinError, linkResolver, llmsIndex, sourceToMarkdown, twinPath} from '../../src/plugins/markdown-twins';
import {OPENAPI_FIXTURES, generateApiDocs} from '../support/api-generator';
import {llmsLinks, outsideCode} from '../support/markdown-twins';

const FIXTURES = 'tests/fixtures/markdown-twins';
const ORIGIN = 'https://vigil.example';
const byPermalink = (a: {permalink: string}, b: {permalink: string}) => a.permalink.localeCompare(b.permalink);

/** Converts a fixture as the build converts a doc, with the fixture folder as a docs folder at /docs/guide/. */
function convert(name: string): Promise<string> {
  const file = path.resolve(FIXTURES, name);
  const pagesBySource = new Map([
    [path.resolve(FIXTURES, 'overview.md'), '/docs/guide/overview'],
    [path.resolve(FIXTURES, 'components.mdx'), '/docs/guide/components'],
  ]);
  const resolveLink = linkResolver({
    file,
    pageUrl: `${ORIGIN}/docs/guide/components`,
    origin: ORIGIN,
    baseUrl: '/docs/',
    pagesBySource,
  });
  return sourceToMarkdown(readFileSync(file, 'utf8'), `${FIXTURES}/${name}`, resolveLink);
}

test('an MDX doc becomes plain Markdown: no front matter, imports, comments or JSX; tabs, admonitions, code and tables kept', async () => {
  const markdown = await convert('components.mdx');
  const prose = outsideCode(markdown);
  expect(markdown).not.toContain('title: Every construct');
  expect(prose).not.toMatch(/^import /m);
  expect(prose).not.toMatch(/<\/?[A-Z]/);
  expect(markdown).not.toContain('truncate');
  // Each tab is a labelled part, in order, with its content.
  expect(markdown).toMatch(
    /\*\*Vigil app\*\*\n\nOpen \*\*Settings\*\*\.\n\n\*\*API\*\*\n\n```bash title="List datasets"\ncurl -sS/,
  );
  // Admonitions are blockquotes led by their type and title, in both title syntaxes.
  expect(markdown).toContain('> **Warning: Costs money per query**\n>\n> Each run scans the table.');
  expect(markdown).toContain('> **Tip: Dry run first**\n>\n> Run it once by hand.');
  expect(markdown).toContain('```mermaid\nflowchart LR\n  A --> B\n```');
  expect(markdown).toMatch(/\| Column \| Meaning \|\n\| -+ \| -+ \|\n\| `id` +\| The id +\|/);
  // Text that looks like a directive stays as written.
  expect(markdown).toContain('10:30 on weekdays, with a read:write ratio of 1:4.');
});

test('every link becomes absolute: a Markdown file to its page, a site path under the base URL, an anchor to the page', async () => {
  const markdown = await convert('components.mdx');
  expect(markdown).toContain(`[overview](${ORIGIN}/docs/guide/overview#steps)`);
  expect(markdown).toContain(`[API](${ORIGIN}/docs/api/get-dataset)`);
  expect(markdown).toContain(`[section](${ORIGIN}/docs/guide/components#tabs)`);
  expect(markdown).toContain('[the vendor docs](https://example.com/guide)');
});

test('a component without a Markdown form, a link to a missing file or an empty result fails, naming the file', async () => {
  for (const [name, problem] of [
    ['unknown-component.mdx', /line 9: the element <Chart> has no Markdown equivalent/],
    ['broken-link.md', /the link \.\/missing\.md names no page of the site/],
    ['imports-only.mdx', /the converted Markdown is empty/],
  ] as const) {
    const error = await convert(name).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error, name).toBeInstanceOf(MarkdownTwinError);
    expect((error as Error).message).toContain(`${FIXTURES}/${name}`);
    expect((error as Error).message).toMatch(problem);
  }
});

test('operations and tags with digits in their names: twins and llms.txt link to the pages the API generator writes', async () => {
  test.setTimeout(120_000);
  const fixture = 'digits-in-names.yaml';
  const {status, output, outputDir, files, build} = generateApiDocs(fixture);
  try {
    expect(status, output).toBe(0);
    const specFile = `${OPENAPI_FIXTURES}/${fixture}`;
    const spec = loadOpenApiDescription(specFile);
    const operations = operationsOf(spec);
    // Each generated page as the API docs instance loads it: its id, and so its URL, from its front matter.
    const pages = files
      .filter((file) => /\.(api|tag|info)\.mdx$/.test(file))
      .map((file) => {
        const frontMatter = yaml.load(
          /^---\n([\s\S]*?)\n---\n/.exec(readFileSync(path.join(outputDir, file), 'utf8'))![1],
        ) as JsonObject;
        const id = String(frontMatter.id);
        expect(file, 'the generator names the file by the page id').toMatch(new RegExp(`^${id}\\.`));
        // The docs plugin instance routes the root page (slug `/`) at the API route, every other page at its id.
        const permalink = frontMatter.slug === '/' ? '/docs/api' : `/docs/api/${id}`;
        return {permalink, title: String(frontMatter.title), description: String(frontMatter.description ?? '')};
      });
    const generatedOperationIds = files
      .filter((file) => file.endsWith('.api.mdx'))
      .map((file) => file.replace(/\.api\.mdx$/, ''));
    expect(generatedOperationIds.sort()).toEqual(operations.map((operation) => operation.slug).sort());

    // The build object's pages are the pages the docs plugin routes, with the same titles and descriptions.
    const twins = build!.pages;
    expect(twins.map(({permalink, title, description}) => ({permalink, title, description})).sort(byPermalink)).toEqual(
      pages.sort(byPermalink),
    );
    const twinUrls = new Set(twins.map((twin) => `${ORIGIN}${twinPath(twin.permalink)}`));
    // A tag page links each of its operations to that operation's twin, which must be a page the generator wrote.
    const tagLinks = twins.flatMap((twin) => [...twin.markdown.matchAll(/`[A-Z]+ [^`]+`: \[[^\]]+\]\(([^)]+)\)/g)]);
    expect(tagLinks.map((link) => link[1]).sort()).toEqual(
      operations.map((operation) => `${ORIGIN}/docs/api/${operation.slug}.md`).sort(),
    );
    for (const [, url] of tagLinks) expect(twinUrls.has(url), url).toBe(true);
    for (const operation of operations) {
      const twin = twins.find((candidate) => candidate.markdown.includes(`Operation id \`${operation.operationId}\``));
      expect(twin?.permalink, `the twin of ${operation.operationId}`).toBe(`/docs/api/${operation.slug}`);
      // The request samples of the operation page, curl first.
      const samples = twin!.markdown.slice(
        twin!.markdown.indexOf('\n## Request samples\n'),
        twin!.markdown.indexOf('\n## Response samples\n'),
      );
      expect(
        [...samples.matchAll(/^```(\w+)\n([\s\S]*?)\n```$/gm)].map((block) => [block[1], block[2]]),
        operation.operationId,
      ).toEqual(requestSamples(spec, operation).map((sample) => [sample.language, sample.code]));
    }
    const index = llmsIndex('Vigil', 'tagline', 'summary', [{title: 'API Reference', pages: twins}], ORIGIN);
    expect(
      llmsLinks(index)
        .map((link) => link.url)
        .sort(),
    ).toEqual(pages.map(({permalink}) => `${ORIGIN}${twinPath(permalink)}`).sort());
  } finally {
    rmSync(outputDir, {recursive: true, force: true});
  }
});

test('an API twin has the request samples of its page, then its response samples: one block per language, curl first, and the variables they read', async () => {
  const specFile = `${OPENAPI_FIXTURES}/request-body-from-schema.yaml`;
  const spec = loadOpenApiDescription(specFile);
  const [operation] = operationsOf(spec);
  const generated = generateApiDocs('request-body-from-schema.yaml');
  expect(generated.status, generated.output).toBe(0);
  const markdown = generated.build!.pages.find((page) => page.id === operation.slug)!.markdown;
  const expected = readFileSync(path.join(FIXTURES, 'api-request-samples.md'), 'utf8');
  expect(
    `${markdown.slice(markdown.indexOf('## Request samples'), markdown.indexOf('\n\n## Response samples'))}\n`,
  ).toBe(expected);
  // Then each documented status with its example, as the page shows them beside the request.
  const responses = markdown.slice(markdown.indexOf('## Response samples'));
  for (const status of Object.keys(operation.definition.responses))
    expect(responses).toMatch(new RegExp(`^### ${status}\\b`, 'm'));
});

test("a description's links in a Markdown version: site paths and anchors absolute, an anchor on each page its own", () => {
  const links = (page: string) => ({origin: ORIGIN, baseUrl: '/docs/', pageUrl: `${ORIGIN}/docs/api/${page}`});
  // A link to an anchor of the page: each page that shows the description links to its own anchor.
  const anchored =
    'See [the errors](#response-404), [a guide](/pipelines/), [Stripe](https://stripe.com/docs/api#errors).';
  expect(descriptionMarkdown(anchored, links('get-dataset'))).toBe(
    `See [the errors](${ORIGIN}/docs/api/get-dataset#response-404), [a guide](${ORIGIN}/docs/pipelines/), [Stripe](https://stripe.com/docs/api#errors).`,
  );
  expect(descriptionMarkdown(anchored, links('list-datasets'))).toContain(
    `${ORIGIN}/docs/api/list-datasets#response-404`,
  );
  // A reference definition to an anchor, and an HTML link to one, are anchors of the page too: converted for two
  // pages, each gets its own (a conversion kept for one page and given to the next would name the first).
  for (const description of [
    'See [the errors][e].\n\n[e]: #response-404',
    'See <a href="#response-404">the errors</a>.',
  ])
    for (const page of ['delete-dataset', 'get-job'])
      expect(descriptionMarkdown(description, links(page)), description).toContain(
        `${ORIGIN}/docs/api/${page}#response-404`,
      );
  // A URL with a fragment names its own page: the same on every page.
  const elsewhere = 'See [Stripe](https://stripe.com/docs/api#errors) and #hashtags.';
  expect(descriptionMarkdown(elsewhere, links('a'))).toBe(descriptionMarkdown(elsewhere, links('b')));
});
