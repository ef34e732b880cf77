// React's own record of what it rendered, read in the page: a stand-in for the React DevTools hook, which React DOM
// (production builds too) tells of every commit. Tests read the committed tree of components and elements from it.
import type {Page} from '@playwright/test';

/** Keeps the page's React root as React commits it (window.vigilReactRoot); call before the page loads. */
export async function recordReactRoot(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.assign(window, {
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        supportsFiber: true,
        isDisabled: false,
        renderers: new Map(),
        inject: () => 1,
        checkDCE: () => {},
        onScheduleFiberRoot: () => {},
        onPostCommitFiberRoot: () => {},
        onCommitFiberRoot: (_id: number, root: unknown) => Object.assign(window, {vigilReactRoot: root}),
      },
    });
  });
}

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
