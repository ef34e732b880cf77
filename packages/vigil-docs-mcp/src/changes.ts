/**
 * `api_changes`: the API changelog the site's build wrote beside its page (src/plugins/api-reference/changelog: the changes
 * of each commit to the OpenAPI description, grouped by `info.version`), between two dates, versions or commits, in
 * the words of the page. One answer holds the newest `limit` entries of that range that fit in
 * MAX_CHANGES_ANSWER_BYTES, and names the `until` that gives the older ones.
 */
import {changeText, type ApiChangelog, type ChangelogEntry} from '../../../src/plugins/api-reference/changelog/model';
import {apiManifest} from './operations';
import {DEFAULT_CHANGES_LIMIT, MAX_CHANGES_ANSWER_BYTES} from './limits';
import {ToolInputError, quoted, readText, type Site} from './site';

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
  /** When the entry alone is over the answer's budget: how many of its changes, the last ones, are not listed. */
  changesLeftOut?: number;
}

export interface ChangesAnswer {
  since?: string;
  until?: string;
  coverage: string;
  page: string;
  feed: string;
  /** The entries between `since` and `until`, of which `entries` are the newest. */
  count: number;
  entries: EntrySummary[];
  /** The older entries of the range this answer leaves out, and the `until` that gives them. */
  leftOut?: {entries: number; until: string; next: string};
  /** What was cut, and where the whole is. */
  note?: string;
}

/** `2026-11-25` or an ISO 8601 date and time. */
const DATE = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;
/** A commit, or the start of one (7 hexadecimal digits at least), as the changelog's entries name them. */
const COMMIT = /^[0-9a-f]{7,40}$/i;

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
 * The index in `entries` (oldest first) that a bound names: a date, a version or a commit. `from` is the first
 * entry within the bound for `since` (the entries of that day or later, of later versions, after the commit) and
 * the first entry past it for `until` (before that day or instant, of earlier versions, before the commit).
 */
function boundIndex(entries: EntrySummary[], versions: string[], asked: string, which: 'since' | 'until'): number {
  if (DATE.test(asked)) {
    const instant = Date.parse(asked.length === 10 ? `${asked}T00:00:00Z` : asked);
    if (Number.isNaN(instant)) throw new ToolInputError(`${quoted(asked)} is not a date: give one as 2026-11-25.`);
    const index = entries.findIndex((entry) => Date.parse(entry.date) >= instant);
    return index < 0 ? entries.length : index;
  }
  if (versions.includes(asked)) {
    // Versions oldest first: `since` starts after the version's last entry, `until` stops before its first.
    const position = versions.indexOf(asked);
    const index =
      which === 'since'
        ? entries.findIndex((entry) => versions.indexOf(entry.version) > position)
        : entries.findIndex((entry) => versions.indexOf(entry.version) >= position);
    return index < 0 ? entries.length : index;
  }
  if (COMMIT.test(asked)) {
    const matching = entries.flatMap((entry, index) =>
      entry.commit.toLowerCase().startsWith(asked.toLowerCase()) ? [index] : [],
    );
    if (matching.length > 1)
      throw new ToolInputError(`${quoted(asked)} is the start of ${matching.length} commits: give more of it.`);
    if (matching.length === 1) return which === 'since' ? matching[0] + 1 : matching[0];
  }
  throw new ToolInputError(
    `The changelog has no version or commit ${quoted(asked)}. Give a date (2026-11-25), a commit of one of its ` +
      `entries, or one of its versions: ${versions.join(', ')}.`,
  );
}

/** The bytes of an answer's text: the JSON the client reads (./server.ts, `structured`). */
function answerBytes(answer: ChangesAnswer): number {
  return Buffer.byteLength(JSON.stringify(answer, null, 2));
}

/**
 * The entries of the changelog from `since` to `until`, oldest first: the newest `limit` of them that fit in
 * MAX_CHANGES_ANSWER_BYTES (an entry alone over it is listed with the changes that fit). `leftOut` gives the
 * `until` of the next answer, the older entries.
 */
export async function apiChanges(
  site: Site,
  {since, until, limit = DEFAULT_CHANGES_LIMIT}: {since?: string; until?: string; limit?: number} = {},
  maxBytes = MAX_CHANGES_ANSWER_BYTES,
): Promise<ChangesAnswer> {
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
  const versions = groups.map((group) => group.version);
  const all = groups.flatMap((group) => group.entries.map((entry) => summaryOf(entry, group.version)));
  const from = since?.trim() ?? '';
  const to = until?.trim() ?? '';
  const start = from === '' ? 0 : boundIndex(all, versions, from, 'since');
  const end = to === '' ? all.length : boundIndex(all, versions, to, 'until');
  const range = all.slice(start, Math.max(start, end));
  const answerOf = (entries: EntrySummary[]): ChangesAnswer => {
    const older = range.length - entries.length;
    const cut = entries.find((entry) => entry.changesLeftOut !== undefined);
    const next = entries[0]?.commit ?? '';
    return {
      ...(from ? {since: from} : {}),
      ...(to ? {until: to} : {}),
      coverage: changelog.coverage.note,
      page: changelog.url,
      feed: changelog.feedUrl,
      count: range.length,
      entries,
      ...(older > 0 && {
        leftOut: {
          entries: older,
          until: next,
          next: `${older} older ${older === 1 ? 'entry is' : 'entries are'} left out: call api_changes again with until "${next}"${from ? ` and the same since` : ''}.`,
        },
      }),
      ...(cut && {
        note:
          `The entry of commit ${cut.commit} has ${cut.changes.length + cut.changesLeftOut!} changes, of which the first ` +
          `${cut.changes.length} fit in one answer; the changelog page (${changelog.url}, read_page) lists them all.`,
      }),
    };
  };
  const chosen: EntrySummary[] = [];
  for (let index = range.length - 1; index >= 0 && chosen.length < limit; index -= 1) {
    const entry = range[index];
    if (answerBytes(answerOf([entry, ...chosen])) <= maxBytes) {
      chosen.unshift(entry);
      continue;
    }
    if (chosen.length > 0) break;
    // The newest entry alone is over the budget: as many of its changes as fit (none at worst), and a note.
    let fits = 0;
    for (let low = 0, high = entry.changes.length; low <= high;) {
      const middle = Math.floor((low + high) / 2);
      const trial = {...entry, changes: entry.changes.slice(0, middle), changesLeftOut: entry.changes.length - middle};
      if (answerBytes(answerOf([trial])) <= maxBytes) {
        fits = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    chosen.unshift({...entry, changes: entry.changes.slice(0, fits), changesLeftOut: entry.changes.length - fits});
    break;
  }
  return answerOf(chosen);
}
