import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import {BASE_URL} from '../../config/site-constants';

/** The doc tags declared in docs/tags.yml, by key. */
export const docTags = yaml.load(readFileSync('docs/tags.yml', 'utf8')) as Record<
  string,
  {label: string; permalink: string; description: string}
>;

// Front matter is YAML of any shape; each test asserts the fields it reads.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type MarkdownFile = {file: string; frontMatter: Record<string, any>; body: string};

function walk(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : /\.mdx?$/.test(entry.name) ? [full] : [];
  });
}

export function readMarkdown(file: string): MarkdownFile {
  const source = readFileSync(file, 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source);
  return {
    file,
    frontMatter: match ? ((yaml.load(match[1]) as MarkdownFile['frontMatter']) ?? {}) : {},
    body: match ? source.slice(match[0].length) : source,
  };
}

export function markdownFiles(dir: string): MarkdownFile[] {
  return walk(dir).sort().map(readMarkdown);
}

/** The doc id Docusaurus gives a file under docs/ (path without extension). */
export function docId(file: string): string {
  return path.relative('docs', file).replace(/\.mdx?$/, '');
}

/** The route of a doc under the base URL: its front matter slug, else its id, or its folder for an index doc. */
export function docRoute({file, frontMatter}: MarkdownFile): string {
  const slug = frontMatter.slug as string | undefined;
  if (slug) return `${BASE_URL}${slug.replace(/^\//, '')}`;
  const id = docId(file);
  return id.endsWith('/index') ? `${BASE_URL}${id.slice(0, -'index'.length)}` : `${BASE_URL}${id}`;
}

/** The languages of the fenced code blocks of a Markdown body, indented fences (inside tabs) included. */
export function fenceLanguages(body: string): string[] {
  return [...body.matchAll(/^[ \t]*(?:`{3,}|~{3,})([\w+#-]+)/gm)].map((match) => match[1]);
}

/** Body text with fenced code blocks removed, for checks that concern prose. */
export function withoutCode(body: string): string {
  return body.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '');
}

export type CodeBlock = {language: string; title: string | undefined; code: string; line: number};

export function codeBlocks(body: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  for (const match of body.matchAll(/^(`{3,})(\w*)([^\n]*)\n([\s\S]*?)^\1\s*$/gm)) {
    const title = /title="([^"]+)"/.exec(match[3])?.[1];
    blocks.push({language: match[2], title, code: match[4], line: body.slice(0, match.index).split('\n').length});
  }
  return blocks;
}

/** Links of the Markdown body (outside code): [text](target). */
export function markdownLinks(body: string): string[] {
  return [...withoutCode(body).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]);
}
