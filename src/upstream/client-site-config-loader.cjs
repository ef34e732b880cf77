// Bundle-time patch of the site config Docusaurus generates for the browser (see client-site-config.ts).
// No code of the site, the theme or its plugins reads these in the browser; the build reads them from
// docusaurus.config.ts.
const BUILD_ONLY = ['presets', 'plugins', 'themes', 'ssrTemplate'];
const EXPORT = 'export default ';

module.exports = function clientSiteConfigLoader(source) {
  const start = source.indexOf(EXPORT);
  let config;
  try {
    config = JSON.parse(
      source
        .slice(start + EXPORT.length)
        .trim()
        .replace(/;$/, ''),
    );
  } catch {
    config = undefined;
  }
  if (start < 0 || typeof config !== 'object' || config === null || !('themeConfig' in config)) {
    throw new Error(
      `${this.resourcePath}: expected \`export default <the site config as JSON>\`; @docusaurus/core changed, review src/upstream/client-site-config.ts`,
    );
  }
  for (const key of BUILD_ONLY) delete config[key];
  return `${EXPORT}${JSON.stringify(config)};\n`;
};
