// Bundle-time replacement of @docusaurus/theme-classic's prism-include-languages client module (see prism-languages.ts).
const EXPECTED = [
  "import { Prism } from 'prism-react-renderer';",
  "import prismIncludeLanguages from '@theme/prism-include-languages';",
  'prismIncludeLanguages(Prism);',
];

module.exports = function prismIncludeLanguagesLoader(source) {
  const {additionalLanguages} = this.getOptions();
  const missing = EXPECTED.filter((line) => !source.includes(line));
  if (missing.length > 0) {
    throw new Error(
      `${this.resourcePath}: expected ${missing.join(' ')}; @docusaurus/theme-classic changed, review src/upstream/prism-languages.ts`,
    );
  }
  if (additionalLanguages.length > 0) {
    throw new Error(
      `themeConfig.prism.additionalLanguages (${additionalLanguages.join(', ')}) is not supported: add languages to config/code-languages.ts (src/upstream/prism-languages.ts)`,
    );
  }
  return '// @docusaurus/theme-classic prism-include-languages: nothing to include (src/upstream/prism-languages.ts)\nexport {};\n';
};
