// A page's data, as the page's component is given it (`page`): the data itself in the browser (the module ../files.ts
// writes beside the page's MDX), and on the server a reader of that module (server-page-data-loader.cjs), parsed
// when the page renders so that the server does not keep it after.

/** What the server bundle's module of a page's data exports in place of the data. */
export type PageDataReader<T> = {readPageData(): T};

/** The `page` a page's component is given: its data, or on the server a reader of it. */
export type PageDataProp<T> = T | PageDataReader<T>;

/** A page's data: read when the component is given a reader (the data is JSON: it has no function). */
export function pageDataOf<T>(page: PageDataProp<T>): T {
  const reader = page as Partial<PageDataReader<T>>;
  return typeof reader.readPageData === 'function' ? reader.readPageData() : (page as T);
}
