#!/usr/bin/env node
// The test command (`npm test`): installs Debian's Chromium, nginx and wrk when missing, checks the
// production dependencies with `npm audit`, builds the production site (its log is kept for the
// build-warning test), runs the unit tests and the browser tests with Playwright against the build served
// by `docusaurus serve` and by nginx with deploy/nginx.conf, then a short load test of nginx. Prints
// `N passed, N failed` last; exits non-zero when anything failed.
import {spawn, spawnSync} from 'node:child_process';
import {createWriteStream, existsSync, mkdirSync, readFileSync, rmSync} from 'node:fs';
import {ensureDebianPackage} from './debian-package.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const WRK = process.env.WRK_PATH ?? '/usr/bin/wrk';
const ARTIFACTS = '.artifacts';

function run(command, args, env = {}) {
  return spawnSync(command, args, {stdio: 'inherit', env: {...process.env, ...env}}).status ?? 1;
}

/**
 * `npm audit --omit=dev`: fails on any high or critical advisory of a production dependency. Returns
 * 'passed', 'failed', or 'skipped' when the registry's advisory service does not answer (printed).
 */
function auditProductionDependencies() {
  const audit = spawnSync('npm', ['audit', '--omit=dev', '--json'], {encoding: 'utf8', env: {...process.env, NO_UPDATE_NOTIFIER: '1'}});
  let report;
  try {
    report = JSON.parse(audit.stdout);
  } catch {
    report = undefined;
  }
  const counts = report?.metadata?.vulnerabilities;
  if (!counts) {
    const reason = report?.message ?? report?.error?.summary ?? (audit.stderr.trim() || `exit ${audit.status}`);
    console.error(`\nnpm audit --omit=dev: the registry's advisory service did not answer (${reason}); advisories NOT checked.`);
    return 'skipped';
  }
  const severe = Object.entries(report.vulnerabilities ?? {})
    .filter(([, advisory]) => advisory.severity === 'high' || advisory.severity === 'critical')
    .map(([name, advisory]) => `${name} (${advisory.severity}, ${advisory.range})`);
  console.log(`npm audit --omit=dev: ${counts.critical} critical, ${counts.high} high, ${counts.moderate} moderate, ${counts.low} low`);
  if (severe.length) console.error(`high or critical advisories in production dependencies:\n  ${severe.join('\n  ')}`);
  return severe.length ? 'failed' : 'passed';
}

/** The pid in an nginx pid file when that process is running. */
function runningPid(file) {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
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
ensureDebianPackage(CHROMIUM, 'chromium');
if (ensureDebianPackage(NGINX, 'nginx')) {
  // Debian starts the system's nginx on port 80 after installing it; the tests run their own on loopback.
  spawnSync(NGINX, ['-s', 'stop'], {stdio: 'inherit'});
}
ensureDebianPackage(WRK, 'wrk');
const audit = auditProductionDependencies();

const buildOk = (await build()) === 0;
if (!buildOk) {
  console.error('\nThe production build failed: running the unit tests only.');
}
const nginxPidFile = `${ARTIFACTS}/nginx-${process.env.VIGIL_NGINX_PORT ?? 8100}/nginx.pid`;
const nginxBefore = runningPid(nginxPidFile);
run('npx', ['playwright', 'test', ...(buildOk ? [] : ['--project=unit'])], buildOk ? {} : {VIGIL_NO_SERVER: '1'});
// Playwright stops the nginx it started; should it die first, the nginx it left behind is stopped here.
const nginxLeft = runningPid(nginxPidFile);
if (nginxLeft && nginxLeft !== nginxBefore) process.kill(nginxLeft, 'SIGTERM');
// Every sitemap page and the assets they load, under load for a few seconds: no error, no 4xx/5xx.
const loadOk = buildOk && run('node', ['scripts/load-test.mjs', '--duration', '5', '--json', `${ARTIFACTS}/load-test.json`]) === 0;

const summary = existsSync(`${ARTIFACTS}/test-summary.json`)
  ? JSON.parse(readFileSync(`${ARTIFACTS}/test-summary.json`, 'utf8'))
  : {passed: 0, failed: 1, skipped: 0};
// The build, the audit and the load test are checks of their own.
const checks = {build: buildOk ? 'passed' : 'failed', audit, loadTest: buildOk ? (loadOk ? 'passed' : 'failed') : 'skipped'};
const count = (state) => Object.values(checks).filter((value) => value === state).length;
const passed = summary.passed + count('passed');
const failed = summary.failed + count('failed');
const skipped = summary.skipped + count('skipped');
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
