// Bundle-time patch of @docusaurus/utils-common's entry module (see utils-common-tslib.ts).
const REQUIRE = /const tslib_1 = require\("tslib"\);\n/;
const DEFAULT = 'tslib_1.__importDefault(applyTrailingSlash_1).default';

module.exports = function utilsCommonTslibLoader(source) {
  if (!REQUIRE.test(source) || !source.includes(DEFAULT) || source.split('tslib_1').length !== 3) {
    throw new Error(
      `${this.resourcePath}: expected tslib used once, for __importDefault of applyTrailingSlash; @docusaurus/utils-common changed, review src/upstream/utils-common-tslib.ts`,
    );
  }
  // applyTrailingSlash.js is compiled with __esModule set, so __importDefault returns the module itself.
  return source.replace(REQUIRE, '').replace(DEFAULT, 'applyTrailingSlash_1.default');
};
