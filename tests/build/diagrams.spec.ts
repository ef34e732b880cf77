// The Mermaid diagrams in the production build: inline SVG in each page's HTML, no diagram library in its
// scripts, one variant in the feeds.
import {readFileSync, readdirSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {VARIANTS, contentDiagrams, svgId} from '../../src/plugins/mermaid-svg/diagrams.mjs';
import {docRoute, readMarkdown} from '../support/content';
import {builtHtml} from '../support/markdown-twins';

/** The page path of a doc or blog post source. */
function pageOf(file: string): string {
  const markdown = readMarkdown(file);
  return file.startsWith('blog/') ? `/docs/blog/${markdown.frontMatter.slug}` : docRoute(markdown);
}

test('the HTML of every page with a diagram holds its light and dark SVG, once each', async () => {
  const diagrams = await contentDiagrams();
  expect(diagrams.length).toBeGreaterThan(0);
  for (const diagram of diagrams) {
    const html = builtHtml(pageOf(diagram.file));
    for (const variant of VARIANTS) {
      const ids = html.match(new RegExp(`<svg id="?${svgId(diagram.hash, variant)}[\\s"]`, 'g')) ?? [];
      expect(ids, `${diagram.file}:${diagram.line} ${variant} SVG in ${pageOf(diagram.file)}`).toHaveLength(1);
    }
  }
});

test('no script of the build holds the Mermaid library', () => {
  const scripts = readdirSync('build/assets/js').filter((name) => name.endsWith('.js'));
  expect(scripts.filter((name) => readFileSync(`build/assets/js/${name}`, 'utf8').includes('mermaidAPI'))).toEqual([]);
});

test('the blog feeds carry the light SVG of a diagram only: a feed reader has no color mode', () => {
  for (const feed of ['build/blog/rss.xml', 'build/blog/atom.xml']) {
    const xml = readFileSync(feed, 'utf8');
    expect(xml, feed).toContain('mermaid-diagram__light');
    expect(xml, feed).not.toContain('mermaid-diagram__dark');
  }
});
