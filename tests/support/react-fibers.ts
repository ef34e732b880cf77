// React's own record of what it rendered, read in the page: a stand-in for the React DevTools hook, which React DOM
// (production builds too) tells of every commit. Tests read the committed tree of components and elements from it.
import type {Page} from '@playwright/test';

/**
 * How many elements and text nodes inside the elements `selector` matches React holds in its tree (what it
 * rendered or hydrated there); the matched elements themselves are not counted.
 */
export async function reactNodesInside(page: Page, selector: string): Promise<number> {
  return page.evaluate((within) => {
    type Fiber = {tag: number; stateNode: unknown; child: Fiber | null; sibling: Fiber | null};
    const root = (window as unknown as {vigilReactRoot?: {current: Fiber}}).vigilReactRoot;
    if (!root) throw new Error('React committed no tree: was recordReactRoot called before the page loaded?');
    let count = 0;
    const stack: Fiber[] = [root.current];
    while (stack.length) {
      const fiber = stack.pop()!;
      // 5: an element, 6: a text node.
      if ((fiber.tag === 5 || fiber.tag === 6) && fiber.stateNode instanceof Node) {
        if (fiber.stateNode.parentElement?.closest(within)) count += 1;
      }
      if (fiber.sibling) stack.push(fiber.sibling);
      if (fiber.child) stack.push(fiber.child);
    }
    return count;
  }, selector);
}

/** An element whose component rendered again, by its first link (itself, if it is one): text and `href` attribute. */
export type RerenderedLink = {text: string; href: string | null};

/**
 * Installs the stand-in for the DevTools hook before the page loads. It keeps the page's React root as React commits
 * it (window.vigilReactRoot). With `rerendersOf`, it also records, for each commit after the first (the hydration),
 * the elements matching that selector whose component rendered again (window.vigilRerendered): the component whose
 * first element is one of them, found as React DevTools finds what rendered (a function component marked as having
 * done work, in a part of the tree the commit changed), each described by its first link.
 */
async function installDevtoolsHook(page: Page, rerendersOf: string | null): Promise<void> {
  await page.addInitScript((match) => {
    type Fiber = {
      tag: number;
      flags: number;
      stateNode: unknown;
      child: Fiber | null;
      sibling: Fiber | null;
      alternate: Fiber | null;
    };
    const FUNCTION_COMPONENTS = new Set([0, 11, 14, 15]);
    const PERFORMED_WORK = 1;
    const rerendered: Array<Array<{text: string; href: string | null}>> = [];
    let commits = 0;
    const firstElement = (fiber: Fiber): Element | null => {
      for (let child = fiber.child; child; child = child.child) {
        if (child.tag === 5) return child.stateNode instanceof Element ? child.stateNode : null;
      }
      return null;
    };
    const walk = (first: Fiber | null, selector: string, found: Array<{text: string; href: string | null}>) => {
      for (let fiber = first; fiber; fiber = fiber.sibling) {
        if (FUNCTION_COMPONENTS.has(fiber.tag) && fiber.flags & PERFORMED_WORK) {
          const element = firstElement(fiber);
          if (element?.matches(selector)) {
            const link = element.matches('a') ? element : element.querySelector('a');
            found.push({text: link?.textContent ?? '', href: link?.getAttribute('href') ?? null});
          }
        }
        if (fiber.child && (!fiber.alternate || fiber.alternate.child !== fiber.child))
          walk(fiber.child, selector, found);
      }
    };
    Object.assign(window, {
      ...(match === null ? {} : {vigilRerendered: rerendered}),
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        supportsFiber: true,
        isDisabled: false,
        renderers: new Map(),
        inject: () => 1,
        checkDCE: () => {},
        onScheduleFiberRoot: () => {},
        onPostCommitFiberRoot: () => {},
        onCommitFiberRoot: (_id: number, root: {current: Fiber}) => {
          Object.assign(window, {vigilReactRoot: root});
          commits += 1;
          if (match === null || commits === 1) return;
          const found: Array<{text: string; href: string | null}> = [];
          walk(root.current.child, match, found);
          rerendered.push(found);
        },
      },
    });
  }, rerendersOf);
}

/** Keeps the page's React root as React commits it (window.vigilReactRoot); call before the page loads. */
export async function recordReactRoot(page: Page): Promise<void> {
  await installDevtoolsHook(page, null);
}

/**
 * Records, for each commit React makes after the first (the hydration), the elements matching `selector` whose
 * component rendered again, each by its first link (`RerenderedLink`); `rerenderedAfterHydration` reads them. Call
 * before the page loads.
 */
export async function recordRerenders(page: Page, selector: string): Promise<void> {
  await installDevtoolsHook(page, selector);
}

/** What `recordRerenders` recorded, commit by commit after the hydration. */
export async function rerenderedAfterHydration(page: Page): Promise<RerenderedLink[][]> {
  return page.evaluate(() => {
    const commits = (window as unknown as {vigilRerendered?: RerenderedLink[][]}).vigilRerendered;
    if (!commits) throw new Error('recordRerenders was not called before the page loaded');
    return commits;
  });
}

/**
 * The lists of routes the page's committed tree renders, each as its paths: a `<Switch>` of react-router-config's
 * `renderRoutes` holds one `<Route>` element per route it is given (with `path` and `render` props). Needs
 * `recordReactRoot` before the page loads.
 */
export async function renderedRouteLists(page: Page): Promise<string[][]> {
  return page.evaluate(() => {
    type Element = {props?: {path?: unknown; render?: unknown}};
    type Fiber = {memoizedProps: {children?: unknown} | null; child: Fiber | null; sibling: Fiber | null};
    const root = (window as unknown as {vigilReactRoot?: {current: Fiber}}).vigilReactRoot;
    if (!root) throw new Error('React committed no tree: was recordReactRoot called before the page loaded?');
    const lists: string[][] = [];
    const stack: Fiber[] = [root.current];
    while (stack.length) {
      const fiber = stack.pop()!;
      const children = fiber.memoizedProps?.children;
      if (
        Array.isArray(children) &&
        children.length > 0 &&
        children.every(
          (child: Element) => typeof child?.props?.path === 'string' && typeof child.props.render === 'function',
        )
      )
        lists.push(children.map((child: Element) => child.props!.path as string));
      if (fiber.sibling) stack.push(fiber.sibling);
      if (fiber.child) stack.push(fiber.child);
    }
    return lists;
  });
}
