import {defineConfig} from '@playwright/test';
import type {ServerOptions} from './tests/support/site';

/** Port of the production build served for the browser tests (README's `npm run serve` uses 3000). */
export const TEST_PORT = Number(process.env.VIGIL_TEST_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${TEST_PORT}`;
/** Port of the same build served by nginx with deploy/nginx.conf (scripts/nginx-server.mjs). */
export const NGINX_TEST_PORT = Number(process.env.VIGIL_NGINX_PORT ?? 8100);
const nginxURL = `http://127.0.0.1:${NGINX_TEST_PORT}`;

export default defineConfig<ServerOptions>({
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  timeout: 60_000,
  expect: {timeout: 10_000},
  outputDir: 'test-results',
  // A second build differing only by its announcement id, for the announcement bar test.
  globalSetup: './tests/support/announcement-variant.ts',
  reporter: [['list'], ['./tests/support/summary-reporter.ts']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    browserName: 'chromium',
    launchOptions: {
      // Debian's Chromium: browsers are never downloaded (see scripts/run-tests.mjs).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {name: 'unit', testDir: 'tests/unit'},
    // The browser suite against `docusaurus serve`, then against nginx; tests/e2e/nginx-*.spec.ts are
    // about the production server only.
    {name: 'e2e', testDir: 'tests/e2e', testIgnore: /nginx-[^/]*\.spec\.ts$/, use: {servedBy: 'docusaurus', referenceURL: baseURL}},
    {name: 'e2e-nginx', testDir: 'tests/e2e', use: {baseURL: nginxURL, servedBy: 'nginx', referenceURL: baseURL}},
  ],
  webServer: process.env.VIGIL_NO_SERVER
    ? undefined
    : [
        {
          command: `npx docusaurus serve --port ${TEST_PORT} --host 127.0.0.1 --no-open`,
          url: `${baseURL}/docs/`,
          reuseExistingServer: !process.env.CI,
          timeout: 60_000,
          stdout: 'ignore',
          stderr: 'pipe',
        },
        {
          command: `node scripts/nginx-server.mjs --port ${NGINX_TEST_PORT}`,
          url: `${nginxURL}/docs/`,
          reuseExistingServer: !process.env.CI,
          timeout: 60_000,
          stdout: 'ignore',
          stderr: 'pipe',
          gracefulShutdown: {signal: 'SIGTERM', timeout: 5_000},
        },
      ],
});
