import type {Page} from '@playwright/test';

/**
 * What scrolls sideways on the page: the document itself (with the outermost elements that stick out, to name the
 * culprit), and any element that scrolls sideways without saying so. A code block may scroll; anything else that
 * scrolls must be a region with a name a keyboard can focus (a diagram wider than the column).
 */
export async function sidewaysScrolling(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
        typeof element.className === 'string' && element.className
          ? `.${element.className.trim().split(/\s+/).join('.')}`
          : ''
      }`;
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      const outermost = [...document.body.querySelectorAll('*')].filter((element) => {
        if (element.getBoundingClientRect().right <= root.clientWidth + 0.5) return false;
        const parent = element.parentElement;
        return !parent || parent.getBoundingClientRect().right <= root.clientWidth + 0.5;
      });
      found.push(
        `the page is ${root.scrollWidth - root.clientWidth} px wider than the window: ${outermost
          .slice(0, 3)
          .map(describe)
          .join(', ')}`,
      );
    }
    for (const element of document.body.querySelectorAll('*')) {
      if (element.scrollWidth <= element.clientWidth + 1) continue;
      const {overflowX} = getComputedStyle(element);
      if (overflowX !== 'auto' && overflowX !== 'scroll') continue;
      // A code block may scroll; so may a tab list (the API samples' languages), whose every tab the keyboard
      // reaches and the browser scrolls into view; the menu's panels slide sideways.
      if (element.closest('pre') || element.closest('.navbar-sidebar') || element.getAttribute('role') === 'tablist')
        continue;
      const saysItScrolls =
        element.getAttribute('role') === 'region' &&
        Boolean(element.getAttribute('aria-label')) &&
        element.getAttribute('tabindex') === '0';
      if (!saysItScrolls)
        found.push(`${describe(element)} scrolls sideways without being a labelled, focusable region`);
    }
    return found;
  });
}
