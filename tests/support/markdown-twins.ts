import {readFileSync} from 'node:fs';
import {decodeEntities} from './html';
import {sitemapPaths} from './site';

/** The URL of a page's Markdown version: the page URL with `.md`, without a trailing slash first. */
export {twinPath} from '../../src/utils/twin-path';

export type PageKind = 'doc' | 'api' | 'blog-post' | 'markdown-page' | 'other';

/** The built HTML of a page under /docs/. */
export function builtHtml(pagePath: string): string {
  const relative = pagePath.replace(/^\/docs\/?/, '').replace(/\/$/, '');
  return readFileSync(`build/${relative ? `${relative}/` : ''}index.html`, 'utf8');
}

/** What a page is, from the classes Docusaurus puts on its <html> element. */
export function pageKind(html: string): PageKind {
  const classes = /<html[^>]*class="([^"]*)"/.exec(html)?.[1].split(/\s+/) ?? [];
  if (classes.includes('blog-post-page')) return 'blog-post';
  if (classes.includes('docs-doc-page')) return classes.includes('plugin-id-api') ? 'api' : 'doc';
  if (classes.includes('mdx-page')) return 'markdown-page';
  return 'other';
}

/** Every doc, API reference page, blog post and Markdown page of the build's sitemap, with its kind. */
export function contentPages(): Array<{path: string; kind: Exclude<PageKind, 'other'>}> {
  return sitemapPaths()
    .map((path) => ({path, kind: pageKind(builtHtml(path))}))
    .filter((page): page is {path: string; kind: Exclude<PageKind, 'other'>} => page.kind !== 'other');
}

/** Heading text to compare: no anchor marks, icons, Markdown emphasis or code marks, or extra spaces. */
export function normalizeHeading(text: string): string {
  return text
    .replace(/[\u200b\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}`*_\\]|\u{FE0F}/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The texts of the h1 or h2 elements of the page's article. */
export function htmlHeadings(html: string, level: 1 | 2): string[] {
  const article = html.slice(html.indexOf('<article'), html.lastIndexOf('</article>'));
  return [...article.matchAll(new RegExp(`<h${level}\\b[^>]*>([\\s\\S]*?)</h${level}>`, 'g'))].map((match) =>
    normalizeHeading(decodeEntities(match[1].replace(/<[^>]+>/g, ''))),
  );
}

/** Markdown with fenced code blocks and inline code spans removed: what is left is prose and structure. */
export function outsideCode(markdown: string): string {
  return markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The text of every ATX heading, Markdown formatting removed. */
export function markdownHeadings(markdown: string): string[] {
  const prose = markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '');
  return [...prose.matchAll(/^#{1,6} +(.+?)\s*#*\s*$/gm)].map((match) =>
    normalizeHeading(match[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')),
  );
}

/** Links of llms.txt: `- [title](url): description`. */
export function llmsLinks(index: string): Array<{title: string; url: string}> {
  return [...index.matchAll(/^- \[([^\]]+)\]\(([^)\s]+)\)/gm)].map((match) => ({title: match[1], url: match[2]}));
}
