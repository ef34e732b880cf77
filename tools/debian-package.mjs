// @ts-check
// Installs a Debian package with apt-get when the program it provides is missing (as root, or through sudo).
import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';

let updated = false;

/** @param {string[]} args */
function apt(args) {
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const [command, ...rest] = [...sudo, 'apt-get', ...args];
  return (
    spawnSync(command, rest, {stdio: 'inherit', env: {...process.env, DEBIAN_FRONTEND: 'noninteractive'}}).status ?? 1
  );
}

/**
 * Makes sure `program` (an absolute path) exists, installing Debian's `pkg` when it does not.
 * Returns true when it installed the package.
 * @param {string} program
 * @param {string} pkg
 */
export function ensureDebianPackage(program, pkg) {
  if (existsSync(program)) return false;
  console.log(`${program} is missing: installing Debian's ${pkg} package`);
  if (!updated) {
    if (apt(['update', '-qq']) !== 0) throw new Error(`apt-get update failed while installing ${pkg}`);
    updated = true;
  }
  if (apt(['install', '-y', '-qq', pkg]) !== 0 || !existsSync(program)) {
    throw new Error(`could not install ${pkg} with apt-get (${program} is still missing)`);
  }
  return true;
}
