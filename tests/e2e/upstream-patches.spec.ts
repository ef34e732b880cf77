// Interventions of src/upstream/ whose effect only a browser shows (the others: tests/build/upstream-patches.spec.ts).
import {deferredScripts} from '../support/html';
import {recordReactRoot, recordRerenders, renderedRouteLists, rerenderedAfterHydration} from '../support/react-fibers';
import type {Page} from '@playwright/test';
import {expect, holdRequests, openPage, scriptRequests, sitemapPaths, test, waitForHydration} from '../support/site';

test("staged-client-entry: the main bundle's own task ends before Docusaurus' client entry runs, and the page then hydrates", async ({
  page,
}) => {
  // A script's load event is fired right after it has run, in the same task: what clientEntry.js sets
  // (window.docusaurus) is not there yet when it runs in a later task.
  await page.addInitScript(() => {
    document.addEventListener(
      'load',
      (event) => {
        const script = event.target;
        if (script instanceof HTMLScriptElement && /\/main\.[0-9a-f]+\.js$/.test(script.src)) {
          (window as unknown as {clientEntryRanWithMain: boolean}).clientEntryRanWithMain = 'docusaurus' in window;
        }
      },
      true,
    );
  });
  await openPage(page, '/docs/intro');
  expect(
    await page.evaluate(() => (window as unknown as {clientEntryRanWithMain?: boolean}).clientEntryRanWithMain),
  ).toBe(false);
});

test('staged-client-entry: the collation data loads before hydration, not during it', async ({page}) => {
  // Every localeCompare of the page, with whether React had started on the page's container when it was made.
  await page.addInitScript(() => {
    const compare = String.prototype.localeCompare;
    const calls: {receiver: string; duringHydration: boolean}[] = [];
    (window as unknown as {localeComparisons: typeof calls}).localeComparisons = calls;
    String.prototype.localeCompare = function (this: string, ...args: Parameters<typeof compare>) {
      const container = document.getElementById('__docusaurus');
      const duringHydration = !!container && Object.keys(container).some((key) => key.startsWith('__reactContainer'));
      calls.push({receiver: String(this), duringHydration});
      return compare.apply(this, args);
    };
  });
  // The docs code sorts its plugins with localeCompare while the page hydrates.
  await openPage(page, '/docs/api/create-job');
  const calls = await page.evaluate(
    () => (window as unknown as {localeComparisons: {receiver: string; duringHydration: boolean}[]}).localeComparisons,
  );
  expect(
    calls.some((call) => call.duringHydration),
    'the theme compares strings while the page hydrates',
  ).toBe(true);
  expect(calls[0]).toEqual({receiver: 'vigil-collation', duringHydration: false});
});

test('sidebar-category-href: once the page has hydrated, only the sidebar categories without a link of their own render again', async ({
  page,
}) => {
  await page.setViewportSize({width: 1280, height: 800});
  await recordRerenders(page, 'li.theme-doc-sidebar-item-category');
  await openPage(page, '/docs/api/update-datastore');
  // The commits that follow hydration: the theme's own, and the idle ones.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, {timeout: 2000})));
  const categories = page.locator('.theme-doc-sidebar-menu li.theme-doc-sidebar-item-category > div > a');
  // A category with its own page links it; one without has "#" once the page has hydrated (its first item before).
  const ownLinks = await categories.evaluateAll((links) =>
    links.map((link) => link.getAttribute('href')).filter((href) => href && href !== '#'),
  );
  expect(ownLinks.length, 'categories with their own page in the API sidebar').toBeGreaterThan(10);
  const rerendered = (await rerenderedAfterHydration(page)).flat();
  expect(rerendered.filter(({href}) => href !== '#')).toEqual([]);
});

test("docs-preferred-version: once the page has hydrated, the navbar's doc links do not render again", async ({
  page,
}) => {
  await page.setViewportSize({width: 1280, height: 800});
  await recordRerenders(page, 'a.navbar__item');
  await openPage(page, '/docs/api/update-datastore');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, {timeout: 2000})));
  // The docs' links of the navbar read the preferred version (the docs plugin's navbar items).
  await expect(page.locator('a.navbar__item[href="/docs/intro"]').first()).toBeVisible();
  expect((await rerenderedAfterHydration(page)).flat()).toEqual([]);
});

test('docs-preferred-version: a preferred version in storage still reaches the page', async ({page}) => {
  // What the provider reads on mount: a stored version that no longer exists is cleared, as the docs plugin does.
  await page.addInitScript(() => localStorage.setItem('docs-preferred-version-default', 'no-such-version'));
  await openPage(page, '/docs/intro');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBeNull();
});

/**
 * How many route components the page has made: react-loadable makes a class per route component (with a static
 * `preload`), whose prototype inherits React's Component.prototype. The prototype is taken from a route component of
 * the page's React tree; the heap is then searched for the objects that inherit it (CDP Runtime.queryObjects).
 */
async function routeComponentsMade(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  const {result: prototype} = await cdp.send('Runtime.evaluate', {
    expression: `(() => {
      const container = document.getElementById('__docusaurus');
      const key = Object.keys(container).find((name) => name.startsWith('__reactContainer'));
      const pending = [container[key]];
      while (pending.length) {
        const fiber = pending.pop();
        if (!fiber) continue;
        const type = fiber.type;
        if (typeof type === 'function' && type.prototype?.isReactComponent && typeof type.preload === 'function')
          return Object.getPrototypeOf(type.prototype);
        pending.push(fiber.child, fiber.sibling);
      }
      throw new Error('no route component in the page');
    })()`,
  });
  if (!prototype.objectId) throw new Error('React Component.prototype not found');
  const {objects} = await cdp.send('Runtime.queryObjects', {prototypeObjectId: prototype.objectId});
  const {result} = await cdp.send('Runtime.callFunctionOn', {
    objectId: objects.objectId!,
    // A class's own prototype has the class as its own constructor; react-loadable's classes have a static preload.
    functionDeclaration: `function () {
      return this.filter((object) => Object.hasOwn(object, 'constructor') && typeof object.constructor.preload === 'function').length;
    }`,
    returnByValue: true,
  });
  await cdp.detach();
  return result.value as number;
}

test('route-components: a page makes the components of the routes it renders, not one for every route of the site', async ({
  page,
}) => {
  await openPage(page, '/docs/intro');
  // The routes of the site, from its sitemap: every page is a route (the API pages too).
  expect(sitemapPaths().length).toBeGreaterThan(300);
  // The page's own routes (the docs root, its version, its sidebar root, the doc) and the not-found route.
  const made = await routeComponentsMade(page);
  expect(made, 'route components made on /docs/intro').toBeLessThanOrEqual(8);
  // A link of the site makes the next page's when the router opens it, and the page shows.
  await page.locator('nav.navbar a[href="/docs/api"]').first().click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  await expect(page.locator('h1')).toHaveText(/API/);
  const afterLink = await routeComponentsMade(page);
  expect(afterLink).toBeGreaterThan(made);
  expect(afterLink).toBeLessThanOrEqual(made + 6);
});

test('head-inline-scripts: the HTML parser reads the whole page while its style sheet downloads, with the color mode already set', async ({
  page,
}) => {
  // Without the intervention the theme's inline script opens the body, below the style sheet: it waits for the
  // style sheet, and the parser waits for it, so the document stays "loading" until the style sheet arrives.
  const STYLE_SHEETS = '**/assets/css/**';
  for (const path of ['/docs/intro', '/docs/api/get-dataset']) {
    const release = await holdRequests(page, STYLE_SHEETS);
    await page.goto(path, {waitUntil: 'commit'});
    await expect.poll(() => page.evaluate(() => document.readyState), `${path}: parsed to the end`).toBe('interactive');
    expect(
      await page.evaluate(() => ({
        theme: document.documentElement.dataset.theme,
        // The site's footer closes the page.
        footer: document.querySelectorAll('.footer__copyright').length,
        // The inline style sheets (the font faces) are there; the site's style sheet is not.
        styled: [...document.styleSheets].some((sheet) => sheet.href !== null),
      })),
      `${path}, the style sheet held`,
    ).toEqual({theme: 'light', footer: 1, styled: false});
    release();
    await waitForHydration(page);
    await page.unroute(STYLE_SHEETS);
  }
});

test('route-chunk-scripts: every script a page runs before it hydrates is one its HTML lists, and none is requested twice', async ({
  page,
  request,
}) => {
  // Without the intervention the HTML lists the entry scripts only (runtime and main): the main bundle, once it
  // has run, asks for the page's own chunks, a second round trip before the page hydrates.
  const scripts = scriptRequests(page);
  for (const path of [
    '/docs/',
    '/docs/intro',
    '/docs/api/update-datastore',
    '/docs/api/objects/dataset',
    '/docs/blog/ai-models-data-quality',
  ]) {
    const html = await (await request.get(path)).text();
    const listed = deferredScripts(html);
    const before = scripts.length;
    await openPage(page, path);
    const requested = scripts.slice(before).map((url) => new URL(url).pathname);
    expect(listed.length, `${path}: the entry scripts and the page's own`).toBeGreaterThan(2);
    expect(requested, `${path}: the scripts requested up to hydration`).toEqual(listed);
  }
});

test('route-matching: a page matches its routes without compiling a regular expression for a route path, and its links still open their pages', async ({
  page,
}) => {
  // path-to-regexp gives every route path it compiles the same tail (an optional slash at the very end): the
  // expressions made with it are counted as the page loads, hydrates, prefetches the pages it links to and follows a
  // link (RegExp is called without `new` by the minified bundle, so both ways are counted).
  await page.addInitScript(() => {
    const counter = window as unknown as {routeExpressions: string[]};
    counter.routeExpressions = [];
    const note = (source: unknown) => {
      if (String(source).includes('(?:\\/(?=$))?')) counter.routeExpressions.push(String(source));
    };
    window.RegExp = new Proxy(RegExp, {
      construct: (target, args: [string]) => (note(args[0]), Reflect.construct(target, args)),
      apply: (target, self, args: [string]) => (note(args[0]), Reflect.apply(target, self, args)),
    });
  });
  const compiled = () => page.evaluate(() => (window as unknown as {routeExpressions: string[]}).routeExpressions);
  // An operation page: its route comes after the site's docs and blog routes and most of the API's.
  await openPage(page, '/docs/api/get-dataset');
  // The links in view are prefetched in idle time: their routes are matched once the queue has worked through them.
  await expect
    .poll(() => page.evaluate(() => document.querySelectorAll('link[rel="prefetch"]').length))
    .toBeGreaterThan(5);
  await page.locator('article a[href="/docs/api/objects/dataset"]').first().click();
  await expect(page).toHaveURL(/\/docs\/api\/objects\/dataset$/);
  await expect(page.locator('article h1')).toHaveText('The Dataset object');
  // Without the patch: 331, of which 140 on the way to the operation page (one per route path up to its own).
  expect(await compiled()).toEqual([]);
});

test("route-index: the docs layout renders the page's route alone, not a <Route> for every page of the reference, and a link still opens its page", async ({
  page,
}) => {
  await page.setViewportSize({width: 1280, height: 800});
  await recordReactRoot(page);
  const apiPages = sitemapPaths().filter((path) => path.startsWith('/docs/api/'));
  expect(apiPages.length, 'pages of the API reference').toBeGreaterThan(100);
  await openPage(page, '/docs/api/get-dataset');
  // Without the patch, the list that holds the page's route holds every page of the API reference (one per page).
  const listOf = async (path: string) => (await renderedRouteLists(page)).filter((paths) => paths.includes(path));
  expect(await listOf('/docs/api/get-dataset')).toEqual([['/docs/api/get-dataset']]);
  await page.locator('.theme-doc-sidebar-menu a[href="/docs/api/list-datasets"]').click();
  await expect(page).toHaveURL(/\/docs\/api\/list-datasets$/);
  await expect(page.locator('article h1')).toHaveText('List datasets');
  expect(await listOf('/docs/api/list-datasets')).toEqual([['/docs/api/list-datasets']]);
});

test('sidebar-index: moving to another page, the sidebar compares no path of a page it does not show', async ({
  page,
}) => {
  await page.setViewportSize({width: 1280, height: 800});
  // isSamePath puts a slash at the end of each path it compares, asking `endsWith` first: the paths asked are noted
  // while the reader follows a sidebar link.
  await page.addInitScript(() => {
    const noted = new Set<string>();
    const state = window as unknown as {vigilPathsAsked: Set<string>; vigilNotePaths: boolean};
    state.vigilPathsAsked = noted;
    state.vigilNotePaths = false;
    const endsWith = String.prototype.endsWith;
    String.prototype.endsWith = function (this: string, ...args: [string, number?]) {
      if (state.vigilNotePaths) noted.add(String(this));
      return endsWith.apply(this, args);
    };
  });
  await openPage(page, '/docs/api/get-dataset');
  const linked = async () =>
    page.locator('a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  const shownBefore = await linked();
  await page.evaluate(() => ((window as unknown as {vigilNotePaths: boolean}).vigilNotePaths = true));
  await page.locator('.theme-doc-sidebar-menu a[href="/docs/api/list-datasets"]').click();
  await expect(page).toHaveURL(/\/docs\/api\/list-datasets$/);
  await expect(page.locator('article h1')).toHaveText('List datasets');
  await page.evaluate(() => ((window as unknown as {vigilNotePaths: boolean}).vigilNotePaths = false));
  const shown = new Set([...shownBefore, ...(await linked())]);
  const notShown = sitemapPaths().filter((path) => path.startsWith('/docs/api/') && !shown.has(path));
  // The sidebar's pages in collapsed categories: about a hundred (the whole walk asked about each of them).
  expect(notShown.length).toBeGreaterThan(50);
  const asked = await page.evaluate(() => [...(window as unknown as {vigilPathsAsked: Set<string>}).vigilPathsAsked]);
  expect(notShown.filter((path) => asked.includes(path))).toEqual([]);
});
