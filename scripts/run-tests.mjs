#!/usr/bin/env node
// The test command (`npm test`), each check once, on Node.js 22 LTS: the site's Node.js range (`engines`) spans 20
// and 22, Node.js 20 is past its end of life, and the machines run 20, so the command first installs Node.js 22
// from the npm registry into node_modules/.cache and runs itself again with it first on the PATH (every `node`,
// `npm` and `npx` a step starts is then Node.js 22). Then:
//   1. the production build starts at once, in the background (its output goes to .artifacts/build.log,
//      kept for the build-warning test, and is printed when it ends): it needs none of the steps below,
//      and they leave much of the machine idle (apt, npm audit, processes the unit tests spawn); beside it,
//      `npm ci` of the docs MCP server (packages/vigil-docs-mcp: its own package-lock.json, which `npm ci`
//      refuses when it does not match its package.json; its `prepare` script compiles it);
//   2. meanwhile spelling, Markdown style, Redocly's lint of the OpenAPI file, Prettier's format check, ESLint,
//      `npm audit` of the production dependencies, and the unit tests, which need neither a build nor a server
//      (a failure shows within seconds);
//   3. once the build has ended, the type check (tsc, strict);
//   4. a build of a hostile description (tests/fixtures/openapi/hostile-texts.yaml) into .artifacts/hostile-build,
//      then the build tests and the browser tests against the build served by nginx with deploy/nginx.conf, alone
//      on the machine (their timings are budgets);
//   5. a short load test of nginx.
// Installs Debian's Chromium headless shell (tools/test-browser.cjs), nginx, wrk, Ruby, PostgreSQL, MariaDB, openssl
// and jq when missing. Prints `N passed, N failed` last (every check and every Playwright test counts) and exits
// non-zero when anything failed.
import {spawn, spawnSync} from 'node:child_process';
import {closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync} from 'node:fs';
import {resolve} from 'node:path';
import {ensureDebianPackage} from '../tools/debian-package.mjs';
import {stopNginxDaemon} from '../tools/nginx-server.mjs';
import {MARIADB_PACKAGE, OPENSSL_PACKAGE, POSTGRES_PACKAGE} from '../tools/sql-servers.mjs';
import {TEST_BROWSER, TEST_BROWSER_PACKAGE} from '../tools/test-browser.cjs';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const WRK = process.env.WRK_PATH ?? '/usr/bin/wrk';
const ARTIFACTS = '.artifacts';
const NGINX_DIR = `${ARTIFACTS}/nginx-${process.env.VIGIL_NGINX_PORT ?? 8100}`;

/** The Node.js every check runs on: the current release of Node.js 22 LTS. */
const NODE_22 = '22.23.3';
const NODE_22_DIR = `node_modules/.cache/node-${NODE_22}`;

/** Where the hostile description's site is built: its output, API pages and generated files, apart from build/'s. */
const HOSTILE_BUILD = {
  spec: 'tests/fixtures/openapi/hostile-texts.yaml',
  out: `${ARTIFACTS}/hostile-build`,
  apiDocs: `${ARTIFACTS}/hostile/api`,
  generated: `${ARTIFACTS}/hostile/.docusaurus`,
};

/** Outcome of each check that is not a Playwright test: 'passed', 'failed' or 'skipped'. */
const checks = {};

function run(command, args, env = {}) {
  return (
    spawnSync(command, args, {stdio: 'inherit', env: {...process.env, NO_UPDATE_NOTIFIER: '1', ...env}}).status ?? 1
  );
}

/**
 * `run` without blocking: the builds in the background resolve their promises, and the Node.js 22 build starts,
 * only while this process waits asynchronously.
 */
function runAsync(command, args, env = {}) {
  const child = spawn(command, args, {stdio: 'inherit', env: {...process.env, NO_UPDATE_NOTIFIER: '1', ...env}});
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

async function check(name, command, args, env = {}) {
  console.log(`\n> ${name}: ${[command, ...args].join(' ')}`);
  const started = Date.now();
  checks[name] = (await runAsync(command, args, env)) === 0 ? 'passed' : 'failed';
  console.log(`${name}: ${checks[name]} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * `npm audit --omit=dev`: fails on any high or critical advisory of a production dependency; skipped
 * (and said) when the registry's advisory service does not answer.
 */
function auditProductionDependencies(cwd = '.') {
  const audit = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
    cwd,
    encoding: 'utf8',
    env: {...process.env, NO_UPDATE_NOTIFIER: '1'},
  });
  let report;
  try {
    report = JSON.parse(audit.stdout);
  } catch {
    report = undefined;
  }
  const counts = report?.metadata?.vulnerabilities;
  if (!counts) {
    const reason = report?.message ?? report?.error?.summary ?? (audit.stderr.trim() || `exit ${audit.status}`);
    console.error(
      `\nnpm audit --omit=dev in ${cwd}: the registry's advisory service did not answer (${reason}); advisories NOT checked.`,
    );
    return 'skipped';
  }
  const severe = Object.entries(report.vulnerabilities ?? {})
    .filter(([, advisory]) => advisory.severity === 'high' || advisory.severity === 'critical')
    .map(([name, advisory]) => `${name} (${advisory.severity}, ${advisory.range})`);
  console.log(
    `npm audit --omit=dev in ${cwd}: ${counts.critical} critical, ${counts.high} high, ${counts.moderate} moderate, ${counts.low} low`,
  );
  if (severe.length) console.error(`high or critical advisories in production dependencies:\n  ${severe.join('\n  ')}`);
  return severe.length ? 'failed' : 'passed';
}

/**
 * Starts the production build with its output going straight to .artifacts/build.log (a file descriptor,
 * so the synchronous steps that run meanwhile cannot stall it); resolves to its exit status and duration.
 */
function startBuild() {
  const started = Date.now();
  const log = openSync(`${ARTIFACTS}/build.log`, 'w');
  const child = spawn('npm', ['run', 'build'], {
    stdio: ['ignore', log, log],
    env: {...process.env, NO_UPDATE_NOTIFIER: '1', FORCE_COLOR: '0'},
  });
  closeSync(log);
  return new Promise((resolve) => {
    child.on('close', (code) => resolve({code: code ?? 1, seconds: (Date.now() - started) / 1000}));
  });
}

/**
 * Node.js 22 from the npm registry: the `node-<platform>-<arch>` package, which the registry's `node` package
 * installs, unpacked once into NODE_22_DIR (`npm pack` checks the tarball against the registry's integrity hash).
 * Returns the environment that puts it first on the PATH, so that every `node` a step starts is Node.js 22, or
 * undefined when it could not be installed.
 */
function node22Environment() {
  const bin = resolve(NODE_22_DIR, 'package', 'bin');
  if (!existsSync(`${bin}/node`)) {
    mkdirSync(NODE_22_DIR, {recursive: true});
    const spec = `node-${process.platform}-${process.arch}@${NODE_22}`;
    const pack = spawnSync('npm', ['pack', spec, '--pack-destination', NODE_22_DIR, '--json'], {
      encoding: 'utf8',
      env: {...process.env, NO_UPDATE_NOTIFIER: '1'},
    });
    if (pack.status !== 0) {
      console.error(`npm pack ${spec} failed:\n${pack.stderr}`);
      return undefined;
    }
    const tarball = `${NODE_22_DIR}/${JSON.parse(pack.stdout)[0].filename}`;
    const unpacked = run('tar', ['-xzf', tarball, '-C', NODE_22_DIR]);
    rmSync(tarball, {force: true});
    if (unpacked !== 0) return undefined;
  }
  const version = spawnSync(`${bin}/node`, ['--version'], {encoding: 'utf8'}).stdout?.trim();
  if (version !== `v${NODE_22}`) {
    console.error(`${bin}/node is ${version ?? 'not runnable'}, not v${NODE_22}`);
    return undefined;
  }
  return {PATH: `${bin}:${process.env.PATH}`};
}

/** The docs MCP server's own package, which the browser tests start over the build (tests/e2e/docs-mcp.spec.ts). */
const DOCS_MCP_PACKAGE = 'packages/vigil-docs-mcp';

/**
 * `npm ci` in the docs MCP server's folder, in the background like the build, its output to
 * .artifacts/docs-mcp-install.log; resolves to its exit status and duration.
 */
function startDocsMcpInstall() {
  const started = Date.now();
  const log = openSync(`${ARTIFACTS}/docs-mcp-install.log`, 'w');
  const child = spawn('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: DOCS_MCP_PACKAGE,
    stdio: ['ignore', log, log],
    env: {...process.env, NO_UPDATE_NOTIFIER: '1'},
  });
  closeSync(log);
  return new Promise((resolve) => {
    child.on('error', () => resolve({code: 1, seconds: (Date.now() - started) / 1000}));
    child.on('close', (code) => resolve({code: code ?? 1, seconds: (Date.now() - started) / 1000}));
  });
}

/** Runs `step` (which may return a promise) and prints how long it took. */
async function timed(name, step) {
  const started = Date.now();
  const result = await step();
  console.log(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * Runs Playwright on `projects` and reads the outcome from its JSON report: passed, failed (unexpected
 * results, and errors outside tests such as a file that does not load), skipped.
 */
async function playwright(name, projects) {
  const report = `${ARTIFACTS}/test-report-${name}.json`;
  rmSync(report, {force: true});
  const projectOptions = projects.map((project) => `--project=${project}`);
  const status = await runAsync('npx', ['playwright', 'test', ...projectOptions], {VIGIL_TEST_REPORT: report});
  if (!existsSync(report)) return {passed: 0, failed: 1, skipped: 0};
  const {stats, errors = []} = JSON.parse(readFileSync(report, 'utf8'));
  const failed = stats.unexpected + errors.length;
  return {
    passed: stats.expected + stats.flaky,
    failed: failed === 0 && status !== 0 ? 1 : failed,
    skipped: stats.skipped,
  };
}

if (process.version !== `v${NODE_22}`) {
  // On another Node.js (the machines' 20), install Node.js 22 and run this command again with it.
  const started = Date.now();
  const node22 = node22Environment();
  if (!node22) {
    console.error(
      `\nNode.js ${NODE_22} could not be installed from the npm registry: no check ran.\n\n0 passed, 1 failed`,
    );
    process.exit(1);
  }
  console.log(`Node.js ${NODE_22} ready in ${((Date.now() - started) / 1000).toFixed(1)} s; the checks run on it.`);
  const again = spawnSync(`${NODE_22_DIR}/package/bin/node`, [process.argv[1], ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: {...process.env, ...node22},
  });
  process.exit(again.status ?? 1);
}

const suiteStarted = Date.now();
mkdirSync(ARTIFACTS, {recursive: true});
const building = startBuild();
const installingDocsMcp = startDocsMcpInstall();
ensureDebianPackage(TEST_BROWSER, TEST_BROWSER_PACKAGE);
if (ensureDebianPackage(NGINX, 'nginx')) {
  // Debian starts the system's nginx on port 80 after installing it; the tests run their own on loopback.
  run(NGINX, ['-s', 'stop']);
}
ensureDebianPackage(WRK, 'wrk');
// PostgreSQL and MariaDB for the grant checks of the PostgreSQL and MySQL pages (tests/unit/grant-checks.spec.ts),
// which start servers of their own in temporary directories; openssl for the MariaDB server's certificate.
// Ruby for the Ruby request samples of the API pages, run against the mock (tests/unit/api-request-samples.spec.ts).
ensureDebianPackage('/usr/bin/ruby', 'ruby');
for (const {program, pkg} of [POSTGRES_PACKAGE, MARIADB_PACKAGE, OPENSSL_PACKAGE]) {
  if (ensureDebianPackage(program, pkg) && pkg !== OPENSSL_PACKAGE.pkg) {
    // Debian starts the system's server after installing it, where the init system lets it; the tests do not use it.
    run('service', [pkg === POSTGRES_PACKAGE.pkg ? 'postgresql' : 'mariadb', 'stop']);
  }
}

await check('spelling', 'npx', ['cspell', '--no-progress', '--no-summary', '--config', 'cspell.json']);
await check('Markdown style', 'npx', ['markdownlint-cli2']);
await check('OpenAPI lint', 'npx', ['redocly', 'lint', '--format', 'stylish', 'openapi/vigil-api.yaml']);
await check('format (Prettier)', 'npx', ['prettier', '--check', '.']);
await check('ESLint', 'npx', ['eslint', '.', '--max-warnings', '0']);
checks['npm audit'] = auditProductionDependencies();
checks['npm audit (docs MCP server)'] = auditProductionDependencies(DOCS_MCP_PACKAGE);

const results = [await timed('unit tests', () => playwright('unit', ['unit']))];

const built = await building;
console.log(
  `\n> build (npm run build, started first, output in ${ARTIFACTS}/build.log):\n${readFileSync(`${ARTIFACTS}/build.log`, 'utf8')}`,
);
const buildOk = built.code === 0;
checks.build = buildOk ? 'passed' : 'failed';
console.log(
  `build: ${checks.build} in ${built.seconds.toFixed(1)} s (ended ${((Date.now() - suiteStarted) / 1000).toFixed(0)} s into the run)`,
);
// The type check runs beside the build of the hostile description (each on one of the two cores), awaited after it.
const typeChecking = check('type check', 'npx', ['tsc', '--noEmit']);
const docsMcp = await installingDocsMcp;
checks['docs MCP server install'] = docsMcp.code === 0 ? 'passed' : 'failed';
console.log(
  `\n> docs MCP server (npm ci in ${DOCS_MCP_PACKAGE}, started with the build): ${checks['docs MCP server install']} in ${docsMcp.seconds.toFixed(1)} s`,
);
if (docsMcp.code !== 0) console.error(readFileSync(`${ARTIFACTS}/docs-mcp-install.log`, 'utf8'));
if (buildOk) {
  // The hostile description (scripts, handlers, javascript: URLs, braces, import/export lines in every field),
  // built as another organisation's site would build it, for tests/e2e/hostile-description.spec.ts.
  await check('build of the hostile description', 'npm', ['run', 'build', '--', '--out-dir', HOSTILE_BUILD.out], {
    VIGIL_OPENAPI_SPEC: HOSTILE_BUILD.spec,
    VIGIL_API_DOCS_DIR: HOSTILE_BUILD.apiDocs,
    DOCUSAURUS_GENERATED_FILES_DIR_NAME: HOSTILE_BUILD.generated,
    FORCE_COLOR: '0',
  });
  await typeChecking;
  results.push(await timed('build and browser tests', () => playwright('site', ['build', 'e2e'])));
  // The teardown project stops nginx; should Playwright die first, the daemon it left is stopped here.
  stopNginxDaemon(NGINX_DIR);
  // Every sitemap page and the assets they load, under load for a few seconds: no error, no 4xx/5xx.
  checks['load test'] =
    run('node', ['scripts/load-test.mjs', '--duration', '5', '--json', `${ARTIFACTS}/load-test.json`]) === 0
      ? 'passed'
      : 'failed';
} else {
  await typeChecking;
  console.error('\nThe production build failed: the build and browser tests did not run.');
}

const count = (state) => Object.values(checks).filter((value) => value === state).length;
const sum = (key) => results.reduce((total, result) => total + result[key], 0);
const passed = sum('passed') + count('passed');
const failed = sum('failed') + count('failed');
const skipped = sum('skipped') + count('skipped');
const failedChecks = Object.entries(checks)
  .filter(([, value]) => value === 'failed')
  .map(([name]) => name);
if (failedChecks.length) console.error(`\nfailed checks: ${failedChecks.join(', ')}`);
console.log(`\nthe test command took ${((Date.now() - suiteStarted) / 1000).toFixed(0)} s`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
