/**
 * `api_changes`: the API changelog the site's build wrote beside its page (src/plugins/api-reference/changelog: the changes
 * of each commit to the OpenAPI description, grouped by `info.version`), from a date or a version on, in the words
 * of the page.
 */
import {changeText, type ApiChangelog, type ChangelogEntry} from '../../../src/plugins/api-reference/changelog/model';
import {apiManifest} from './operations';
import {ToolInputError, readText, type Site} from './site';

export interface ChangeSummary {
  breaking: boolean;
  action: string;
  /** The sentence of the page: `Added property `ssh_tunnel` in the request body: POST /datastores.` */
  text: string;
  /** The pages that show it: the operation's field or section. */
  urls: string[];
}

export interface EntrySummary {
  date: string;
  version: string;
  commit: string;
  breaking: boolean;
  changes: ChangeSummary[];
}

/** `2026-11-25` or an ISO 8601 date and time. */
const DATE = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

function summaryOf(entry: ChangelogEntry, version: string): EntrySummary {
  return {
    date: entry.date,
    version,
    commit: entry.commit,
    breaking: entry.breaking,
    changes: entry.changes.map((change) => ({
      breaking: change.breaking,
      action: change.action,
      text: changeText(change),
      urls: [...(change.href ? [change.href] : []), ...change.operations.flatMap((operation) => operation.href ?? [])],
    })),
  };
}

/**
 * The entries of the changelog after `since`: a date (the entries of that day and later) or a version of the
 * description (the entries of the versions after it); all of them without `since`. Oldest first.
 */
export async function apiChanges(
  site: Site,
  since?: string,
): Promise<{since?: string; coverage: string; page: string; feed: string; entries: EntrySummary[]}> {
  // Where the build wrote the changelog's data: the API manifest says.
  const file = (await apiManifest(site)).manifest.files.changelogJson;
  const text = file === undefined ? undefined : await readText(site, file);
  if (text === undefined)
    throw new Error(
      `${site.location} has no changelog data${file ? ` at ${file}` : ' in its API manifest'}: is it a complete build of the Vigil docs?`,
    );
  const changelog = JSON.parse(text) as ApiChangelog;
  // Oldest first: the order a reader catching up reads them in.
  const groups = [...changelog.versions].reverse().map((group) => ({...group, entries: [...group.entries].reverse()}));
  const wanted = since?.trim() ?? '';
  let kept = groups.flatMap((group) => group.entries.map((entry) => summaryOf(entry, group.version)));
  if (wanted !== '') {
    if (DATE.test(wanted)) {
      const from = Date.parse(wanted.length === 10 ? `${wanted}T00:00:00Z` : wanted);
      if (Number.isNaN(from)) throw new ToolInputError(`"${wanted}" is not a date: give one as 2026-11-25.`);
      kept = kept.filter((entry) => Date.parse(entry.date) >= from);
    } else {
      const index = groups.findIndex((group) => group.version === wanted);
      if (index < 0) {
        throw new ToolInputError(
          `The changelog has no version "${wanted}". Give a date (2026-11-25) or one of its versions: ${groups.map((group) => group.version).join(', ')}.`,
        );
      }
      const later = new Set(groups.slice(index + 1).map((group) => group.version));
      kept = kept.filter((entry) => later.has(entry.version));
    }
  }
  return {
    ...(wanted ? {since: wanted} : {}),
    coverage: changelog.coverage.note,
    page: changelog.url,
    feed: changelog.feedUrl,
    entries: kept,
  };
}
