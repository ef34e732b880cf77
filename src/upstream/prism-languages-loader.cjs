// Bundle-time replacement of prism-react-renderer's grammars and code themes (see prism-languages.ts).
const {readFileSync} = require('node:fs');
const prismComponents = require('prismjs/components.json');
const prismDependencies = require('prismjs/dependencies');

// prism-react-renderer 2.x: its Prism instance, then the grammars, then the code themes, then the components.
const GRAMMARS_START = '// src/prism-langs.ts\nvar Prism = __toESM(require_prism());\n';
const THEMES_START = '\n// src/themes/index.ts\n';
const THEMES_END = '\n// src/index.ts\n';

// The site's code themes are configuration (docusaurus.config.ts, serialized into the site config), so the
// 20 themes of the package stay out of the bundle. The two names the rest of the module uses remain bound;
// reading a theme from the package in the browser fails loudly instead of highlighting with nothing.
const THEMES_REPLACEMENT = `
// src/themes/index.ts: not bundled (src/upstream/prism-languages.ts)
var themes_exports = new Proxy({}, {
  get(_themes, name) {
    throw new Error("prism-react-renderer's theme " + String(name) + " is not bundled: set code themes in docusaurus.config.ts (src/upstream/prism-languages.ts)");
  },
});
var vsDark_default = undefined;
`;

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

/** Where `start` begins in `source` and where the next `end` after it begins, or an error naming what is missing. */
function section(source, resourcePath, start, end, from = 0) {
  const begin = source.indexOf(start, from);
  const finish = begin === -1 ? -1 : source.indexOf(end, begin + start.length);
  if (begin === -1 || finish === -1) {
    throw new Error(
      `${resourcePath}: expected a section from "${start.trim()}" to "${end.trim()}"; prism-react-renderer changed, review src/upstream/prism-languages.ts`,
    );
  }
  return {begin, finish};
}

function replaceGrammarsAndThemes(source, resourcePath, languages) {
  const grammars = section(source, resourcePath, GRAMMARS_START, THEMES_START);
  const themes = section(source, resourcePath, THEMES_START, THEMES_END, grammars.finish);
  return (
    source.slice(0, grammars.begin) +
    GRAMMARS_START +
    grammarsSource(languages) +
    THEMES_REPLACEMENT +
    source.slice(themes.finish)
  );
}

module.exports = function prismLanguagesLoader(source) {
  const {languages} = this.getOptions();
  return replaceGrammarsAndThemes(source, this.resourcePath, languages);
};
module.exports.grammarsSource = grammarsSource;
