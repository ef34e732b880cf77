#!/usr/bin/env node
/**
 * The search's memory over many searches: the process's RSS and the search workers' V8 heaps after 500 and after
 * 5,000 searches of varied queries (the relevance set's questions, tests/support/search-questions.ts, and made-up
 * words), run through the server's own SearchPool (dist/), two at a time as two clients would.
 *
 *   node bench/search-memory.mjs [--site ../../build] [--searches 5000] [--report 500,5000] [--per-worker <n>]
 *
 * --per-worker: the searches a worker answers before it is retired (default the server's SEARCHES_PER_WORKER;
 * `Infinity`: never, as before, when the memory grew by about 0.2 MB a search).
 *
 * Needs dist/ (npm run build in this folder).
 */
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const {values} = parseArgs({
  options: {
    site: {type: 'string', default: path.resolve(here, '../../../build')},
    searches: {type: 'string', default: '5000'},
    report: {type: 'string', default: '500,5000'},
    'per-worker': {type: 'string'},
  },
});
const {openSite} = require('../dist/packages/vigil-docs-mcp/src/site.js');
const {SearchPool} = require('../dist/packages/vigil-docs-mcp/src/search.js');

const questions = [
  ...readFileSync(path.resolve(here, '../../../tests/support/search-questions.ts'), 'utf8').matchAll(
    /query: '((?:[^'\\]|\\.)*)'/g,
  ),
].map((match) => match[1].replace(/\\'/g, "'"));
/** A made-up word of the index `n`: missing from the site, compared with its vocabulary. */
const madeUp = (n) => `zq${n.toString(36)}x`;
const queryOf = (n) =>
  n % 3 === 2 ? `${questions[n % questions.length]} ${madeUp(n)}` : (questions[n % questions.length] ?? madeUp(n));

const total = Number(values.searches);
const reports = new Set(values.report.split(',').map(Number));
const {SEARCHES_PER_WORKER, SEARCH_WORKERS} = require('../dist/packages/vigil-docs-mcp/src/limits.js');
const perWorker = values['per-worker'] === undefined ? SEARCHES_PER_WORKER : Number(values['per-worker']);
const pool = new SearchPool(openSite(values.site, '/docs/'), SEARCH_WORKERS, perWorker);
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
console.log(
  `${questions.length} questions of the relevance set, and made-up words; ${total} searches; a worker retired after ${perWorker}`,
);
const started = Date.now();
for (let done = 0; done < total; done += 2) {
  await Promise.all([done, done + 1].map((n) => pool.search(queryOf(n), undefined, 10, new AbortController().signal)));
  if (reports.has(done + 2)) {
    global.gc?.();
    // A worker just retired is not asked: none may be alive at a multiple of --per-worker.
    const workers = await pool.memory();
    const heaps =
      workers.length === 0
        ? 'no worker alive (both just retired)'
        : `worker heaps ${workers.map((usage) => mb(usage.heapUsed)).join(' + ')} used (${workers
            .map((usage) => mb(usage.external))
            .join(' + ')} external)`;
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    console.log(`after ${done + 2} searches: rss ${mb(process.memoryUsage().rss)}, ${heaps}, ${seconds} s`);
  }
}
await pool.close();
