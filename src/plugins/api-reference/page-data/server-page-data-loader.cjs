// The server bundle's module for a page's data (`<page>.page.js`, written by ../files.ts): a reader of the file, not
// the data. The server bundle renders every page in one process and keeps every module it loaded until the last
// page is written: with the data in it, each page's data stayed in memory after its page was written, as the text of
// the bundle and as the objects parsed from it (34 MB of data modules on a description of 1,000 operations). The
// reader parses the file when the page renders (pageDataOf, in the page's component), and the data goes with the
// render. The browser's bundle keeps the module as written: there, a reader would be a request.
'use strict';

const path = require('node:path');
const {isPageDataModule} = require('./page-data-file.cjs');

const READER = path.join(__dirname, 'page-data-file.cjs');

module.exports = function serverPageDataLoader(source) {
  if (!isPageDataModule(source))
    throw new Error(`${this.resourcePath}: not a page's data module as the API reference writes it`);
  return [
    `import {readPageData} from ${JSON.stringify(READER)};`,
    `export default {readPageData: () => readPageData(${JSON.stringify(this.resourcePath)})};`,
    '',
  ].join('\n');
};
