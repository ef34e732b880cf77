import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

/** The folders scratchFolder made in this process, removed when it exits. */
const made = new Set<string>();

/**
 * A new folder under the system's temporary folder (`prefix` and random letters), removed with everything in it
 * when this test process exits. For what a test reads after the call that made it returns (generated pages, an
 * unpacked description): a generation of a large description writes about 30 MB.
 */
export function scratchFolder(prefix: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  if (made.size === 0) process.once('exit', () => made.forEach((each) => rmSync(each, {recursive: true, force: true})));
  made.add(folder);
  return folder;
}
