// The changelog's pages, from the changelog the build made (changes.json keeps it whole): one page a year, newest
// first, and on them a change in many operations counted per tag, to keep each page within the API pages' budget
// (300 kB of HTML, 100 kB of Markdown; tests/build/api-pages.spec.ts holds it). Our description's second commit
// alone made 459 changes, four of them in 103 operations each: listed, 218 kB of Markdown on one page. Changes of a
// commit that differ by their name alone are one line (459 lines of that commit become 302).
import {
  changelogYears,
  entryYear,
  operationLabel,
  yearPageUrl,
  type ApiChange,
  type ApiChangelog,
  type ChangelogPage,
} from './model';

/**
 * The most operations a change lists on a page, each linked to where its page shows the change; a change in more
 * counts them per tag. Chosen by measuring our history's page (changes merged by name, below): 93 kB of Markdown at
 * 3, 112 kB at 5, 118 kB at 8, 165 kB listing all.
 */
export const OPERATIONS_LISTED = 3;

/** The tag of an operation's page (by its site path) in the API reference, with the tag's page when it has one. */
export type TagOfPage = (pagePath: string) => {label: string; href?: string} | undefined;

/** Operations without a page now: those the API no longer has. */
const GONE = 'Operations no longer in the API';

/** A change as a page shows it: its operations listed, or, past OPERATIONS_LISTED, counted per tag. */
function pageChange(change: ApiChange, tagOf: TagOfPage): ApiChange {
  if (change.operations.length <= OPERATIONS_LISTED) return change;
  const tags = new Map<string, {label: string; href?: string; count: number}>();
  for (const operation of change.operations) {
    const tag = (operation.href && tagOf(operation.href.split('#')[0])) || {label: GONE};
    const counted = tags.get(tag.label) ?? {...tag, count: 0};
    counted.count += 1;
    tags.set(tag.label, counted);
  }
  return {...change, operations: [], tags: [...tags.values()]};
}

/**
 * The changes of one commit that differ by their name alone (the same action, detail, place and operations: `now
 * required` in one body for eight properties) made one, its names listed; each operation linked where the first is.
 */
function mergedChanges(changes: ApiChange[]): ApiChange[] {
  const merged = new Map<string, ApiChange>();
  for (const change of changes) {
    if (change.name === undefined || change.href !== undefined) {
      merged.set(`${merged.size}`, change);
      continue;
    }
    const {action, breaking, subject, where, detail, operations} = change;
    const key = JSON.stringify([action, breaking, subject, where, detail, operations.map(operationLabel)]);
    const same = merged.get(key);
    if (same) same.names!.push(change.name);
    else merged.set(key, {...change, names: [change.name]});
  }
  return [...merged.values()];
}

/** The changelog's pages, the newest year's first (at the changelog's URL); one page without entries for none. */
export function changelogPages(changelog: ApiChangelog, tagOf: TagOfPage): ChangelogPage[] {
  const {versions, ...about} = changelog;
  const years = changelogYears(changelog);
  const yearLinks = years.map((year) => ({year, url: yearPageUrl(changelog, year, years[0])}));
  if (years.length === 0) return [{...about, pageUrl: changelog.url, years: [], versions: []}];
  return yearLinks.map(({year, url}) => ({
    ...about,
    pageUrl: url,
    year,
    years: yearLinks,
    versions: versions
      .map((group) => ({
        version: group.version,
        entries: group.entries
          .filter((entry) => entryYear(entry) === year)
          .map((entry) => ({
            ...entry,
            changes: mergedChanges(entry.changes).map((change) => pageChange(change, tagOf)),
          })),
      }))
      .filter((group) => group.entries.length > 0),
  }));
}

/** What the pages say of the changes they count per tag, before the link to changes.json. */
export function countedNote(page: ChangelogPage): string {
  const counted = page.versions.some((group) =>
    group.entries.some((entry) => entry.changes.some((change) => change.tags)),
  );
  return counted
    ? `A change in more than ${OPERATIONS_LISTED} operations counts them by tag here; the feed and the changelog's data list every operation:`
    : "The changelog's data:";
}
