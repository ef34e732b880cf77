// A page's data module as ../files.ts writes it, `export default JSON.parse(<the data's JSON as a JSON string>);`,
// read on the server: by the loader (server-page-data-loader.cjs), which checks a module's form when it bundles it,
// and by the reader it writes in its place, which parses the file when the page renders.
'use strict';

const {readFileSync} = require('node:fs');

const PAGE_DATA_MODULE = /^export default JSON\.parse\(("(?:[^"\\\n]|\\.)*")\);\n?$/s;

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

module.exports = {isPageDataModule, readPageData};
