// The changelog from the description's history: each commit's version of the file loaded as the API reference
// loads the current one (src/openapi), compared with the one before it (compare.ts), its changes linked to where
// today's API reference shows them (links.ts), the entries grouped by `info.version`. Loaded versions and the
// changes of each pair are cached by blob id, so a build reads git and the cache only.
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {loadOpenApiDescription, OpenApiSourceError, pathOperations, type JsonObject} from '../../../openapi';
import {apiChanges, type ChangeTarget, type FoundChange} from './compare';
import {readBlob, specHistory, type SpecCommit} from './history';
import type {ApiChange, ApiChangelog, ChangelogCoverage, ChangelogEntry} from './model';

export type ChangelogOptions = {
  /** The description's file, as the API reference reads it. */
  specFile: string;
  /** Where loaded versions and compared pairs are kept between builds (node_modules/.cache/…). */
  cacheDir: string;
  /** The site paths of the page, its feed and its JSON. */
  url: string;
  feedUrl: string;
  jsonUrl: string;
  /** Where today's API reference shows a change; undefined when nothing does (its operation is gone). */
  linkOf: (target: ChangeTarget) => string | undefined;
};

/**
 * What a build did, for its log: how long (the processor's seconds too: on a shared machine the clock's depend on
 * the other processes), and how much came from the cache.
 */
export type ChangelogStats = {milliseconds: number; cpuMilliseconds: number; compared: number; fromCache: number};

/**
 * The cache's generation: the code that compares and the library it calls. A change of either makes a new one,
 * so no build reads changes another version of the comparison found.
 */
function cacheGeneration(): string {
  // The package exports no package.json: it is one folder up from its entry point (dist/index.cjs).
  const entry = require.resolve('api-smart-diff');
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  const library = JSON.parse(readFileSync(manifest, 'utf8')) as {version: string};
  return createHash('sha256')
    .update(readFileSync(path.join(__dirname, 'compare.ts')))
    .update(library.version)
    .digest('hex')
    .slice(0, 12);
}

class SnapshotCache {
  private readonly loaded = new Map<string, JsonObject | undefined>();
  private readonly dir: string;
  compared = 0;
  fromCache = 0;

  constructor(
    cacheDir: string,
    private readonly specFile: string,
  ) {
    this.dir = path.join(cacheDir, cacheGeneration());
    mkdirSync(this.dir, {recursive: true});
  }

  /**
   * The description a commit left, loaded and checked as the API reference loads its own (webhooks, operation ids);
   * undefined when it did not load (the commit broke the file, and the next commit that loads is compared with the
   * last that did).
   */
  description(commit: SpecCommit): JsonObject | undefined {
    if (this.loaded.has(commit.blob)) return this.loaded.get(commit.blob);
    const json = path.join(this.dir, `${commit.blob}.json`);
    let document: JsonObject | undefined;
    if (existsSync(json)) {
      document = JSON.parse(readFileSync(json, 'utf8')) as JsonObject;
    } else {
      const copy = path.join(this.dir, `${commit.blob}${path.extname(this.specFile) || '.yaml'}`);
      writeFileSync(copy, readBlob(this.specFile, commit.blob));
      try {
        document = loadOpenApiDescription(copy);
        writeFileSync(json, JSON.stringify(document));
      } catch (error) {
        if (!(error instanceof OpenApiSourceError)) throw error;
        document = undefined;
      }
    }
    this.loaded.set(commit.blob, document);
    return document;
  }

  /**
   * What the changelog needs of a version besides its changes: its `info.version` and what it has (for the entry
   * where the history starts); undefined when it did not load. Kept apart, so that a build whose pairs are all in
   * the cache parses no description.
   */
  summary(commit: SpecCommit): VersionSummary | undefined {
    const file = path.join(this.dir, `${commit.blob}.summary.json`);
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as {summary?: VersionSummary}).summary;
    const document = this.description(commit);
    const summary = document && {version: String(document.info?.version ?? ''), ...operationCounts(document)};
    writeFileSync(file, JSON.stringify({summary}));
    return summary;
  }

  changes(before: SpecCommit, after: SpecCommit, load: () => [JsonObject, JsonObject]): FoundChange[] {
    const file = path.join(this.dir, `${before.blob}-${after.blob}.changes.json`);
    this.compared += 1;
    if (existsSync(file)) {
      this.fromCache += 1;
      return JSON.parse(readFileSync(file, 'utf8')) as FoundChange[];
    }
    const changes = apiChanges(...load());
    writeFileSync(file, JSON.stringify(changes));
    return changes;
  }
}

type VersionSummary = {version: string; operations: number; webhooks: number};

function operationCounts(document: JsonObject): {operations: number; webhooks: number} {
  const entries = [...pathOperations(document)];
  return {
    operations: entries.filter((entry) => entry.kind === 'operation').length,
    webhooks: entries.filter((entry) => entry.kind === 'webhook').length,
  };
}

function coverageOf(
  specFile: string,
  history: ReturnType<typeof specHistory>,
  entries: ChangelogEntry[],
): ChangelogCoverage {
  const name = path.basename(specFile);
  if (history.source === 'none') {
    return {
      source: 'none',
      shallow: false,
      commits: 0,
      entries: 0,
      note: `This build could read no history of ${name} (${history.reason}), so the changelog is empty: build from a git clone of the repository.`,
    };
  }
  const {commits, shallow} = history;
  const from = commits[0];
  const to = commits[commits.length - 1];
  const day = (commit: SpecCommit) => commit.date.slice(0, 10);
  const changed = entries.filter((entry) => !entry.start).length;
  const counted = `${commits.length} commit${commits.length === 1 ? '' : 's'} changed ${name}, ${changed} of them its API`;
  return {
    source: 'git',
    shallow,
    commits: commits.length,
    entries: changed,
    from: from.date,
    to: to.date,
    note: shallow
      ? `Built from a shallow clone: this changelog covers only the history the clone holds, from ${day(from)} (commit ${from.sha.slice(0, 7)}) to ${day(to)}; ${counted}. A full clone (git fetch --unshallow) gives the whole history.`
      : `The whole history of ${name}, from its first commit on ${day(from)} (${from.sha.slice(0, 7)}) to ${day(to)} (${to.sha.slice(0, 7)}): ${counted}.`,
  };
}

/** The status at the end of a change's place: `property status of the response 404` -> `404`. */
const RESPONSE_STATUS = /\bresponse (\S+)$/;

/**
 * The changes of one commit, each with its links: the same change in several operations, or in several responses
 * of them, made one (`in the responses 400, 404`), each operation listed once, linked to the first place it has
 * it. Our second commit gave 477 error responses of 65 operations a `minimum` status: 4 changes instead of 477.
 */
function grouped(found: FoundChange[], linkOf: ChangelogOptions['linkOf']): ApiChange[] {
  const byWords = new Map<string, {change: ApiChange; statuses: string[]}>();
  for (const {target, operation, ...words} of found) {
    const href = linkOf(target);
    const status = words.where?.match(RESPONSE_STATUS)?.[1];
    const key = JSON.stringify({...words, where: words.where?.replace(RESPONSE_STATUS, 'response')});
    let known = byWords.get(key);
    if (!known) {
      known = {change: {...words, operations: [], ...(!operation && href ? {href} : {})}, statuses: []};
      byWords.set(key, known);
    }
    if (status !== undefined && !known.statuses.includes(status)) known.statuses.push(status);
    const listed = known.change.operations;
    if (operation && !listed.some((item) => item.method === operation.method && item.path === operation.path)) {
      listed.push(href ? {...operation, href} : operation);
    }
  }
  return [...byWords.values()].map(({change, statuses}) =>
    statuses.length > 1 && change.where
      ? {...change, where: change.where.replace(RESPONSE_STATUS, `responses ${statuses.join(', ')}`)}
      : change,
  );
}

/** The changelog of the description `options.specFile`, from the history of the repository it is in. */
export function buildChangelog(options: ChangelogOptions): {changelog: ApiChangelog; stats: ChangelogStats} {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const history = specHistory(options.specFile);
  const cache = new SnapshotCache(options.cacheDir, options.specFile);
  const entries: ChangelogEntry[] = [];
  let previous: SpecCommit | undefined;
  for (const commit of history.commits) {
    const summary = cache.summary(commit);
    if (!summary) continue;
    const {version, operations, webhooks} = summary;
    if (!previous) {
      entries.push({
        commit: commit.sha,
        date: commit.date,
        version,
        breaking: false,
        changes: [],
        start: {operations, webhooks},
      });
    } else if (previous.blob !== commit.blob) {
      const before = previous;
      // Parsed only when the cache has not this pair's changes.
      const found = cache.changes(before, commit, () => [cache.description(before)!, cache.description(commit)!]);
      if (found.length) {
        const changes = grouped(found, options.linkOf);
        entries.push({
          commit: commit.sha,
          date: commit.date,
          version,
          breaking: changes.some((change) => change.breaking),
          changes,
        });
      }
    }
    previous = commit;
  }
  const versions: ApiChangelog['versions'] = [];
  for (const entry of [...entries].reverse()) {
    const group = versions.find((item) => item.version === entry.version);
    if (group) group.entries.push(entry);
    else versions.push({version: entry.version, entries: [entry]});
  }
  return {
    changelog: {
      title: 'API changelog',
      url: options.url,
      feedUrl: options.feedUrl,
      jsonUrl: options.jsonUrl,
      coverage: coverageOf(options.specFile, history, entries),
      versions,
    },
    stats: {
      milliseconds: performance.now() - started,
      cpuMilliseconds: (({user, system}) => (user + system) / 1000)(process.cpuUsage(cpuStarted)),
      compared: cache.compared,
      fromCache: cache.fromCache,
    },
  };
}
