// The files of the API reference the docs plugin instance routes and compiles, written from the build object
// (build.ts): per page an MDX file and, beside it, a module of its data; and the sidebar. Front matter is written by a
// YAML serializer and the page's data is JSON in a module beside its MDX (render-page.ts, generatedPageMdx): no text
// of the description is ever written into MDX syntax, so none can run, and none can break a file.
import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import {braceFreeString, generatedPageMdx} from '../../openapi';
import type {ApiPageFile} from './build';
import {pageDataModuleText} from './page-data/page-data-file.cjs';

/** Empties `outputDir` (it holds only what the last build wrote) and makes it again. */
export function emptyFolder(outputDir: string): void {
  rmSync(outputDir, {recursive: true, force: true});
  mkdirSync(outputDir, {recursive: true});
}

/** Front matter, written by the YAML serializer: any text is a quoted or block scalar, never YAML syntax. */
function frontMatter(fields: Record<string, unknown>): string {
  return `---\n${yaml.dump(fields, {lineWidth: -1, noRefs: true, quotingType: '"'})}---\n`;
}

/**
 * Writes a page: its MDX (front matter, component, title) and, beside it, a module of its data as one JSON text
 * (page-data/page-data-file.cjs): one string literal to the bundler's parser, where a .json module would be a tree of
 * values in its memory (half a gigabyte more on a description of 900 operations). Returns the names of the files
 * written.
 */
export function writePageFile(outputDir: string, page: ApiPageFile): string[] {
  // A page in a folder (`objects/dataset.object`): its id and route are under the folder's name.
  const folder = path.dirname(page.name);
  if (folder !== '.') mkdirSync(path.join(outputDir, folder), {recursive: true});
  const dataFile = `${page.name}.page.js`;
  writeFileSync(path.join(outputDir, dataFile), pageDataModuleText(page.data));
  const toc = page.toc ? `export const toc = JSON.parse(${braceFreeString(JSON.stringify(page.toc))});` : '';
  const mdx = `${page.name}.mdx`;
  writeFileSync(
    path.join(outputDir, mdx),
    frontMatter(page.frontMatter) + generatedPageMdx(page.component, page.title, path.basename(dataFile), toc),
  );
  return [dataFile, mdx];
}
