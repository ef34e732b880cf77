// Whether a list of sidebar items holds the page being read, anywhere below it, by a lookup instead of a walk
// (sidebar-index-loader.cjs calls it from the docs plugin's client; sidebar-index.ts says why).

type SidebarItem = {type: string; href?: string; items?: readonly SidebarItem[]};

/** theme-common's isSamePath compares two paths by this form: a slash at the end added, all letters lower-cased. */
function samePathForm(path: string | undefined): string | undefined {
  return (!path || path.endsWith('/') ? path : `${path}/`)?.toLowerCase();
}

/** The compared form of every link and category link under each list, made the first time the list is asked about. */
const pathsUnder = new WeakMap<readonly SidebarItem[], Set<string | undefined>>();

function collectPaths(items: readonly SidebarItem[], paths: Set<string | undefined>): void {
  for (const item of items) {
    if (item.type !== 'link' && item.type !== 'category') continue;
    if (typeof item.href !== 'undefined') paths.add(samePathForm(item.href));
    if (item.type === 'category' && item.items) collectPaths(item.items, paths);
  }
}

/**
 * Whether a link or a category link in `items` or under it is the page at `activePath` (the answer of the docs
 * plugin's `containsActiveSidebarItem`, which walks every item below for each category the sidebar renders).
 */
export function holdsPath(items: readonly SidebarItem[], activePath: string | undefined): boolean {
  let paths = pathsUnder.get(items);
  if (paths === undefined) {
    paths = new Set();
    collectPaths(items, paths);
    pathsUnder.set(items, paths);
  }
  return activePath !== undefined && paths.has(samePathForm(activePath));
}
