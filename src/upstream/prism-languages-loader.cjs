// The Prism grammars of config/code-languages.ts, in dependency order, read from the `prismjs` package, for the
// build-time highlighter (src/plugins/static-code-blocks.ts). Since no bundle has Prism any more, this is all that
// remains of the loader that replaced prism-react-renderer's bundled grammars (src/upstream/README.md).
const {readFileSync} = require('node:fs');
const prismComponents = require('prismjs/components.json');
const prismDependencies = require('prismjs/dependencies');

/**
 * The source that adds `languages` (Prism ids) and the grammars they need, in dependency order, to the
 * variable `Prism`. Each grammar file of the `prismjs` package runs with that variable as its `Prism`.
 */
function grammarsSource(languages) {
  const unknown = languages.filter((id) => !prismComponents.languages[id]);
  if (unknown.length > 0) {
    throw new Error(
      `config/code-languages.ts: ${unknown.join(', ')} is not a Prism language id (see prismjs/components.json)`,
    );
  }
  const ids = prismDependencies(prismComponents, [...languages]).getIds();
  return ids
    .map((id) => {
      const file = require.resolve(`prismjs/components/prism-${id}.js`);
      return `// prismjs: ${id}\n(function (Prism) {\n${readFileSync(file, 'utf8')}\n})(Prism);\n`;
    })
    .join('');
}

module.exports = {grammarsSource};
