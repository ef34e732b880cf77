// llms.txt, llms-full.txt and the Markdown version of every page, checked over HTTP against the served
// production build; the headings they must carry are read from the built HTML, not from a browser.
import {expect, test} from '@playwright/test';
import sidebars from '../../sidebars';
import {SITE_TAGLINE, SITE_TITLE} from '../../config/site-constants';
import {codeBlocks, docId, docRoute, markdownFiles, type MarkdownFile} from '../support/content';
import {
  builtHtml,
  contentPages,
  htmlHeadings,
  llmsLinks,
  markdownHeadings,
  outsideCode,
  twinPath,
} from '../support/markdown-twins';
import {deref, operationsOf, type JsonObject} from '../../src/openapi';
import {loadSpec} from '../support/openapi';
import {sidebarDocIds, type SidebarItem as Item} from '../../src/utils/sidebar';
import {ADMONITION_LABELS} from '../../src/plugins/markdown-twins/mdx-to-markdown';

const pages = contentPages();
const docs = markdownFiles('docs');
const posts = markdownFiles('blog');
const sidebarItems = (sidebars as unknown as {docs: Item[]}).docs;

function docById(id: string): MarkdownFile {
  const doc = docs.find((file) => docId(file.file) === id);
  if (!doc) throw new Error(`the sidebar names ${id}, which has no file under docs/`);
  return doc;
}

/** The page URL of a doc (an index doc ends with a slash) or of a blog post (its slug under /docs/blog/). */
function pageOf(file: MarkdownFile): string {
  if (file.file.startsWith('blog/')) return `/docs/blog/${file.frontMatter.slug}`;
  return docRoute(file);
}

test('llms.txt has the title, the summary and one section per part of the site, listing every doc, API page, blog post and Markdown page once', async ({
  request,
}) => {
  const response = await request.get('/docs/llms.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/plain/);
  const index = await response.text();
  expect(index.startsWith(`# ${SITE_TITLE}\n\n> ${SITE_TAGLINE}\n\n`)).toBe(true);
  const summary = index.split('\n\n')[2];
  expect(summary.length, 'a one-paragraph summary of the platform').toBeGreaterThan(200);

  const sectionTitles = sidebarItems.map((item) =>
    typeof item === 'string' ? (docById(item).frontMatter.sidebar_label as string) : (item.label as string),
  );
  const headings = [...index.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
  expect(headings).toEqual([...sectionTitles, 'API Reference', 'Blog', 'Optional']);
  expect(pages.filter((page) => page.kind === 'markdown-page').length, 'Markdown pages in the sitemap').toBe(
    markdownFiles('src/pages').length,
  );

  const listed = llmsLinks(index).map((link) => new URL(link.url).pathname);
  const expected = pages.map((page) => twinPath(page.path));
  expect(pages.filter((page) => page.kind === 'api').length, 'API pages in the sitemap').toBeGreaterThan(100);
  expect(pages.filter((page) => page.kind === 'blog-post').length, 'blog posts in the sitemap').toBe(posts.length);
  expect(listed.sort()).toEqual(expected.sort());

  // Every entry names the page and describes it.
  for (const line of index.split('\n').filter((text) => text.startsWith('- '))) {
    expect(line, 'entry with a title, a Markdown URL and a description').toMatch(
      /^- \[[^\]]+\]\(https?:\/\/[^)]+\.md\): \S/,
    );
  }
  // Docs and posts are listed by their front matter title.
  for (const file of [...docs, ...posts]) {
    expect(index, file.file).toContain(`[${file.frontMatter.title}](`);
  }
});

test('every page listed in llms.txt answers 200 with Markdown holding its h1 and every h2, without MDX', async ({
  request,
}) => {
  const index = await (await request.get('/docs/llms.txt')).text();
  const problems: string[] = [];
  for (const {url} of llmsLinks(index)) {
    const twin = new URL(url).pathname;
    const response = await request.get(twin);
    if (response.status() !== 200) {
      problems.push(`${twin}: status ${response.status()}`);
      continue;
    }
    if (!/^text\/markdown/.test(response.headers()['content-type'] ?? '')) {
      problems.push(`${twin}: content type ${response.headers()['content-type']}`);
    }
    const markdown = await response.text();
    const html = builtHtml(twin.replace(/\.md$/, ''));
    const headings = markdownHeadings(markdown);
    const [h1] = htmlHeadings(html, 1);
    if (headings[0] !== h1) problems.push(`${twin}: first heading "${headings[0]}", the page's h1 is "${h1}"`);
    for (const shown of htmlHeadings(html, 2)) {
      // An operation page shows its path with `:name` for a path parameter; OpenAPI writes `{name}`.
      const h2 = shown.startsWith('/') ? shown.replace(/:(\w+)/g, '{$1}') : shown;
      if (!headings.some((heading) => heading.includes(h2))) problems.push(`${twin}: no heading for the h2 "${h2}"`);
    }
    const prose = outsideCode(markdown);
    for (const [pattern, what] of [
      [/^\s*(import|export)\s/m, 'an import or export line'],
      [/<\/?[A-Z][\w.]*[\s/>]/, 'a JSX tag'],
      [/\{\/\*/, 'an MDX comment'],
      [/^:::/m, 'an admonition fence'],
    ] as const) {
      if (pattern.test(prose)) problems.push(`${twin}: ${what}: ${pattern.exec(prose)?.[0]}`);
    }
    for (const [, target] of prose.matchAll(/\]\(([^)\s]+)/g)) {
      if (!/^(https?:|mailto:)/.test(target)) problems.push(`${twin}: relative link ${target}`);
    }
  }
  expect(problems).toEqual([]);
});

test('a doc or blog post keeps every code block with its language, Mermaid diagrams as written, and its admonitions as blockquotes', async ({
  request,
}) => {
  for (const file of [...docs, ...posts]) {
    const twin = twinPath(pageOf(file));
    const response = await request.get(twin);
    expect(response.status(), twin).toBe(200);
    const markdown = await response.text();
    const languages = (blocks: ReturnType<typeof codeBlocks>) => blocks.map((block) => block.language).sort();
    // A code block inside an admonition stands in its blockquote, each line behind `> `.
    const unquoted = markdown.replace(/^(?:> ?)+/gm, '');
    expect(languages(codeBlocks(unquoted)), `${twin}: code block languages`).toEqual(languages(codeBlocks(file.body)));
    // A diagram is its Mermaid source, as written: the page shows its SVG, a reader of Markdown gets the text.
    const diagrams = (blocks: ReturnType<typeof codeBlocks>) =>
      blocks.filter((block) => block.language === 'mermaid').map((block) => block.code);
    expect(diagrams(codeBlocks(markdown)), `${twin}: Mermaid diagrams`).toEqual(diagrams(codeBlocks(file.body)));
    const admonitions = [...outsideCode(file.body).matchAll(/^:::([a-z]+)/gm)].map(
      (match) => ADMONITION_LABELS[match[1]],
    );
    const quoted = [...markdown.matchAll(/^> \*\*([A-Z][a-z]+)\b/gm)]
      .map((match) => match[1])
      .filter((label) => Object.values(ADMONITION_LABELS).includes(label));
    expect(quoted.sort(), `${twin}: admonitions as blockquotes`).toEqual(admonitions.sort());
  }
});

test('an API operation page has its method, path, every parameter name and its request samples', async ({request}) => {
  const spec = loadSpec();
  for (const operation of operationsOf(spec)) {
    const twin = `/docs/api/${operation.slug}.md`;
    const response = await request.get(twin);
    expect(response.status(), twin).toBe(200);
    const markdown = await response.text();
    const method = operation.method.toUpperCase();
    expect(markdown, twin).toContain(`## ${method} ${operation.path}`);
    const parameters = [
      ...((spec.paths[operation.path].parameters ?? []) as JsonObject[]),
      ...((operation.definition.parameters ?? []) as JsonObject[]),
    ].map((parameter) => deref(spec, parameter)?.name as string);
    for (const name of parameters) {
      // Each parameter is a field of its place's list: `- `name` (`type`, required): …`, as on the page.
      expect(markdown, `${twin}: parameter ${name}`).toMatch(new RegExp(`^- \`${name}\` \\(\``, 'm'));
    }
    // The request samples section (tests/unit/markdown-twins.spec.ts checks its text): curl first, calling the path.
    expect(markdown, `${twin}: request samples`).toMatch(
      new RegExp(
        `\n## Request samples\\n[\\s\\S]*?\`\`\`bash\\ncurl (-X ${method} )?"https://\\$VIGIL_INSTANCE\\.vigil\\.example/api/v1${operation.path.replace(/\{[^}]+\}/g, '[^/"?]+')}[?"]`,
      ),
    );
    if (operation.definition.requestBody) {
      expect(markdown, `${twin}: request body`).toContain('### Request body');
    }
    for (const status of Object.keys(operation.definition.responses)) {
      expect(markdown, `${twin}: response ${status}`).toContain(`### ${status}`);
    }
  }
});

test('llms-full.txt holds every doc in sidebar order and no blog post', async ({request}) => {
  const response = await request.get('/docs/llms-full.txt');
  expect(response.status()).toBe(200);
  const full = await response.text();
  const positions = sidebarDocIds(sidebarItems).map((id) => {
    const title = docById(id).frontMatter.title as string;
    const position = full.indexOf(`\n# ${title}\n`);
    expect(position, `${id} is in llms-full.txt`).toBeGreaterThan(0);
    return position;
  });
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
  for (const post of posts) {
    expect(full, post.file).not.toContain(`\n# ${post.frontMatter.title}\n`);
  }
});
