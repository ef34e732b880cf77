/** Reading the HTML a server sends, without a browser: cheerio's parser and selectors. */
import type {APIRequestContext} from '@playwright/test';
import {load, type AnyNode, type Cheerio, type CheerioAPI} from 'cheerio';
import {expect} from './site';

export type {CheerioAPI};

export function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}

/** An element's text as a reader sees it: spaces folded, the zero-width spaces of heading anchors dropped. */
export function textOf(element: Cheerio<AnyNode>): string {
  return element
    .text()
    .replace(/\u200b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text of each element `selector` matches. */
export function textsOf($: CheerioAPI, selector: string): string[] {
  return $(selector)
    .toArray()
    .map((element) => textOf($(element)));
}

/** The content of a `<meta name=…>` or `<meta property=…>` element. */
export function metaContent($: CheerioAPI, name: string): string | undefined {
  return $(`meta[name="${name}"], meta[property="${name}"]`).first().attr('content');
}

/** The page at `path` as the server sends it (redirects not followed), parsed; fails unless it answers `status`. */
export async function servedPage(
  request: APIRequestContext,
  path: string,
  {status = 200}: {status?: number} = {},
): Promise<CheerioAPI> {
  const response = await request.get(path, {maxRedirects: 0});
  expect(response.status(), `${path}: status`).toBe(status);
  return load(await response.text());
}

/** The `src` of each deferred script a page's HTML lists, in order: the entry scripts, then the page's own chunks. */
export function deferredScripts(html: string): string[] {
  return [...html.matchAll(/<script src=["']?([^"' >]+)["']? defer/g)].map(([, src]) => src);
}

/** Parses HTML read from elsewhere (a file of the build). */
export function parseHtml(html: string): CheerioAPI {
  return load(html);
}
