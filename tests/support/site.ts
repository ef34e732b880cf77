import {test as base, expect, type Locator, type Page} from '@playwright/test';
import {readMarkdown} from './content';

export {sitemapPaths} from '../../tools/build-output.cjs';
export {BASE_URL} from '../../config/site-constants';

/** Messages a page logs that are not defects of the site. */
const TOLERATED_CONSOLE = [/Download the React DevTools/];

/**
 * Records on `problems` what a page must never do: log a console error or warning, throw, violate the
 * Content-Security-Policy, or request anything from another host than `origin` (the site calls no backend and
 * loads nothing from elsewhere).
 */
export async function guardPage(page: Page, problems: string[], origin: string): Promise<void> {
  // Chromium also logs "Refused to …" for a violation; the event names the directive and the source.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content-Security-Policy violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'an inline source'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (
      (message.type() === 'error' || message.type() === 'warning') &&
      !TOLERATED_CONSOLE.some((re) => re.test(message.text()))
    ) {
      problems.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    const url = request.url();
    if (/^https?:/.test(url) && new URL(url).origin !== origin) {
      problems.push(`request to another host: ${url}`);
    }
  });
}

/**
 * A browser test whose page is guarded (`guardPage`): the test fails on any of those problems. The guard comes
 * with the `page` fixture, so a test that only makes HTTP requests opens no browser page; `consoleGuard` is the
 * list of problems, for a test to take the ones it provokes.
 */
export const test = base.extend<{consoleGuard: string[]}>({
  // Playwright reads a fixture's dependencies from its first parameter, which must be a destructuring pattern.
  // eslint-disable-next-line no-empty-pattern
  consoleGuard: async ({}, use) => {
    await use([]);
  },
  page: async ({page, baseURL, consoleGuard: problems}, use) => {
    await guardPage(page, problems, new URL(baseURL ?? 'http://127.0.0.1').origin);
    await use(page);
    expect(problems, 'console errors, page errors or foreign requests').toEqual([]);
  },
});

export {expect};

/**
 * Takes the console messages a test provokes on purpose out of the guard's list, so that only unexpected
 * ones fail the test. Fails when none matched: the expected message is part of the behaviour, unless
 * `optional` (a message the browser may or may not log). With `first`, only the first match is taken, so a
 * second one still fails the test.
 */
export function takeExpectedConsole(
  problems: string[],
  pattern: RegExp,
  {first = false, optional = false}: {first?: boolean; optional?: boolean} = {},
): string[] {
  const matches = problems.filter((problem) => pattern.test(problem));
  if (!optional) expect(matches, `console output matching ${pattern}`).not.toEqual([]);
  const taken = first ? matches.slice(0, 1) : matches;
  for (const problem of taken) problems.splice(problems.indexOf(problem), 1);
  return taken;
}

/**
 * How long the first search may take to show suggestions: it loads the search library, starts its worker,
 * compiles its WebAssembly and loads the index chunks, which on a loaded machine can take longer than the
 * default wait.
 */
export const FIRST_SEARCH_TIMEOUT = 30_000;

/** Prefixes the console guard's entries from index `from` on with the page they came from. */
export function nameConsoleProblems(consoleGuard: string[], from: number, path: string) {
  for (let index = from; index < consoleGuard.length; index += 1)
    consoleGuard[index] = `${path}: ${consoleGuard[index]}`;
}

/** Waits until React has hydrated the server-rendered page (after a navigation or a reload). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
}

/** The site's scripts: its bundles and the chunks a page loads later. */
export const SCRIPT_URLS = '**/assets/js/**';

/**
 * Holds back every request of the page that matches `urls` until the returned function is called; they are then
 * answered. `page.unroute(urls)` removes the hold.
 */
export async function holdRequests(page: Page, urls: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(urls, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Holds back every script the page requests (holdRequests); `page.unroute(SCRIPT_URLS)` removes the hold. */
export const holdScripts = (page: Page): Promise<() => void> => holdRequests(page, SCRIPT_URLS);

/** The URLs of the scripts the page requests from now on, in order: a list that grows as the page requests more. */
export function scriptRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  return urls;
}

/**
 * Scrolls `locator` into view and waits until it holds still there, for a click on an article far down its page.
 * The article's blocks are laid out only once the viewport nears them (src/plugins/offscreen-blocks), and Chromium
 * finds that out in a task after the frame that scrolled: a block across the top of the viewport then takes its own
 * height in place of its estimate, and what is below it moves. Playwright's check before a click (the same box in
 * two frames in a row) can pass before that, and its press and release then land on two elements, which is no click.
 * Holds until no block within the viewport has its content skipped and the box has not moved over a frame.
 */
export async function scrollIntoSettledView(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  await locator.evaluate(async (element) => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // A block whose content the browser skips: its first element has a box, but is not rendered.
    const skipped = (block: Element) => {
      const first = block.firstElementChild;
      return first !== null && first.checkVisibility() && !first.checkVisibility({contentVisibilityAuto: true});
    };
    const blockSkippedInView = () =>
      [...document.querySelectorAll('.markdown > *')].some((block) => {
        const {top, bottom} = block.getBoundingClientRect();
        return bottom > 0 && top < window.innerHeight && skipped(block);
      });
    let box = '';
    for (;;) {
      await nextFrame();
      const now = JSON.stringify(element.getBoundingClientRect());
      if (now === box && !blockSkippedInView()) return;
      box = now;
    }
  });
}

/** Navigates and waits until React has hydrated the server-rendered page. */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

/** The front matter of a Markdown source file, which must have one. */
export function frontMatter(file: string): Record<string, unknown> {
  const {frontMatter: values} = readMarkdown(file);
  if (Object.keys(values).length === 0) {
    throw new Error(`${file} has no front matter`);
  }
  return values;
}
