import type {Page} from '@playwright/test';
import {operationsOf} from '../../src/openapi';
import {loadSpec} from '../support/openapi';
import {SCRIPT_URLS, expect, holdScripts, openPage, takeExpectedConsole, test} from '../support/site';

// The part of a page whose code loads after the page is interactive, at the reader's request: the API
// reference's request builder. While its code loads, a spinner after 200 ms; on a failure, an error box with
// a Retry button (spec "Shared layout"). Whole pages never show either: Docusaurus loads the next page's code
// before it leaves the current one, and reloads the page in full when that fails (navigation.spec.ts).
// Diagrams are SVG in the HTML and load nothing.

/** An operation with a request body: its builder has the most to load. */
const operation = operationsOf(loadSpec()).find((op) => op.definition.requestBody)!;
const OPERATION_PATH = `/docs/api/${operation.slug}`;

const offerOf = (page: Page) => page.getByRole('button', {name: 'Fill in your own values'});
const builderOf = (page: Page) => page.getByRole('region', {name: 'Request builder'});
const spinnerOf = (page: Page) => builderOf(page).getByRole('status').filter({hasText: 'Loading…'});
/** The builder's request form, present once its code has run. */
const builderFormOf = (page: Page) => builderOf(page).getByText('Base URL', {exact: true});

test('while the request builder loads, a spinner shows after 200 ms, then the builder replaces it', async ({page}) => {
  // The page's timers run on a clock the test moves: "after 200 ms" is checked on that clock, not on a busy machine's.
  await page.clock.install();
  await openPage(page, OPERATION_PATH);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  // The network holds the builder's code back until the spinner has been seen.
  const release = await holdScripts(page);
  await offerOf(page).click();
  await expect(builderOf(page), 'the builder took the place of the offer').toHaveCount(1);
  await page.clock.runFor(199);
  await expect(spinnerOf(page), 'no spinner before 200 ms').toHaveCount(0);
  await page.clock.runFor(1);
  await expect(spinnerOf(page), 'a spinner at 200 ms').toBeVisible();
  release();
  await page.clock.resume();
  await expect(builderFormOf(page)).toBeVisible({timeout: 30_000});
  await expect(spinnerOf(page)).toHaveCount(0);
});

test('when the request builder cannot load, an error box offers Retry, which loads it', async ({
  page,
  consoleGuard,
}) => {
  await openPage(page, OPERATION_PATH);
  let failing = true;
  await page.route(SCRIPT_URLS, (route) => (failing ? route.abort('failed') : route.continue()));
  await offerOf(page).click();
  const alert = builderOf(page).getByRole('alert').filter({hasText: 'could not be loaded'});
  await expect(alert).toBeVisible();
  failing = false;
  await alert.getByRole('button', {name: 'Retry'}).click();
  await expect(builderFormOf(page)).toBeVisible({timeout: 30_000});
  await expect(alert).toHaveCount(0);
  // The browser reports the requests the test made fail.
  takeExpectedConsole(consoleGuard, /^console error: Failed to load resource: net::ERR_FAILED$/);
});
