// Bundle-time patch of the docs plugin's sidebar lookups (see sidebar-index.ts): whether a list of items holds
// the page being read is looked up once per list (sidebar-path-lookup.ts) instead of walking every item below it.
const path = require('node:path');
const {markApplied} = require('./applied.cjs');

const HELPER = JSON.stringify(path.join(__dirname, 'sidebar-path-lookup.ts'));

// @docusaurus/plugin-content-docs 3.7.0 (lib/client/docsUtils.js).
const CONTAINS_WALK =
  'const containsActiveSidebarItem = (items, activePath) => items.some((subItem) => isActiveSidebarItem(subItem, activePath));\n';
const CONTAINS_LOOKUP =
  'const containsActiveSidebarItem = (items, activePath) => __vigilSidebarIndex.holdsPath(items, activePath);\n';
// The breadcrumbs descend into every category before the page's; a category whose items do not hold it is skipped.
const BREADCRUMBS_DESCENT = '(isSamePath(item.href, pathname) || extract(item.items))';
const BREADCRUMBS_PRUNED =
  '(isSamePath(item.href, pathname) || (__vigilSidebarIndex.holdsPath(item.items, pathname) && extract(item.items)))';

module.exports = function sidebarIndexLoader(source) {
  for (const anchor of [CONTAINS_WALK, BREADCRUMBS_DESCENT]) {
    if (source.split(anchor).length !== 2) {
      throw new Error(
        `${this.resourcePath}: expected ${JSON.stringify(anchor.trim())} once; @docusaurus/plugin-content-docs changed, review src/upstream/sidebar-index.ts`,
      );
    }
  }
  const server = String(this._compiler?.options?.target ?? '').startsWith('node');
  markApplied(server ? 'sidebar-index (server)' : 'sidebar-index');
  const rewritten = source
    .replace(CONTAINS_WALK, () => CONTAINS_LOOKUP)
    .replace(BREADCRUMBS_DESCENT, () => BREADCRUMBS_PRUNED);
  return `import * as __vigilSidebarIndex from ${HELPER};\n${rewritten}`;
};
