// Bundle-time guard for the API theme's code samples (see code-samples-storage-guard.ts).
const UNGUARDED_READ = 'localStorage.getItem("docusaurus.tab.code-samples")';
const GUARDED_READ =
  '(function () { try { return window.localStorage.getItem("docusaurus.tab.code-samples"); } catch (error) { return null; } })()';

module.exports = function guardCodeSamplesStorage(source) {
  if (!source.includes(UNGUARDED_READ)) {
    throw new Error(
      `${this.resourcePath}: expected the read ${UNGUARDED_READ} to guard; the API theme changed, review src/upstream/code-samples-storage-guard.ts`,
    );
  }
  return source.split(UNGUARDED_READ).join(GUARDED_READ);
};
