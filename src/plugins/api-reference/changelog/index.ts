// The API changelog as a part of the API reference's build object (../build.ts): read from the description's git
// history, linked to the anchors of the pages the same build made. Its page, Markdown version, Atom feed and JSON are
// written by the API reference plugin.
import {buildChangelog} from './changelog';
import {changeLinker, type LinkOptions} from './links';
import type {ApiChangelog} from './model';

export {atomFeed} from './atom';
export {changelogMarkdown} from './markdown';
export {changelogPages, type TagOfPage} from './pages';
export {linkKey, pageAnchors, type PageAnchors} from './links';
export {changelogPageTitle} from './model';
export type {ApiChangelog, ChangelogPage} from './model';

/** The changelog's page id in the API reference: its route is `<base URL>api/changelog`. */
export const CHANGELOG_PAGE_ID = 'changelog';
/** The files the build writes beside the page: the Atom feed, and the JSON the docs MCP server reads. */
export const CHANGELOG_FEED_FILE = 'atom.xml';
export const CHANGELOG_JSON_FILE = 'changes.json';
export const CHANGELOG_DESCRIPTION =
  'Every change to the API, from the history of its OpenAPI description: added, changed, deprecated and removed operations, parameters, fields and values, breaking changes marked.';

export type ChangelogOptions = LinkOptions & {
  /** The description's file, whose git history is read, and the folder that caches each version's summary. */
  specFile: string;
  cacheDir: string;
};

/** The changelog of the description, and the line the build's log says of what history it covers. */
export function apiChangelog(options: ChangelogOptions): {changelog: ApiChangelog; log: string} {
  const pageUrl = `${options.apiBase}${CHANGELOG_PAGE_ID}`;
  const {changelog, stats} = buildChangelog({
    specFile: options.specFile,
    cacheDir: options.cacheDir,
    url: pageUrl,
    feedUrl: `${pageUrl}/${CHANGELOG_FEED_FILE}`,
    jsonUrl: `${pageUrl}/${CHANGELOG_JSON_FILE}`,
    linkOf: changeLinker(options),
  });
  const {coverage} = changelog;
  const log =
    `API changelog: ${coverage.source === 'git' ? (coverage.shallow ? 'SHALLOW CLONE, partial history. ' : '') : 'NO HISTORY. '}${coverage.note} ` +
    `${(stats.milliseconds / 1000).toFixed(1)} s (${(stats.cpuMilliseconds / 1000).toFixed(1)} s of processor), ${stats.fromCache} of ${stats.compared} comparisons from the cache.`;
  return {changelog, log};
}
