// The versions of the description the changelog is made from: the commits of the repository that changed its file
// (`git log --follow`), each with the blob of the file it left. A shallow clone holds only its latest commits, and
// a copy of the site without .git none: both build, and the changelog says what it covers.
import {execFileSync} from 'node:child_process';
import path from 'node:path';

/** One commit that changed the description's file, and the blob it left (none when it deleted the file). */
export type SpecCommit = {sha: string; date: string; blob: string};

export type SpecHistory =
  {source: 'git'; shallow: boolean; commits: SpecCommit[]} | {source: 'none'; reason: string; commits: []};

function git(cwd: string, args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

const RECORD = '\x1e';
const FIELD = '\x1f';

/** The commits that changed `specFile`, oldest first, following renames, as the repository around it holds them. */
export function specHistory(specFile: string): SpecHistory {
  const cwd = path.dirname(path.resolve(specFile));
  let shallow: boolean;
  try {
    shallow = git(cwd, ['rev-parse', '--is-shallow-repository']).trim() === 'true';
  } catch {
    return {source: 'none', reason: 'the site is not in a git repository', commits: []};
  }
  let log: string;
  try {
    // --raw gives the blob each commit left; --no-abbrev the whole ids (the cache's keys and the feed's ids).
    log = git(cwd, [
      'log',
      '--follow',
      '--raw',
      '--no-abbrev',
      '--no-color',
      `--format=${RECORD}%H${FIELD}%cI`,
      '--',
      path.basename(specFile),
    ]);
  } catch (error) {
    return {source: 'none', reason: `git log failed: ${(error as Error).message.split('\n')[0]}`, commits: []};
  }
  const commits: SpecCommit[] = [];
  for (const record of log.split(RECORD).slice(1)) {
    const [header, ...lines] = record.split('\n');
    const [sha, date] = header.split(FIELD);
    // `:100644 100644 <old blob> <new blob> M\tpath`: the blob after the commit.
    const raw = lines.find((line) => line.startsWith(':'));
    const blob = raw?.split(/\s+/)[3];
    if (!sha || !date || !blob || /^0+$/.test(blob)) continue;
    commits.push({sha, date, blob});
  }
  if (commits.length === 0)
    return {source: 'none', reason: 'the description has no commit in this repository', commits: []};
  return {source: 'git', shallow, commits: commits.reverse()};
}

/** The text of a blob of the repository around `specFile`. */
export function readBlob(specFile: string, blob: string): string {
  return git(path.dirname(path.resolve(specFile)), ['cat-file', 'blob', blob]);
}
