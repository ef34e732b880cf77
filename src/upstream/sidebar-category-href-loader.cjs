// Bundle-time patch of theme-classic's sidebar category (see sidebar-category-href.ts).
const HOOK = 'function useCategoryHrefWithSSRFallback(item) {\n  const isBrowser = useIsBrowser();\n';
const RETURNS_OWN_LINK = 'if (item.href && !item.linkUnlisted) {\n      return item.href;\n    }';

module.exports = function sidebarCategoryHrefLoader(source) {
  if (source.split(HOOK).length !== 2 || !source.includes(RETURNS_OWN_LINK)) {
    throw new Error(
      `${this.resourcePath}: expected useCategoryHrefWithSSRFallback to read useIsBrowser and return a category's own link first; @docusaurus/theme-classic changed, review src/upstream/sidebar-category-href.ts`,
    );
  }
  // useContext keeps no state of its own: calling it for some categories only changes no other hook's order. A
  // category that does not call it does not depend on the context, so hydration's change of it skips that category.
  return source.replace(
    HOOK,
    'function useCategoryHrefWithSSRFallback(item) {\n  const isBrowser = item.href && !item.linkUnlisted ? true : useIsBrowser();\n',
  );
};
