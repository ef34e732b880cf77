import {defineConfig} from '@playwright/test';
import {CHROMIUM_ARGS, TEST_BROWSER} from './tools/test-browser.cjs';

/** Port of the production build served by nginx with deploy/nginx.conf for the browser tests. */
export const NGINX_TEST_PORT = Number(process.env.VIGIL_NGINX_PORT ?? 8100);

/**
 * Three suites: `unit` needs neither a build nor a server; `build` reads the production build in build/;
 * `e2e` drives Chromium and HTTP requests against that build served by nginx, which the `nginx` setup
 * project starts and its teardown stops. `npm test` (scripts/run-tests.mjs) runs all three.
 */
export default defineConfig({
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  timeout: 60_000,
  expect: {timeout: 10_000},
  // Failures' screenshots, traces and screenshot differences (expected, actual, diff) go to .artifacts/.
  outputDir: '.artifacts/test-results',
  reporter: [['list'], ['json', {outputFile: process.env.VIGIL_TEST_REPORT ?? '.artifacts/test-report.json'}]],
  use: {
    baseURL: `http://127.0.0.1:${NGINX_TEST_PORT}`,
    // A trace records the page continuously (about a quarter of the browser tests' time on 2 cores); CI keeps
    // only its log, so traces are recorded on developers' machines, where a failure can be opened.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    browserName: 'chromium',
    launchOptions: {
      // Debian's Chromium headless shell (tools/test-browser.cjs): browsers are never downloaded.
      executablePath: TEST_BROWSER,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {name: 'unit', testDir: 'tests/unit'},
    {name: 'build', testDir: 'tests/build'},
    {name: 'nginx', testDir: 'tests/setup', testMatch: 'nginx.setup.ts', teardown: 'stop nginx'},
    {name: 'stop nginx', testDir: 'tests/setup', testMatch: 'nginx.teardown.ts'},
    {name: 'e2e', testDir: 'tests/e2e', dependencies: ['nginx']},
  ],
});
