/**
 * How many bytes of HTML an API page has around its article, worked out from what varies with the description:
 * the sidebar's entries the page shows (the top level and every category open on the way to the page), its
 * breadcrumbs, the previous and next pages' titles, its table of contents, and its title and description in the
 * head. Each entry costs its text (as HTML escapes it) and its markup, at most `frame` bytes of bench/budgets.json;
 * `frame.fixed` is the rest of the page. tests/build/api-pages.spec.ts holds the estimate to the site's build: on
 * every API page, the served HTML is at most the built article and this. The corpus test adds it to the article
 * the site's components render for each page of another description (api-page-html.tsx).
 */
import type {ApiBuild, ApiPage} from '../../src/plugins/api-reference/build';
import type {ApiSidebarItem} from '../../src/plugins/api-reference/groups';
import {budgets} from './budgets';

export type PageFrameBudget = {
  /** The page's markup that does not vary with the description: head, navbar, footer, scripts, containers. */
  fixed: number;
  sidebarLink: number;
  /** A category with a page of its own: its link and its button, which names it again. */
  sidebarCategory: number;
  /** A category without a page: a button that opens it, named once. */
  sidebarCategoryWithoutLink: number;
  /** What marks the page's link and each category above it as the way to the page. */
  sidebarActive: number;
  /** An open category's list (`<ul>` and its end). */
  sidebarList: number;
  breadcrumb: number;
  paginatorLink: number;
  tocEntry: number;
};

export const PAGE_FRAME = budgets.apiPage.frame;

/** The length of a text as React writes it into HTML: `&`, `<`, `>`, `"` and `'` escaped. */
const ESCAPE_GROWTH: Record<string, number> = {'&': 4, '<': 3, '>': 3, '"': 5, "'": 5};
const escapedLength = (text: string) =>
  Buffer.byteLength(text) +
  [...text.matchAll(/[&<>"']/g)].reduce((sum, [character]) => sum + ESCAPE_GROWTH[character], 0);

type Doc = {href: string; label: string};
type TocEntry = {value: string; id: string};

/** The sidebar's items with each doc's link and label, as the theme shows them. */
function docOf(pages: Map<string, ApiPage>, id: string, label?: string): Doc {
  const page = pages.get(id);
  if (!page) throw new Error(`the API sidebar lists ${id}, which is no page of the build`);
  return {href: page.permalink, label: label ?? page.title};
}

function firstLink(item: ApiSidebarItem, pages: Map<string, ApiPage>): string {
  if (item.type === 'doc') return docOf(pages, item.id).href;
  if (item.link) return docOf(pages, item.link.id).href;
  return item.items.length ? firstLink(item.items[0], pages) : '';
}

function holds(item: ApiSidebarItem, id: string): boolean {
  if (item.type === 'doc') return item.id === id;
  return item.link?.id === id || item.items.some((child) => holds(child, id));
}

/** The sidebar's bytes on the page `id`: the entries it renders, each with its text and markup. */
function sidebarBytes(
  items: ApiSidebarItem[],
  id: string,
  pages: Map<string, ApiPage>,
  frame: PageFrameBudget,
): number {
  let bytes = frame.sidebarList;
  for (const item of items) {
    if (holds(item, id)) bytes += frame.sidebarActive;
    if (item.type === 'doc') {
      const doc = docOf(pages, item.id, item.label);
      bytes += frame.sidebarLink + escapedLength(doc.label) + doc.href.length + (item.className?.length ?? 0);
      continue;
    }
    bytes += item.link
      ? frame.sidebarCategory + 2 * escapedLength(item.label) + firstLink(item, pages).length
      : frame.sidebarCategoryWithoutLink + escapedLength(item.label) + firstLink(item, pages).length;
    if (!item.collapsed || holds(item, id)) bytes += sidebarBytes(item.items, id, pages, frame);
  }
  return bytes;
}

/** The categories from the top of the sidebar down to the page, as its breadcrumbs list them. */
function trail(items: ApiSidebarItem[], id: string, pages: Map<string, ApiPage>): Doc[] {
  for (const item of items) {
    if (item.type === 'doc') continue;
    if (!holds(item, id)) continue;
    const own = {href: firstLink(item, pages), label: item.label};
    return item.link?.id === id ? [own] : [own, ...trail(item.items, id, pages)];
  }
  return [];
}

/** The docs the sidebar links, in its order: the paginator's previous and next pages are the neighbours. */
function docsInOrder(items: ApiSidebarItem[], pages: Map<string, ApiPage>): Doc[] {
  return items.flatMap((item) =>
    item.type === 'doc'
      ? [docOf(pages, item.id, item.label)]
      : [...(item.link ? [docOf(pages, item.link.id, item.label)] : []), ...docsInOrder(item.items, pages)],
  );
}

/** The table of contents a generated page exports (`export const toc = JSON.parse("…")`), or none. */
export function tocOf(mdx: string): TocEntry[] {
  const literal = /^export const toc = JSON\.parse\(("(?:[^"\\]|\\.)*")\);$/m.exec(mdx)?.[1];
  return literal ? (JSON.parse(JSON.parse(literal) as string) as TocEntry[]) : [];
}

/** A build's pages by id and the docs its sidebar links in order, worked out once for all its pages. */
const sidebarsRead = new WeakMap<ApiSidebarItem[], {pages: Map<string, ApiPage>; order: Doc[]}>();

function readSidebar(build: Pick<ApiBuild, 'sidebar' | 'pages'>): {pages: Map<string, ApiPage>; order: Doc[]} {
  let read = sidebarsRead.get(build.sidebar);
  if (!read) {
    const pages = new Map(build.pages.map((candidate) => [candidate.id, candidate]));
    read = {pages, order: docsInOrder(build.sidebar, pages)};
    sidebarsRead.set(build.sidebar, read);
  }
  return read;
}

/** What the page `page` of `build` has around its article, in bytes at most, part by part (without `frame.fixed`). */
export function pageFrameParts(
  build: Pick<ApiBuild, 'sidebar' | 'pages'>,
  page: ApiPage,
  toc: TocEntry[],
  frame: PageFrameBudget = PAGE_FRAME,
): {head: number; sidebar: number; breadcrumbs: number; paginator: number; toc: number} {
  const {pages, order} = readSidebar(build);
  const position = order.findIndex((doc) => doc.href === page.permalink);
  const neighbours = [order[position - 1], order[position + 1]].filter((doc): doc is Doc => position >= 0 && !!doc);
  return {
    head: 2 * escapedLength(page.title) + 2 * escapedLength(page.description),
    sidebar: sidebarBytes(build.sidebar, page.id, pages, frame),
    breadcrumbs: trail(build.sidebar, page.id, pages).reduce(
      (sum, doc) => sum + frame.breadcrumb + escapedLength(doc.label) + doc.href.length,
      escapedLength(page.title),
    ),
    paginator: neighbours.reduce(
      (sum, doc) => sum + frame.paginatorLink + escapedLength(doc.label) + doc.href.length,
      0,
    ),
    toc: toc.reduce((sum, entry) => sum + frame.tocEntry + Buffer.byteLength(entry.value) + entry.id.length, 0),
  };
}

/** The most bytes of HTML the page `page` of `build` has around its article. */
export function pageFrameBytes(
  build: Pick<ApiBuild, 'sidebar' | 'pages'>,
  page: ApiPage,
  toc: TocEntry[],
  frame: PageFrameBudget = PAGE_FRAME,
): number {
  return Object.values(pageFrameParts(build, page, toc, frame)).reduce((sum, bytes) => sum + bytes, frame.fixed);
}
