// @ts-check
// The path the site is served under (Docusaurus `baseUrl`), written once. CommonJS, so that every reader loads
// this one file: the site configuration (config/site-constants.ts), the build tools and scripts (Node runs them
// as they are, without compiling TypeScript) and the tests. deploy/nginx.conf is a static file: a unit test
// (tests/unit/site-config.spec.ts) checks that it serves this path.

/** The path the site is served under, with a slash at each end. */
const BASE_URL = '/docs/';

module.exports = {BASE_URL};
