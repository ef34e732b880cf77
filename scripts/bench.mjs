#!/usr/bin/env node
// The benchmark (`npm run bench`): cold build time and memory with the default bundler and with
// Docusaurus Faster, page weight per page at a desktop and a phone viewport, Lighthouse per page in its
// mobile and desktop configurations, and the first search on a phone, all against the build served by nginx
// with deploy/nginx.conf.
// Prints tables and writes bench/results.json; raw Lighthouse reports go to bench/runs/ (not committed).
//
//   npm run bench                      3 cold builds per bundler, then page weight and 3 Lighthouse runs per page and form factor
//   npm run bench -- --builds 1        1 cold build per bundler
//   npm run bench -- --corpus okta     of the corpus descriptions, only those whose file name holds okta
//   npm run bench -- --corpus-only     the corpus builds alone, printed (bench/results.json unchanged)
//   npm run bench -- --scale           cold builds of 1,000, 2,500 and 5,000 operations made of the corpus's
//                                      (tools/scale-description.mjs), printed (bench/results.json unchanged);
//                                      --scale 300,1000 for other sizes
//   npm run bench -- --no-builds       measure the existing build/ only (no build figures)
//   npm run bench -- --lighthouse-runs 1
//   npm run bench -- --lighthouse-only [--form-factors mobile]   Lighthouse alone on the existing build/, printed
//                                      (bench/results.json unchanged): each page's TBT over /docs/intro's
//   npm run bench -- --no-builds --build <dir>   measure another build folder (e.g. of an earlier commit)
//   npm run bench -- --lighthouse-only --cpu-slowdown 6.7   Lighthouse with another CPU slowdown (see CPU_SLOWDOWN)
//
// VIGIL_BENCH_PORT (default 3300) is the port nginx serves the build on during the benchmark.
import {spawn} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {cpus, freemem, loadavg, totalmem, type as osType, release} from 'node:os';
import {createRequire} from 'node:module';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {gunzipSync} from 'node:zlib';
import {chromium} from '@playwright/test';
import {startNginx} from '../tools/nginx-server.mjs';
import {QUIET_MS, VIEWPORTS, weighPage} from '../tools/page-weight.mjs';
import {FIRST_SEARCH, PHONE_THROTTLING, firstSearch} from '../tools/first-search.mjs';
import {searchIndexSize} from '../tools/search-index.mjs';
import {CHROMIUM_ARGS} from '../tools/test-browser.cjs';
import {scaleDescription} from '../tools/scale-description.mjs';

// Lighthouse and its Chrome launcher are a package of their own, packages/bench-tools, which `npm run bench` installs
// first: 200 packages that neither the build nor the tests need. Its package.json pins by `overrides` the two packages
// Lighthouse's trace engine asks for as `latest`, which `npm ci` refuses once the registry's tag moves on.
const benchTools = createRequire(join(process.cwd(), 'packages/bench-tools/package.json'));
const importBenchTool = (specifier) => import(pathToFileURL(benchTools.resolve(specifier)).href);
const chromeLauncher = await importBenchTool('chrome-launcher');
const {default: lighthouse} = await importBenchTool('lighthouse');
const {default: desktopConfig} = await importBenchTool('lighthouse/core/config/desktop-config.js');
const lighthouseConstants = await importBenchTool('lighthouse/core/config/constants.js');

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Lighthouse's Chrome: the full browser, headless. */
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const PORT = Number(process.env.VIGIL_BENCH_PORT ?? 3300);
const BUDGETS_FILE = 'bench/budgets.json';
const RESULTS_FILE = 'bench/results.json';
const RUNS_DIR = 'bench/runs';
const BUNDLERS = [
  {id: 'webpack', label: 'default bundler (webpack, Babel, Terser)'},
  {id: 'faster', label: 'Docusaurus Faster (Rspack, SWC, Lightning CSS)'},
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = {
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  fcp: 'first-contentful-paint',
  // Shown with each run: TBT counts the long tasks between the first paint and TTI (see CONTRIBUTING.md).
  tti: 'interactive',
};
/**
 * Lighthouse's two form factors: its default (mobile: Moto G Power screen, slow 4G, 4x CPU slowdown) and its desktop
 * configuration, each with applied throttling (`--throttling-method=devtools`): the network and the CPU are slowed
 * while the page loads, so the score is what that browser measured, not a simulation from an unthrottled load.
 */
const APPLIED_THROTTLING = {throttlingMethod: 'devtools'};
/**
 * `--cpu-slowdown <x>`: Lighthouse's CPU slowdown instead of its 4x (mobile) or 1x (desktop), the network throttling
 * unchanged. Lighthouse's own advice for a machine faster or slower than the one its 4x is meant for
 * (docs/throttling.md, "Calibrating the CPU slowdown"): on a machine whose benchmark index is about 3,200, 6.7x
 * gives the CPU time a machine of about 1,900 gets at 4x.
 */
const cpuSlowdownArgument = process.argv.includes('--cpu-slowdown')
  ? process.argv[process.argv.indexOf('--cpu-slowdown') + 1]
  : undefined;
const CPU_SLOWDOWN = cpuSlowdownArgument === undefined ? undefined : Number(cpuSlowdownArgument);
if (CPU_SLOWDOWN !== undefined && !(CPU_SLOWDOWN >= 1 && CPU_SLOWDOWN <= 20))
  throw new Error(`--cpu-slowdown needs a number from 1 to 20, got "${cpuSlowdownArgument}"`);
const slowedCpu = (throttling) =>
  CPU_SLOWDOWN === undefined ? {} : {throttling: {...throttling, cpuSlowdownMultiplier: CPU_SLOWDOWN}};
const FORM_FACTORS = {
  mobile: {
    extends: 'lighthouse:default',
    settings: {...APPLIED_THROTTLING, ...slowedCpu(lighthouseConstants.throttling.mobileSlow4G)},
  },
  desktop: {
    ...desktopConfig,
    settings: {...desktopConfig.settings, ...APPLIED_THROTTLING, ...slowedCpu(desktopConfig.settings.throttling)},
  },
};
/** The Lighthouse performance score the site aims at, on every page audited, in both form factors. */
const PERFORMANCE_TARGET = 95;

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`--${name} needs a positive whole number, got "${process.argv[index + 1]}"`);
  return value;
}
const BUILD_RUNS = process.argv.includes('--no-builds') ? 0 : option('builds', 3);
const BUILD_DIR = process.argv.includes('--build') ? process.argv[process.argv.indexOf('--build') + 1] : 'build';
if (!BUILD_DIR || (BUILD_DIR !== 'build' && BUILD_RUNS > 0))
  throw new Error('--build <dir> needs a folder, and --no-builds (the cold builds write build/)');
/**
 * Lighthouse runs per page and form factor: 5, whose median a machine's moments of load move less than they move
 * one run (this machine's benchmark index went from 1,600 to 2,700 within minutes).
 */
const LIGHTHOUSE_RUNS = option('lighthouse-runs', 5);
/** The form factors Lighthouse runs in: both, or those `--form-factors mobile,desktop` names. */
const LIGHTHOUSE_FORM_FACTORS = process.argv.includes('--form-factors')
  ? process.argv[process.argv.indexOf('--form-factors') + 1].split(',')
  : Object.keys(FORM_FACTORS);
for (const formFactor of LIGHTHOUSE_FORM_FACTORS)
  if (!FORM_FACTORS[formFactor]) throw new Error(`--form-factors: no form factor "${formFactor}" (mobile, desktop)`);
/** The page whose total blocking time every other page's is given as a ratio of. */
const TBT_REFERENCE_KIND = 'doc';

const log = (message) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
/** The median of the numbers given; a value not measured (null, undefined, NaN) is left out. */
const median = (values) => {
  const sorted = values.filter((value) => typeof value === 'number' && Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Sum of the resident memory of a process and all its descendants, in bytes (Linux /proc). */
function treeRss(rootPid) {
  const children = new Map();
  const rss = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const parent = Number(fields[1]);
      rss.set(Number(entry), Number(fields[21]) * 4096);
      if (!children.has(parent)) children.set(parent, []);
      children.get(parent).push(Number(entry));
    } catch {
      // the process ended while being read
    }
  }
  let total = 0;
  const pending = [rootPid];
  while (pending.length) {
    const pid = pending.pop();
    total += rss.get(pid) ?? 0;
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** The pages of a build: its HTML files. */
function htmlPages(dir) {
  return readdirSync(dir, {recursive: true}).filter((name) => String(name).endsWith('.html')).length;
}

/** One cold build: API generation and production build from a tree without build output or caches. */
async function coldBuild(bundler, env = {}) {
  for (const dir of ['build', '.docusaurus', 'api', 'node_modules/.cache']) rmSync(dir, {recursive: true, force: true});
  const started = process.hrtime.bigint();
  const child = spawn('npm', ['run', 'build'], {
    env: {...process.env, VIGIL_BUNDLER: bundler, NO_UPDATE_NOTIFIER: '1', FORCE_COLOR: '0', ...env},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, treeRss(child.pid));
  }, 250);
  const code = await new Promise((resolve) => child.on('close', resolve));
  clearInterval(sampler);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (code !== 0) {
    process.stderr.write(Buffer.concat(output));
    throw new Error(`npm run build with VIGIL_BUNDLER=${bundler} failed with exit code ${code}`);
  }
  const pages = htmlPages('build');
  return {seconds, peakRssBytes: peak, pages, secondsPerPage: Number((seconds / pages).toFixed(3))};
}

/** The size in bytes of the largest file whose path (relative to `dir`) matches `pattern`, and its path. */
function largestFile(dir, pattern) {
  let largest = {path: '', bytes: 0};
  for (const name of readdirSync(dir, {recursive: true}).map(String)) {
    if (!pattern.test(name)) continue;
    const bytes = statSync(join(dir, name)).size;
    if (bytes > largest.bytes) largest = {path: name, bytes};
  }
  return largest;
}

/** The API pages whose HTML or Markdown version is over bench/budgets.json's `apiPage`, largest first. */
function apiPagesOverBudget(dir) {
  const {apiPage} = budgets;
  return readdirSync(dir, {recursive: true})
    .map(String)
    .flatMap((name) => {
      const limit = name.endsWith('index.html') ? apiPage.html : name.endsWith('.md') ? apiPage.markdown : 0;
      const bytes = limit ? statSync(join(dir, name)).size : 0;
      return bytes > limit ? [{path: name, bytes}] : [];
    })
    .sort((a, b) => b.bytes - a.bytes);
}

/**
 * Every description of the test corpus (tests/fixtures/openapi-corpus/corpus.json), each built in place of the
 * site's own (VIGIL_OPENAPI_SPEC, as another organisation would build it): seconds a page, peak memory, and the
 * largest API page's HTML and Markdown version. Run first: the builds of the site's own description that follow
 * leave build/ as the site. `--corpus <name part>` builds only the descriptions whose file name holds it.
 */
const CORPUS_DIR = 'tests/fixtures/openapi-corpus';

async function measureCorpusBuilds() {
  mkdirSync(RUNS_DIR, {recursive: true});
  const only = process.argv.includes('--corpus') ? process.argv[process.argv.indexOf('--corpus') + 1] : '';
  const entries = JSON.parse(readFileSync(join(CORPUS_DIR, 'corpus.json'), 'utf8')).filter((entry) =>
    entry.file.includes(only),
  );
  const results = [];
  for (const entry of entries) {
    const spec = join(RUNS_DIR, entry.file.replace(/\.gz$/, ''));
    const source = readFileSync(join(CORPUS_DIR, entry.file));
    writeFileSync(spec, entry.file.endsWith('.gz') ? gunzipSync(source) : source);
    log(`cold build of ${entry.file} (${entry.organisation}) in place of the site's description...`);
    const result = await coldBuild('faster', {VIGIL_OPENAPI_SPEC: spec});
    const html = largestFile('build/api', /index\.html$/);
    const markdown = largestFile('build/api', /\.md$/);
    const overBudget = apiPagesOverBudget('build/api');
    log(
      `  ${result.seconds.toFixed(1)} s for ${result.pages} pages (${result.secondsPerPage} s a page), peak memory ${(result.peakRssBytes / 2 ** 30).toFixed(2)} GiB; largest page ${(html.bytes / 1e3).toFixed(0)} kB HTML, ${(markdown.bytes / 1e3).toFixed(0)} kB Markdown; ${overBudget.length} pages over the budget${overBudget.map((page) => `\n    ${page.path}: ${(page.bytes / 1e3).toFixed(0)} kB`).join('')}`,
    );
    results.push({
      description: entry.file,
      organisation: entry.organisation,
      operations: entry.operations,
      webhooks: entry.webhooks,
      ...result,
      largestHtml: html,
      largestMarkdown: markdown,
      overBudget,
    });
  }
  return results;
}

async function measureBuilds() {
  const builds = {};
  // Faster last: its build is the one measured below.
  for (const bundler of BUNDLERS) {
    const runs = [];
    for (let run = 1; run <= BUILD_RUNS; run += 1) {
      log(`cold build ${run}/${BUILD_RUNS}, ${bundler.label}...`);
      const result = await coldBuild(bundler.id);
      log(`  ${result.seconds.toFixed(1)} s, peak memory ${(result.peakRssBytes / 2 ** 30).toFixed(2)} GiB`);
      runs.push(result);
    }
    builds[bundler.id] = {
      label: bundler.label,
      runs,
      medianSeconds: median(runs.map((run) => run.seconds)),
      medianPeakRssBytes: median(runs.map((run) => run.peakRssBytes)),
    };
  }
  builds.fasterToDefaultRatio = builds.faster.medianSeconds / builds.webpack.medianSeconds;
  return builds;
}

/** Page weight of every page of bench/budgets.json at both viewports (see tools/page-weight.mjs). */
async function measurePageWeights(pages, origin) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  const weights = {};
  const cache = new Map();
  try {
    for (const {kind, path} of pages) {
      weights[kind] = {path};
      for (const viewport of Object.keys(VIEWPORTS)) {
        weights[kind][viewport] = await weighPage(browser, `${origin}${path}`, viewport, {cache});
        log(
          `page weight of ${kind} (${path}) at ${viewport} width: ${kb(weights[kind][viewport].js.gzip)} kB of gzipped JS`,
        );
      }
    }
  } finally {
    await browser.close();
  }
  return weights;
}

/**
 * The first search on a phone (tools/first-search.mjs), 3 times unthrottled and 3 times on the throttled
 * phone: the bytes (the same every run) and the median times.
 */
async function measureFirstSearch(origin) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  try {
    const runs = {unthrottled: [], throttled: []};
    for (let run = 0; run < 3; run += 1) {
      for (const throttled of [false, true])
        runs[throttled ? 'throttled' : 'unthrottled'].push(await firstSearch(browser, origin, {throttled}));
    }
    const summary = (list) => ({
      bytes: list[0].bytes,
      toFirstSuggestionMs: median(list.map((run) => run.toFirstSuggestionMs)),
      afterLastDownloadMs: median(list.map((run) => run.afterLastDownloadMs)),
    });
    log(
      `first search of "${FIRST_SEARCH.query}": ${kb(runs.throttled[0].bytes)} kB, ${summary(runs.throttled).afterLastDownloadMs} ms after the last download (throttled)`,
    );
    return {
      path: FIRST_SEARCH.path,
      query: FIRST_SEARCH.query,
      throttling: PHONE_THROTTLING,
      files: runs.throttled[0].files,
      unthrottled: summary(runs.unthrottled),
      throttled: summary(runs.throttled),
    };
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run of `url` in Chrome on `port`, with `config` (undefined: the default, mobile). */
async function lighthouseRun(url, port, config, reportFile, attempt = 1) {
  const result = await lighthouse(url, {port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES}, config);
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const {lhr} = result;
  if (lhr.runtimeError) {
    // A trace lost on a busy machine (NO_NAVSTART and the like) is Lighthouse's, not the page's: run again.
    if (attempt < 3) {
      log(`  Lighthouse failed (${lhr.runtimeError.code}), running again`);
      return lighthouseRun(url, port, config, reportFile, attempt + 1);
    }
    throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  // A metric Lighthouse could not compute (NO_TTI_CPU_IDLE_PERIOD when its own tasks after the load leave no quiet
  // window) leaves the run without a performance score: run again rather than count a 0 and a missing TBT.
  const unmeasured = Object.values(METRICS).filter((audit) => lhr.audits[audit].numericValue === undefined);
  if (unmeasured.length > 0) {
    const reasons = unmeasured.map((audit) => `${audit}: ${lhr.audits[audit].errorMessage ?? 'no value'}`).join('; ');
    if (attempt < 3) {
      log(`  Lighthouse measured no ${unmeasured.join(', ')}, running again (${reasons})`);
      return lighthouseRun(url, port, config, reportFile, attempt + 1);
    }
    // Three times in a row: the run is kept, unscored, and the medians are of the runs that were measured.
    log(`  Lighthouse measured no ${unmeasured.join(', ')} in 3 attempts: this run is left out of the medians`);
  }
  writeFileSync(reportFile, JSON.stringify(lhr));
  return {
    ...Object.fromEntries(
      CATEGORIES.map((category) => [
        category,
        lhr.categories[category].score === null ? null : Math.round(lhr.categories[category].score * 100),
      ]),
    ),
    ...Object.fromEntries(Object.entries(METRICS).map(([name, audit]) => [name, lhr.audits[audit].numericValue])),
    // Lighthouse's measure of this machine's speed at the time (higher is faster): with applied throttling, the
    // CPU is slowed 4x from whatever the machine gives, so a busy machine scores a page lower.
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    failedAudits: CATEGORIES.filter((category) => category !== 'performance').flatMap((category) =>
      lhr.categories[category].auditRefs
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
        .map((ref) => `${category}:${ref.id}`),
    ),
  };
}

/**
 * Lighthouse on each page marked `lighthouse` in bench/budgets.json, in each form factor, LIGHTHOUSE_RUNS runs each.
 * The pages alternate (run 1 of every page, then run 2 of every page...), so a moment the machine is busy falls on
 * every page alike, and the ratios between pages hold where the figures of one page move.
 */
async function runLighthouse(pages, origin, runsDir) {
  const chrome = await chromeLauncher.launch({chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS});
  const audited = pages.filter((page) => page.lighthouse);
  const runsOf = Object.fromEntries(
    audited.map(({kind}) => [kind, Object.fromEntries(LIGHTHOUSE_FORM_FACTORS.map((formFactor) => [formFactor, []]))]),
  );
  try {
    for (let run = 1; run <= LIGHTHOUSE_RUNS; run += 1) {
      for (const formFactor of LIGHTHOUSE_FORM_FACTORS) {
        for (const {kind, path} of audited) {
          log(`Lighthouse ${formFactor} ${run}/${LIGHTHOUSE_RUNS} on ${kind} (${path})...`);
          runsOf[kind][formFactor].push(
            await lighthouseRun(
              `${origin}${path}`,
              chrome.port,
              FORM_FACTORS[formFactor],
              join(runsDir, `lighthouse-${kind}-${formFactor}-${run}.json`),
            ),
          );
        }
      }
    }
  } finally {
    await chrome.kill();
  }
  return Object.fromEntries(
    audited.map(({kind, path}) => [
      kind,
      {
        path,
        ...Object.fromEntries(
          LIGHTHOUSE_FORM_FACTORS.map((formFactor) => {
            const runs = runsOf[kind][formFactor];
            return [
              formFactor,
              {
                runs,
                median: Object.fromEntries(
                  [...CATEGORIES, ...Object.keys(METRICS)].map((key) => [key, median(runs.map((run) => run[key]))]),
                ),
                failedAudits: [...new Set(runs.flatMap((run) => run.failedAudits))],
              },
            ];
          }),
        ),
      },
    ]),
  );
}

/** Lighthouse's tables: per form factor, each page's medians, its TBT over the reference page's, each run. */
function printLighthouse(results) {
  for (const formFactor of LIGHTHOUSE_FORM_FACTORS) {
    const reference = results.lighthouse[TBT_REFERENCE_KIND]?.[formFactor]?.median.tbt;
    console.log(
      `\nLighthouse ${results.lighthouseVersion}, ${formFactor}, applied throttling${CPU_SLOWDOWN ? ` with the CPU slowed ${CPU_SLOWDOWN}x` : ''}, nginx with deploy/nginx.conf, median of ${LIGHTHOUSE_RUNS} (pages alternating)`,
    );
    console.table(
      Object.fromEntries(
        Object.entries(results.lighthouse).map(
          ([
            kind,
            {
              path,
              [formFactor]: {median: values, runs},
            },
          ]) => [
            `${kind} ${path}`,
            {
              performance: values.performance,
              accessibility: values.accessibility,
              'best practices': values['best-practices'],
              SEO: values.seo,
              'FCP (ms)': Math.round(values.fcp),
              'LCP (ms)': Math.round(values.lcp),
              'TBT (ms)': Math.round(values.tbt),
              [`TBT / ${TBT_REFERENCE_KIND}'s`]: reference ? Number((values.tbt / reference).toFixed(2)) : '',
              CLS: Number(values.cls.toFixed(3)),
              'runs (score / TBT ms / TTI s / benchmark index)': runs
                .map(
                  (run) =>
                    `${run.performance ?? 'unscored'} / ${run.tbt === undefined ? 'no TBT' : Math.round(run.tbt)} / ${run.tti === undefined ? 'no TTI' : (run.tti / 1000).toFixed(1)} / ${run.benchmarkIndex ?? '?'}`,
                )
                .join(', '),
            },
          ],
        ),
      ),
    );
  }
  for (const [kind, page] of Object.entries(results.lighthouse)) {
    for (const formFactor of LIGHTHOUSE_FORM_FACTORS) {
      const {failedAudits} = page[formFactor];
      if (failedAudits.length) console.log(`${kind} (${formFactor}): audits not passed: ${failedAudits.join(', ')}`);
    }
  }
}

const kb = (bytes) => (bytes / 1000).toFixed(1);

/**
 * The load test of nginx with deploy/nginx.conf (scripts/load-test.mjs: wrk on loopback, every sitemap page
 * and the assets they load, 10 s); it starts and stops its own nginx.
 */
async function runLoadTest() {
  const json = join(RUNS_DIR, 'load-test.json');
  log('load test: nginx with deploy/nginx.conf, 10 s of wrk over every page and asset');
  const code = await new Promise((resolve) => {
    spawn('node', ['scripts/load-test.mjs', '--duration', '10', '--json', json, '--build', BUILD_DIR], {
      stdio: 'inherit',
    }).on('close', resolve);
  });
  if (code !== 0) throw new Error(`the load test failed (exit ${code}); see its output above`);
  const {requests, urls, durationSeconds, requestsPerSecond, latencyMs, errors, non2xx3xx} = JSON.parse(
    readFileSync(json, 'utf8'),
  );
  return {requests, urls, durationSeconds, requestsPerSecond, latencyMs, errors, non2xx3xx};
}

function printTables(results, budgets) {
  if (results.builds) {
    const {webpack, faster, fasterToDefaultRatio} = results.builds;
    console.log('\nCold build (npm run build: API generation + production build), median of', BUILD_RUNS);
    console.table(
      Object.fromEntries(
        [webpack, faster].map((build) => [
          build.label,
          {
            'wall time (s)': Number(build.medianSeconds.toFixed(1)),
            'peak memory (GiB)': Number((build.medianPeakRssBytes / 2 ** 30).toFixed(2)),
            runs: build.runs.map((run) => run.seconds.toFixed(1)).join(' / '),
          },
        ]),
      ),
    );
    console.log(`Faster / default bundler wall time: ${fasterToDefaultRatio.toFixed(2)} (target <= 0.50)`);
    console.log(
      `Seconds per page, site's own description: ${(faster.medianSeconds / faster.runs[0].pages).toFixed(3)} (${faster.runs[0].pages} pages)`,
    );
  }
  for (const build of results.corpusBuilds ?? []) {
    console.log(
      `Corpus ${build.description} (${build.operations} operations, ${build.webhooks} webhooks): ${build.seconds.toFixed(1)} s, ${build.secondsPerPage} s a page, peak ${(build.peakRssBytes / 2 ** 30).toFixed(2)} GiB, largest page ${(build.largestHtml.bytes / 1e3).toFixed(0)} kB HTML and ${(build.largestMarkdown.bytes / 1e3).toFixed(0)} kB Markdown (targets: under 120 s and 2.5 GiB)`,
    );
  }
  console.log(
    `\nPage weight (kB = 1000 bytes): scripts, stylesheets and fonts (woff2, bytes as downloaded) downloaded until the network is idle for ${QUIET_MS / 1000} s, see bench/budgets.json`,
  );
  console.table(
    Object.fromEntries(
      Object.entries(results.pages).flatMap(([kind, page]) => {
        const budget = budgets.pages.find((entry) => entry.kind === kind).budget;
        return Object.keys(VIEWPORTS).map((viewport) => {
          const weight = page[viewport];
          return [
            `${kind} ${page.path} ${viewport}`,
            {
              'HTML raw': kb(weight.html.raw),
              'JS files': weight.js.files,
              'JS raw': kb(weight.js.raw),
              'JS gz': kb(weight.js.gzip),
              'JS br': kb(weight.js.brotli),
              'JS gz budget': kb(budget.jsGzip),
              'CSS gz': kb(weight.css.gzip),
              // Results recorded before fonts were weighed have none.
              'fonts (files)': weight.fonts ? `${kb(weight.fonts.bytes)} (${weight.fonts.files})` : 'not weighed',
              'largest JS (gz kB)': weight.js.list
                .slice(0, 2)
                .map((file) => `${file.path.split('/').pop()} ${kb(file.gzip)}`)
                .join(', '),
            },
          ];
        });
      }),
    ),
  );
  printLighthouse(results);
  const search = results.firstSearch;
  console.log(
    `\nFirst search on a phone ("${search.query}" on ${search.path}), ${kb(search.throttled.bytes)} kB downloaded:`,
  );
  console.table(
    Object.fromEntries(search.files.map(({path, bytes}) => [path, {'kB (as sent or gzip -9)': Number(kb(bytes))}])),
  );
  console.table({
    unthrottled: {
      'to first suggestion (ms)': search.unthrottled.toFirstSuggestionMs,
      'after the last download (ms)': search.unthrottled.afterLastDownloadMs,
    },
    'throttled phone': {
      'to first suggestion (ms)': search.throttled.toFirstSuggestionMs,
      'after the last download (ms)': search.throttled.afterLastDownloadMs,
    },
  });
  const index = results.searchIndex;
  console.log(
    `Search index: ${index.pages} pages; ${index.chunks} word chunks (${kb(index.chunkBytes)} kB, at most ${kb(index.largestChunk)} kB each), ${kb(index.fragmentBytes)} kB of page fragments`,
  );
  const load = results.loadTest;
  console.log(
    `\nLoad test (nginx, deploy/nginx.conf, ${load.urls} URLs, ${load.durationSeconds} s): ${load.requestsPerSecond} req/s, ` +
      `p99 ${load.latencyMs.p99} ms, ${load.errors} errors, ${load.non2xx3xx} answers outside 2xx/3xx`,
  );
  console.log('\nTargets');
  for (const target of results.targets) {
    const verdict = target.met === undefined ? 'n/a    ' : target.met ? 'met    ' : 'NOT met';
    console.log(`${verdict}  ${target.what}: ${target.measured} (target ${target.target})`);
  }
}

/** Each budget and target, measured. */
function checkTargets(results, budgets) {
  const targets = [];
  for (const [kind, page] of Object.entries(results.pages)) {
    const {budget} = budgets.pages.find((entry) => entry.kind === kind);
    for (const viewport of Object.keys(VIEWPORTS)) {
      const {html, js, css} = page[viewport];
      targets.push({
        what: `gzipped JS, ${kind} at ${viewport} width`,
        measured: `${kb(js.gzip)} kB`,
        target: `<= ${kb(budget.jsGzip)} kB`,
        met: js.gzip <= budget.jsGzip,
      });
      targets.push({
        what: `gzipped CSS, ${kind} at ${viewport} width`,
        measured: `${kb(css.gzip)} kB`,
        target: `<= ${kb(budget.cssGzip)} kB`,
        met: css.gzip <= budget.cssGzip,
      });
      if (viewport === 'desktop')
        targets.push({
          what: `HTML, ${kind}`,
          measured: `${kb(html.raw)} kB`,
          target: `<= ${kb(budget.html)} kB`,
          met: html.raw <= budget.html,
        });
    }
  }
  for (const [kind, page] of Object.entries(results.lighthouse)) {
    for (const formFactor of LIGHTHOUSE_FORM_FACTORS) {
      const values = page[formFactor].median;
      targets.push({
        what: `Lighthouse ${formFactor} performance, ${kind}`,
        measured: values.performance,
        target: `>= ${PERFORMANCE_TARGET}`,
        met: values.performance >= PERFORMANCE_TARGET,
      });
      for (const category of ['accessibility', 'best-practices', 'seo']) {
        targets.push({
          what: `Lighthouse ${formFactor} ${category}, ${kind}`,
          measured: values[category],
          target: '100',
          met: values[category] === 100,
        });
      }
    }
  }
  const {firstSearch: search} = results;
  const searchBudget = budgets.firstSearch.budget;
  targets.push({
    what: `first search on a phone, downloaded`,
    measured: `${kb(search.throttled.bytes)} kB`,
    target: `<= ${kb(searchBudget.bytes)} kB`,
    met: search.throttled.bytes <= searchBudget.bytes,
  });
  targets.push({
    what: 'first search on the throttled phone, first suggestions after the last download',
    measured: `${search.throttled.afterLastDownloadMs} ms`,
    target: `<= ${searchBudget.afterLastDownloadMs} ms`,
    met: search.throttled.afterLastDownloadMs <= searchBudget.afterLastDownloadMs,
  });
  if (results.builds) {
    const {faster, fasterToDefaultRatio} = results.builds;
    targets.push({
      what: 'cold build, Faster / default bundler',
      measured: fasterToDefaultRatio.toFixed(2),
      target: '<= 0.50',
      met: fasterToDefaultRatio <= 0.5,
    });
    targets.push({
      what: `cold build with Faster on ${results.machine.cores} cores`,
      measured: `${faster.medianSeconds.toFixed(1)} s`,
      target: '< 180 s on 2 cores',
      met: results.machine.cores <= 2 ? faster.medianSeconds < 180 : undefined,
    });
  }
  return targets;
}

const budgets = JSON.parse(readFileSync(BUDGETS_FILE, 'utf8'));
mkdirSync(RUNS_DIR, {recursive: true});
const startedAt = new Date();
const results = {
  date: startedAt.toISOString(),
  machine: {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: Number((totalmem() / 2 ** 30).toFixed(1)),
    os: `${osType()} ${release()}`,
    node: process.version,
    loadAverageAtStart: loadavg().map((value) => Number(value.toFixed(2))),
    freeMemoryGiBAtStart: Number((freemem() / 2 ** 30).toFixed(1)),
  },
  lighthouseVersion: JSON.parse(readFileSync(benchTools.resolve('lighthouse/package.json'), 'utf8')).version,
  // Lighthouse's own CPU slowdown (4x mobile, 1x desktop) unless --cpu-slowdown gave another.
  lighthouseCpuSlowdown: CPU_SLOWDOWN ?? null,
  definition: budgets.definition,
  build: BUILD_DIR,
};
/**
 * Cold builds of descriptions of N operations made of the corpus's (tools/scale-description.mjs): seconds, seconds a
 * page, and the peak memory of the whole process tree (the build and the processes it starts). A build that fails
 * (out of memory) is said so, with its last lines.
 */
async function measureScaleBuilds(sizes) {
  mkdirSync(RUNS_DIR, {recursive: true});
  const results = [];
  for (const operations of sizes) {
    const spec = join(RUNS_DIR, `scale-${operations}.json`);
    writeFileSync(spec, JSON.stringify(scaleDescription(operations)));
    log(`cold build of ${operations} operations (${spec})...`);
    try {
      const result = await coldBuild('faster', {VIGIL_OPENAPI_SPEC: spec});
      log(
        `  ${result.seconds.toFixed(1)} s for ${result.pages} pages (${result.secondsPerPage} s a page), peak memory ${(result.peakRssBytes / 2 ** 30).toFixed(2)} GiB`,
      );
      results.push({operations, ...result});
    } catch (error) {
      log(`  failed: ${String(error.message).split('\n').slice(-3).join(' ')}`);
      results.push({operations, failed: String(error.message).split('\n').slice(-3).join(' ')});
    }
  }
  return results;
}

if (process.argv.includes('--scale')) {
  const given = process.argv[process.argv.indexOf('--scale') + 1];
  const sizes = given && /^\d+(,\d+)*$/.test(given) ? given.split(',').map(Number) : [1000, 2500, 5000];
  const builds = await measureScaleBuilds(sizes);
  console.log('\noperations | pages | seconds | seconds a page | peak memory (GiB)');
  for (const build of builds)
    console.log(
      build.failed
        ? `${build.operations} | failed: ${build.failed}`
        : `${build.operations} | ${build.pages} | ${build.seconds.toFixed(1)} | ${build.secondsPerPage} | ${(build.peakRssBytes / 2 ** 30).toFixed(2)}`,
    );
  const [first, last] = [builds[0], builds.at(-1)];
  if (builds.length > 1 && !first.failed && !last.failed)
    console.log(
      `seconds a page at ${last.operations} over ${first.operations}: ${(last.secondsPerPage / first.secondsPerPage).toFixed(2)}`,
    );
  process.exit(0);
}
if (process.argv.includes('--corpus-only')) {
  // The corpus builds alone, printed; bench/results.json is left as it is.
  for (const build of await measureCorpusBuilds())
    console.log(
      `${build.description}: ${build.seconds.toFixed(1)} s for ${build.pages} pages, ${build.secondsPerPage} s a page, peak ${(build.peakRssBytes / 2 ** 30).toFixed(2)} GiB, largest page ${(build.largestHtml.bytes / 1e3).toFixed(0)} kB HTML (${build.largestHtml.path}), ${(build.largestMarkdown.bytes / 1e3).toFixed(0)} kB Markdown, ${build.overBudget.length} pages over the budget`,
    );
  process.exit(0);
}
if (process.argv.includes('--lighthouse-only')) {
  // Lighthouse alone, on the existing build, printed; bench/results.json is left as it is.
  const server = await startNginx({port: PORT, buildDir: BUILD_DIR, accessLog: false});
  try {
    mkdirSync(RUNS_DIR, {recursive: true});
    results.lighthouse = await runLighthouse(budgets.pages, server.url, RUNS_DIR);
  } finally {
    await server.stop();
  }
  printLighthouse(results);
  process.exit(0);
}
if (BUILD_RUNS > 0) {
  results.corpusBuilds = await measureCorpusBuilds();
  results.builds = await measureBuilds();
} else if (!existsSync(join(BUILD_DIR, '404.html'))) {
  throw new Error(`${BUILD_DIR}/ is missing: run \`npm run build\` first, or run the benchmark without --no-builds`);
}
const server = await startNginx({port: PORT, buildDir: BUILD_DIR, accessLog: false});
try {
  results.pages = await measurePageWeights(budgets.pages, server.url);
  results.lighthouse = await runLighthouse(budgets.pages, server.url, RUNS_DIR);
  results.firstSearch = await measureFirstSearch(server.url);
} finally {
  await server.stop();
}
results.searchIndex = searchIndexSize(BUILD_DIR);
results.loadTest = await runLoadTest();
results.machine.loadAverageAtEnd = loadavg().map((value) => Number(value.toFixed(2)));
results.targets = checkTargets(results, budgets);
writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
printTables(results, budgets);
console.log(
  `\nWrote ${RESULTS_FILE} (Lighthouse reports in ${RUNS_DIR}/). Load average ${results.machine.loadAverageAtStart.join(' ')} at start, ${results.machine.loadAverageAtEnd.join(' ')} at end, on ${results.machine.cores} cores.`,
);
