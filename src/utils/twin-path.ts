/**
 * The URL of a page's Markdown version: the page URL with `.md` appended, a trailing slash (index docs
 * such as /docs/configuring-datastore/) removed first: /docs/configuring-datastore.md.
 * Shared by the build, which writes the files, and the pages, which link to them.
 */
export function twinPath(permalink: string): string {
  return `${permalink.replace(/\/+$/, '')}.md`;
}
