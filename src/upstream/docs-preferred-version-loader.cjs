// Bundle-time patch of the docs plugin's preferred-version provider (see docs-preferred-version.ts).
const ON_MOUNT = '        setState(readStorageState({ allDocsData, versionPersistence, pluginIds }));\n';

module.exports = function docsPreferredVersionLoader(source) {
  if (source.split(ON_MOUNT).length !== 2 || !source.includes('preferredVersionName: null')) {
    throw new Error(
      `${this.resourcePath}: expected the provider to store, on mount, the preferred versions read from storage; @docusaurus/plugin-content-docs changed, review src/upstream/docs-preferred-version.ts`,
    );
  }
  // Storage is read (and a stale entry cleared) in the effect, as before; the updater stays pure and returns the same
  // state object when nothing differs, so React bails out of the update and the context keeps its value.
  return source.replace(
    ON_MOUNT,
    `        const read = readStorageState({ allDocsData, versionPersistence, pluginIds });
        setState((previous) => pluginIds.every((id) => previous[id]?.preferredVersionName === read[id].preferredVersionName) ? previous : read);\n`,
  );
};
