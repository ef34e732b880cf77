import {readFileSync} from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import {markdownFiles, withoutCode} from './content';

export type Post = {
  file: string;
  date: string;
  slug: string;
  title: string;
  description: string;
  image: string;
  authors: string[];
  tags: string[];
  body: string;
};

export const authors = yaml.load(readFileSync('blog/authors.yml', 'utf8')) as Record<
  string,
  {name: string; title?: string; page?: boolean}
>;
export const blogTags = yaml.load(readFileSync('blog/tags.yml', 'utf8')) as Record<
  string,
  {label: string; permalink: string; description: string}
>;

/** The blog posts, newest first, with the date taken from the folder name as Docusaurus does. */
export const posts: Post[] = markdownFiles('blog')
  .map(({file, frontMatter, body}) => {
    const date = /(\d{4}-\d{2}-\d{2})/.exec(path.basename(path.dirname(file)))![1];
    return {
      file,
      date,
      slug: String(frontMatter.slug),
      title: String(frontMatter.title),
      description: String(frontMatter.description),
      image: String(frontMatter.image),
      authors: frontMatter.authors as string[],
      tags: frontMatter.tags as string[],
      body,
    };
  })
  .sort((a, b) => b.date.localeCompare(a.date));

/** Words of the article's prose: code blocks, JSX lines, tables' pipes and Markdown syntax left out. */
export function proseWords(body: string): number {
  const prose = withoutCode(body)
    .split('\n')
    .filter((line) => !/^\s*(import |export |<\/?[A-Z]|\{\/\*)/.test(line))
    .join(' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[#>*_`|[\]-]/g, ' ');
  return prose.split(/\s+/).filter((word) => /[A-Za-z0-9]/.test(word)).length;
}
