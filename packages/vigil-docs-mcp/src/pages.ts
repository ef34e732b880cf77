/** `read_page`: the Markdown version of a page, the file the build wrote next to its HTML. */
import {twinPath} from '../../../src/utils/twin-path';
import {ToolInputError, controlCharacter, quoted, readText, truncated, type Site} from './site';

/** Files of the site's root that read_page also gives: the index of every page. */
const ROOT_TEXT_FILES = new Set(['llms.txt']);

/**
 * The site path of the Markdown version of the page `asked`: a page URL or path, with or without the base path,
 * `.md`, a trailing slash, a query or an anchor (`https://vigil.example/docs/intro#setup`, `/docs/intro`,
 * `intro.md`, `/api/get-dataset`); llms.txt, the index, as itself.
 */
export function markdownPathOf(asked: string, basePath: string): string {
  let target = asked.trim();
  if (/^https?:\/\//i.test(target)) {
    try {
      target = new URL(target).pathname;
    } catch {
      throw new ToolInputError(
        `The path ${quoted(asked)} is not a valid URL: give a page's URL, or a page path such as ${basePath}intro.`,
      );
    }
  }
  target = target.replace(/[?#].*$/, '');
  try {
    target = decodeURI(target);
  } catch {
    // kept as given
  }
  const control = controlCharacter(`${asked}${target}`);
  if (control !== undefined) {
    const code = control.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    throw new ToolInputError(
      `The path ${quoted(asked)} holds a control character (U+${code}), which no page path has: give one such as ${basePath}intro.`,
    );
  }
  if (!target.startsWith('/')) target = `/${target}`;
  const base = basePath.replace(/\/$/, '');
  if (target !== base && !target.startsWith(basePath)) target = `${base}${target}`;
  const name = target.slice(basePath.length);
  if (ROOT_TEXT_FILES.has(name) || target.endsWith('.md')) return target;
  return twinPath(target);
}

/** The Markdown version of a page, exactly as the site serves it. */
export async function readPage(site: Site, asked: string): Promise<{path: string; markdown: string}> {
  if (asked.trim() === '')
    throw new ToolInputError(
      `The path is empty: give a page path such as ${site.basePath}intro (search_docs gives each result's).`,
    );
  const path = markdownPathOf(asked, site.basePath);
  const markdown = path.startsWith(site.basePath) ? await readText(site, path.slice(site.basePath.length)) : undefined;
  if (markdown === undefined) {
    throw new ToolInputError(
      `No page of the site has a Markdown version at ${truncated(path)} (asked for ${quoted(asked)}). Find pages with search_docs, ` +
        `or read ${site.basePath}llms.txt, the index of every page; API operations are also found by get_operation and list_operations.`,
    );
  }
  return {path, markdown};
}
