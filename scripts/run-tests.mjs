#!/usr/bin/env node
// The test command (`npm test`): installs Debian's Chromium when missing, builds the production site
// (its log is kept for the build-warning test), then runs the unit and browser tests with Playwright
// against the served build. Prints `N passed, N failed` last; exits non-zero when anything failed.
import {spawn, spawnSync} from 'node:child_process';
import {createWriteStream, existsSync, mkdirSync, readFileSync, rmSync} from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = '.artifacts';

function run(command, args, env = {}) {
  return spawnSync(command, args, {stdio: 'inherit', env: {...process.env, ...env}}).status ?? 1;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log(`${CHROMIUM} is missing: installing Debian's chromium package`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) => run(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, {DEBIAN_FRONTEND: 'noninteractive'});
  if (apt(['update', '-qq']) !== 0 || apt(['install', '-y', '-qq', 'chromium']) !== 0 || !existsSync(CHROMIUM)) {
    throw new Error('could not install chromium with apt-get');
  }
}

/** Runs the production build, teeing its output to .artifacts/build.log. */
function build() {
  return new Promise((resolve) => {
    const log = createWriteStream(`${ARTIFACTS}/build.log`);
    const child = spawn('npm', ['run', 'build'], {env: {...process.env, NO_UPDATE_NOTIFIER: '1', FORCE_COLOR: '0'}});
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        process.stdout.write(chunk);
        log.write(chunk);
      });
    }
    child.on('close', (code) => log.end(() => resolve(code ?? 1)));
  });
}

mkdirSync(ARTIFACTS, {recursive: true});
rmSync(`${ARTIFACTS}/test-summary.json`, {force: true});
ensureChromium();

const buildOk = (await build()) === 0;
if (!buildOk) {
  console.error('\nThe production build failed: running the unit tests only.');
}
run('npx', ['playwright', 'test', ...(buildOk ? [] : ['--project=unit'])], buildOk ? {} : {VIGIL_NO_SERVER: '1'});

const summary = existsSync(`${ARTIFACTS}/test-summary.json`)
  ? JSON.parse(readFileSync(`${ARTIFACTS}/test-summary.json`, 'utf8'))
  : {passed: 0, failed: 1, skipped: 0};
// The build is a check of its own: it fails when any page or the API reference cannot be generated.
const passed = summary.passed + (buildOk ? 1 : 0);
const failed = summary.failed + (buildOk ? 0 : 1);
console.log(`\n${passed} passed, ${failed} failed${summary.skipped ? `, ${summary.skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
