/**
 * Runs a copyable block of the docs exactly as printed, with bash, against stand-ins of the command-line tools it
 * calls (gcloud, aws, curl, …): small bash scripts that keep their state in files, so a test can say what the
 * block did to what existed. PATH holds the stand-ins first, then the system's tools (jq, grep, cat), so a real
 * cloud CLI is never reached; each stand-in records its arguments, one call a line, in the state file `calls`.
 */
import {execFileSync} from 'node:child_process';
import {chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What a run left: its standard output, the stand-ins' calls, and the state files by name. */
export type StandInRun = {stdout: string; calls: string[]; state: (file: string) => string | undefined};

/** Writes the stand-in `name` into `bin`: a bash script that finds its state folder in STATE. */
export function standIn(bin: string, name: string, script: string) {
  const file = path.join(bin, name);
  writeFileSync(file, `#!/bin/bash\nset -u\necho "$*" >> "$STATE/calls"\n${script}\n`);
  chmodSync(file, 0o755);
}

/**
 * Runs `code` in a new folder. `setup` gets the stand-ins' folder, the working folder and the state folder, to
 * write stand-ins, the reader's files and the starting state. A block that exits non-zero still returns its run.
 */
export function runAsPrinted(code: string, setup: (bin: string, dir: string, state: string) => void): StandInRun {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'as-printed-'));
  const bin = path.join(dir, '.bin');
  const state = path.join(dir, '.state');
  mkdirSync(bin);
  mkdirSync(state);
  try {
    setup(bin, dir, state);
    let stdout: string;
    try {
      stdout = execFileSync('bash', ['-c', code], {
        cwd: dir,
        encoding: 'utf8',
        env: {PATH: `${bin}:/usr/bin:/bin`, HOME: dir, STATE: state},
        timeout: 20_000,
      });
    } catch (error) {
      stdout = String((error as {stdout?: string}).stdout ?? '');
    }
    const files = new Map(readdirSync(state).map((file) => [file, readFileSync(path.join(state, file), 'utf8')]));
    const calls = (files.get('calls') ?? '').split('\n').filter(Boolean);
    return {stdout, calls, state: (file) => files.get(file)};
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}
