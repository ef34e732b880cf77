import path from 'node:path';
import {pathToFileURL} from 'node:url';

/**
 * Installs Debian's `pkg` when `program` is missing (tools/debian-package.mjs, the module the test command uses),
 * for tests that run what a page prints with the reader's tools (jq, curl, python3).
 */
export async function ensureDebianPackage(program: string, pkg: string): Promise<boolean> {
  const module = (await import(pathToFileURL(path.resolve('tools/debian-package.mjs')).href)) as {
    ensureDebianPackage: (program: string, pkg: string) => boolean;
  };
  return module.ensureDebianPackage(program, pkg);
}
