// A program that fetched a page finds its Markdown version from the page itself: the head of the HTML the
// server sends names it, and llms.txt says so, with the full-text files and the docs MCP server.
import {existsSync, readFileSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {operationsOf} from '../../src/openapi';
import {builtHtml, contentPages, llmsLinks, twinPath} from '../support/markdown-twins';
import {parseHtml} from '../support/html';
import {loadSpec} from '../support/openapi';
import {BASE_URL, sitemapPaths} from '../support/site';

/** The `<link rel="alternate" type="text/markdown">` elements of a page's head: their href. */
function markdownAlternates(html: string): string[] {
  const $ = parseHtml(html);
  return $('head link[rel="alternate"][type="text/markdown"]')
    .toArray()
    .map((link) => $(link).attr('href') ?? '');
}

test('every doc, API page, blog post and Markdown page names its Markdown version in its head; other pages name none', () => {
  const withTwin = new Set(contentPages().map((page) => page.path));
  expect(withTwin.size).toBeGreaterThan(150);
  const problems: string[] = [];
  for (const path of sitemapPaths()) {
    const links = markdownAlternates(builtHtml(path));
    if (!withTwin.has(path)) {
      if (links.length > 0) problems.push(`${path}: has no Markdown version but names ${links.join(', ')}`);
      continue;
    }
    if (links.length !== 1 || links[0] !== twinPath(path))
      problems.push(`${path}: names ${JSON.stringify(links)}, expected ["${twinPath(path)}"]`);
    if (!existsSync(`build/${twinPath(path).slice(BASE_URL.length)}`))
      problems.push(`${path}: ${twinPath(path)} is not in build/`);
  }
  expect(problems).toEqual([]);
});

test('llms.txt links the full text of the docs and of the API reference, and names the negotiation and the MCP server', () => {
  const index = readFileSync('build/llms.txt', 'utf8');
  const intro = index.slice(0, index.indexOf('\n## '));
  const linked = llmsLinks(index).length;
  const fullTextLinks = [...intro.matchAll(/\]\((https?:\/\/[^)]+)\)/g)].map((match) => new URL(match[1]).pathname);
  expect(fullTextLinks).toEqual([`${BASE_URL}llms-full.txt`, `${BASE_URL}llms-api-full.txt`]);
  for (const file of fullTextLinks) expect(existsSync(`build/${file.slice(BASE_URL.length)}`), file).toBe(true);
  expect(intro).toContain('`Accept: text/markdown`');
  expect(intro).toContain('<link rel="alternate" type="text/markdown">');
  for (const tool of ['search_docs', 'read_page', 'get_operation', 'list_operations'])
    expect(intro, tool).toContain(`\`${tool}\``);
  expect(intro).toMatch(/`npx \.\/packages\/vigil-docs-mcp --site https?:\/\/[^`]+\/docs\/`/);
  // The notes sit between the summary and the sections; the index still lists every page.
  expect(linked).toBeGreaterThan(150);
});

test('llms-api-full.txt holds every page of the API reference, each operation once, in the order of llms.txt', () => {
  const full = readFileSync('build/llms-api-full.txt', 'utf8');
  const index = readFileSync('build/llms.txt', 'utf8');
  const apiSection = index.slice(
    index.indexOf('\n## API Reference\n'),
    index.indexOf('\n## ', index.indexOf('\n## API Reference\n') + 1),
  );
  const apiTwins = llmsLinks(apiSection).map((link) => new URL(link.url).pathname);
  expect(apiTwins.length).toBeGreaterThan(100);
  let position = 0;
  for (const twin of apiTwins) {
    const markdown = readFileSync(`build/${twin.slice(BASE_URL.length)}`, 'utf8').trim();
    const found = full.indexOf(markdown, position);
    expect(found, `${twin} in llms-api-full.txt, after the page before it`).toBeGreaterThan(0);
    position = found + markdown.length;
  }
  for (const operation of operationsOf(loadSpec())) {
    expect(full.split(`Operation id \`${operation.operationId}\`,`).length - 1, operation.operationId).toBe(1);
  }
  // The docs stay apart, in llms-full.txt.
  expect(readFileSync('build/llms-full.txt', 'utf8')).not.toContain('\n## Request samples\n');
});
