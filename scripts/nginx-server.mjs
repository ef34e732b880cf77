#!/usr/bin/env node
// Serves the production build with nginx and deploy/nginx.conf on a loopback port (tools/nginx-server.mjs).
//
//   node scripts/nginx-server.mjs --port 8100 [--build build] [--dir .artifacts/nginx-8100] [--detach]
//   node scripts/nginx-server.mjs --port 8100 --stop
//
// runs nginx in the foreground until SIGINT or SIGTERM, then stops it; with --detach, nginx runs as a
// daemon once the base URL answers, and --stop ends it.
import {BASE_URL} from '../config/base-url.cjs';
import {option} from '../tools/cli-options.mjs';
import {startNginx, startNginxDaemon, stopNginxDaemon} from '../tools/nginx-server.mjs';

/** @param {string[]} args */
async function main(args) {
  try {
    const port = Number(option(args, '--port', '8100'));
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`--port: not a port number`);
    const dir = option(args, '--dir', `.artifacts/nginx-${port}`);
    if (args.includes('--stop')) {
      console.log(stopNginxDaemon(dir) ? `nginx from ${dir} stopped` : `no nginx running from ${dir}`);
      process.exit(0);
    }
    if (args.includes('--detach')) {
      const server = await startNginxDaemon({port, buildDir: option(args, '--build', 'build'), dir});
      console.log(
        `nginx serves ${server.url}${BASE_URL} in the background (configuration in ${server.dir}; stop it with --stop)`,
      );
      process.exit(0);
    }
    const server = await startNginx({port, buildDir: option(args, '--build', 'build'), dir});
    console.log(`nginx serves ${server.url}${BASE_URL} (configuration in ${server.dir})`);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
      process.on(signal, () => server.stop().then(() => process.exit(0)));
    }
  } catch (error) {
    console.error(`nginx-server: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}

main(process.argv.slice(2));
