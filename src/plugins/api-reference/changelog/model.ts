// The API changelog as data: what the page, its Markdown version, the Atom feed and the docs MCP server's
// `api_changes` all read (the page as JSON next to its MDX, the others from the build's changes.json). Pure data and
// one function of words, without Node.js or Docusaurus, so the MCP server compiles it as it is.

/** What became of a thing of the API: the four words of the changelog. */
export type ChangeAction = 'added' | 'changed' | 'deprecated' | 'removed';

/**
 * An operation (or webhook) a change is in, as the description at that commit named it, and where today's API
 * reference shows the change on its page (none when the page is gone).
 */
export type ChangedOperation = {
  kind: 'operation' | 'webhook';
  method: string;
  path: string;
  title: string;
  href?: string;
};

/**
 * One change of one commit, in words, and the operations it is in: a schema shared by many operations changes
 * them all at once (our description's second commit gave 477 error responses a `minimum` status), one change.
 */
export type ApiChange = {
  action: ChangeAction;
  breaking: boolean;
  /** What it is: `operation`, `webhook`, `query parameter`, `property`, `enum value`, `response`, `security scheme`. */
  subject: string;
  /** Its name: `connection.ssh_tunnel`, `"paused"`, `409`, `bearerAuth`. */
  name?: string;
  /** Where it is, in words: `request body`, `response 200`, `property status of the request body`. */
  where?: string;
  /** For a change: what of it changed (`type`, `maxLength`, `now required`), with the values when they are short. */
  detail?: string;
  /** The operations it is in; none for the security schemes and the requirements every operation shares. */
  operations: ChangedOperation[];
  /** For a change in no operation: where the API reference shows it now (site path and anchor). */
  href?: string;
  /**
   * On a page only (changelogPages): the operations past the ones a page lists, counted per tag of the API reference,
   * with the tag's page; `operations` then holds none. changes.json and the feed list every operation.
   */
  tags?: Array<{label: string; href?: string; count: number}>;
  /** On a page only: the names of the changes of one commit that differ by their name alone, `name` the first. */
  names?: string[];
};

/** The changes one commit made to the description's API; a commit that changed only prose or examples has none. */
export type ChangelogEntry = {
  /** The commit: the entry's id in the feed. */
  commit: string;
  /** Committer date, ISO 8601. */
  date: string;
  /** `info.version` of the description after the commit. */
  version: string;
  breaking: boolean;
  changes: ApiChange[];
  /** The first commit this build could read: not a change but where the history starts, with what was there. */
  start?: {operations: number; webhooks: number};
};

/** What history the changelog covers, said on the page, in the feed and in the build's log. */
export type ChangelogCoverage = {
  /** `git`: read from the repository's commits; `none`: no history could be read (not a clone, file not committed). */
  source: 'git' | 'none';
  /** A shallow clone holds only its latest commits: the changelog starts at the first one it holds. */
  shallow: boolean;
  /** How many commits changed the description's file, and how many of them changed its API. */
  commits: number;
  entries: number;
  from?: string;
  to?: string;
  /** One sentence a reader can act on. */
  note: string;
};

export type ApiChangelog = {
  title: string;
  /** Site path of the changelog page, of its Atom feed and of its JSON. */
  url: string;
  feedUrl: string;
  jsonUrl: string;
  coverage: ChangelogCoverage;
  /** Newest first, grouped by `info.version` (a version its commits reached again stays one group, where it began). */
  versions: Array<{version: string; entries: ChangelogEntry[]}>;
};

/**
 * One page of the changelog: a year of its entries, newest first. The newest year's page is the changelog's URL,
 * each earlier year's `<changelog URL>/<year>`.
 */
export type ChangelogPage = Omit<ApiChangelog, 'versions'> & {
  /** This page's site path, and its year (none when the history holds no entry). */
  pageUrl: string;
  year?: string;
  /** Every year of the history, newest first, with its page. */
  years: Array<{year: string; url: string}>;
  /** This year's entries, grouped by `info.version` as the changelog groups them. */
  versions: ApiChangelog['versions'];
};

/** A page's title: the changelog's for the newest year's page, with its year for an earlier year's. */
export function changelogPageTitle(page: ChangelogPage): string {
  return page.year && page.pageUrl !== page.url ? `${page.title}: ${page.year}` : page.title;
}

/** The other years' pages, newest first, that a page links. */
export function otherYears(page: ChangelogPage): ChangelogPage['years'] {
  return page.years.filter((year) => year.url !== page.pageUrl);
}

/** The year of an entry (UTC): its page's. */
export function entryYear(entry: Pick<ChangelogEntry, 'date'>): string {
  return entryDay(entry).slice(0, 4);
}

/** The years of the history's entries, newest first. */
export function changelogYears(changelog: ApiChangelog): string[] {
  const years = changelog.versions.flatMap((group) => group.entries.map(entryYear));
  return [...new Set(years)].sort().reverse();
}

/** The site path of a year's page: the changelog's own for the newest year, `<changelog URL>/<year>` for the others. */
export function yearPageUrl(
  changelog: Pick<ApiChangelog, 'url'>,
  year: string,
  newestYear: string | undefined,
): string {
  return year === newestYear ? changelog.url : `${changelog.url}/${year}`;
}

/** Inline text of a sentence: plain, or code. The page renders code as `<code>`, Markdown as backticks. */
export type Words = Array<string | {code: string}>;

const VERBS: Record<ChangeAction, string> = {
  added: 'Added',
  changed: 'Changed',
  deprecated: 'Deprecated',
  removed: 'Removed',
};

/**
 * The sentence of a change, without its operations, which each rendering lists after it (links on the page):
 * `Added property `ssh_tunnel` in the request body`, `Removed enum value `"paused"` in the property status of the
 * request body`, `Added operation`.
 */
export function changeWords(change: ApiChange): Words {
  const names = change.names ?? (change.name === undefined ? [] : [change.name]);
  // Several names: the subject in the plural (`properties`, `enum values`), unless it is already.
  const plural = change.subject.endsWith('s') ? change.subject : `${change.subject.replace(/y$/, 'ie')}s`;
  const subject = names.length > 1 ? plural : change.subject;
  const words: Words = [`${VERBS[change.action]} ${subject}`];
  names.forEach((name, index) => words.push(index ? ', ' : ' ', {code: name}));
  if (change.detail) words.push(` (${change.detail})`);
  if (change.where) words.push(` in the ${change.where}`);
  return words;
}

/**
 * What a page says before a change's operations counted by tag (changelogPages): `103 operations, by tag`; the tags
 * and their counts follow, linked on the page and in Markdown.
 */
export function taggedOperationsLead(tags: NonNullable<ApiChange['tags']>): string {
  const count = tags.reduce((sum, tag) => sum + tag.count, 0);
  return `${count} operation${count === 1 ? '' : 's'}, by tag`;
}

/** `POST /datastores`, or a webhook's name. */
export function operationLabel(operation: ChangedOperation): string {
  return operation.kind === 'webhook' ? operation.path : `${operation.method.toUpperCase()} ${operation.path}`;
}

/** The sentence as plain text, its code spans as their text. */
export function wordsText(words: Words): string {
  return words.map((word) => (typeof word === 'string' ? word : word.code)).join('');
}

/** A change as one plain-text sentence with the operations it is in (the feed's entries, the MCP server's answers). */
export function changeText(change: ApiChange): string {
  const operations = change.operations.map(operationLabel).join(', ');
  return `${wordsText(changeWords(change))}${operations ? `: ${operations}` : ''}.`;
}

/** `2026-11-25`: the day of an entry, as the page shows it (UTC). */
export function entryDay(entry: Pick<ChangelogEntry, 'date'>): string {
  return new Date(entry.date).toISOString().slice(0, 10);
}

/** The title of an entry: `3 changes, 1 breaking` or where the history starts. */
export function entryTitle(entry: ChangelogEntry): string {
  if (entry.start) {
    return `History starts: ${entry.start.operations} operation${entry.start.operations === 1 ? '' : 's'}, ${entry.start.webhooks} webhook${entry.start.webhooks === 1 ? '' : 's'}`;
  }
  // A page's line of several names (changelogPages) is as many changes.
  const size = (change: ApiChange) => change.names?.length ?? 1;
  const total = entry.changes.reduce((sum, change) => sum + size(change), 0);
  const breaking = entry.changes.reduce((sum, change) => sum + (change.breaking ? size(change) : 0), 0);
  const count = `${total} change${total === 1 ? '' : 's'}`;
  return breaking ? `${count}, ${breaking} breaking` : count;
}

/** The anchor of an entry on the page: its day and commit (`2026-11-25-b6da484`). */
export function entryAnchor(entry: Pick<ChangelogEntry, 'date' | 'commit'>): string {
  return `${entryDay(entry)}-${entry.commit.slice(0, 7)}`;
}
