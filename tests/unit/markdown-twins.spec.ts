import {readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {MarkdownTwinError, linkResolver, sourceToMarkdown} from '../../src/plugins/markdown-twins';
import {outsideCode} from '../support/markdown-twins';

const FIXTURES = 'tests/fixtures/markdown-twins';
const ORIGIN = 'https://vigil.example';

/** Converts a fixture as the build converts a doc, with the fixture folder as a docs folder at /docs/guide/. */
function convert(name: string): Promise<string> {
  const file = path.resolve(FIXTURES, name);
  const pagesBySource = new Map([
    [path.resolve(FIXTURES, 'overview.md'), '/docs/guide/overview'],
    [path.resolve(FIXTURES, 'components.mdx'), '/docs/guide/components'],
  ]);
  const resolveLink = linkResolver({file, pageUrl: `${ORIGIN}/docs/guide/components`, origin: ORIGIN, baseUrl: '/docs/', pagesBySource});
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
  expect(markdown).toMatch(/\*\*Vigil app\*\*\n\nOpen \*\*Settings\*\*\.\n\n\*\*API\*\*\n\n```bash title="List datasets"\ncurl -sS/);
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
