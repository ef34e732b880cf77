// Bundle-time patch of the registry Docusaurus generates, in the browser bundle (see registry-module-paths.ts).
// codegenRoutes.js writes each chunk as
//   "<chunk>": [() => import(/* webpackChunkName: "<chunk>" */ "<path>"), "<path>", require.resolveWeak("<path>")],
// with the module's path escaped for a double-quoted string.
const ENTRY =
  /(\[\(\) => import\(\/\* webpackChunkName: "[^"\n]*" \*\/ ("(?:[^"\\\n]|\\.)*")\), )\2(, require\.resolveWeak\(\2\)\])/g;

module.exports = function registryModulePathsLoader(source) {
  const chunks = source.match(/^ {2}"[^"\n]*": \[/gm)?.length ?? 0;
  const patched = source.replace(ENTRY, '$1""$3');
  const emptied = patched.match(/, "", require\.resolveWeak\(/g)?.length ?? 0;
  if (chunks === 0 || emptied !== chunks) {
    throw new Error(
      `${this.resourcePath}: expected each of its ${chunks} chunks written as [() => import(/* webpackChunkName */ "<path>"), "<path>", require.resolveWeak("<path>")] (${emptied} were); @docusaurus/core changed, review src/upstream/registry-module-paths.ts`,
    );
  }
  return patched;
};
