#!/usr/bin/env node
// Writes the Content-Security-Policy of the production build (tools/csp-hashes.mjs) for nginx or prints it.
//
//   node scripts/csp-hashes.mjs --nginx <file>   writes `set $vigil_csp_script_hashes "...";` for nginx
//   node scripts/csp-hashes.mjs --policy         prints the whole header value, for a CDN or another host
//   --build <dir>                                the build to read (default build/)
import {mkdirSync, writeFileSync} from 'node:fs';
import {dirname} from 'node:path';
import {contentSecurityPolicy, nginxHashesInclude} from '../tools/csp-hashes.mjs';

/** @param {string[]} args */
function main(args) {
  const usage = 'usage: node scripts/csp-hashes.mjs [--build <dir>] (--nginx <file> | --policy)';
  let buildDir = 'build';
  let nginxFile;
  let policy = false;
  for (let i = 0; i < args.length; i += 1) {
    if (args[i] === '--build' && args[i + 1]) buildDir = args[++i];
    else if (args[i] === '--nginx' && args[i + 1]) nginxFile = args[++i];
    else if (args[i] === '--policy') policy = true;
    else throw new Error(`unknown argument ${args[i]}\n${usage}`);
  }
  if (!nginxFile && !policy) throw new Error(usage);
  if (nginxFile) {
    mkdirSync(dirname(nginxFile), {recursive: true});
    writeFileSync(nginxFile, nginxHashesInclude(buildDir));
    console.error(`wrote ${nginxFile}`);
  }
  if (policy) console.log(contentSecurityPolicy(buildDir));
}

try {
  main(process.argv.slice(2));
} catch (error) {
  console.error(`csp-hashes: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
