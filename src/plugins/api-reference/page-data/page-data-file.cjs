// A page's data module, `export default JSON.parse(<the data's JSON as a JSON string>);`: written by ../files.ts
// beside the page's MDX (one string literal to the bundler's parser, where a .json module would be a tree of values in
// its memory), and read on the server: by the loader (server-page-data-loader.cjs), which checks a module's form when
// it bundles it, and by the reader it writes in its place, which parses the file when the page renders.
'use strict';

const {readFileSync} = require('node:fs');

const PAGE_DATA_MODULE = /^export default JSON\.parse\(("(?:[^"\\\n]|\\.)*")\);\n?$/s;

/** The text of a page's data module holding `data`. */
function pageDataModuleText(data) {
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(data))});\n`;
}

/** Whether a module's text is a page's data module as ../files.ts writes it. */
function isPageDataModule(source) {
  return PAGE_DATA_MODULE.test(source);
}

/** The data of the page's data module at `file`, or an error naming the file. */
function readPageData(file) {
  const match = PAGE_DATA_MODULE.exec(readFileSync(file, 'utf8'));
  if (!match) throw new Error(`${file}: not a page's data module as the API reference writes it`);
  return JSON.parse(JSON.parse(match[1]));
}

module.exports = {isPageDataModule, pageDataModuleText, readPageData};
