// The API theme's storage helpers import all of crypto-js for one function, SHA1. Bundled in its place for
// those helpers (see crypto-js-sha1.ts), this keeps the rest of crypto-js out of API pages.
module.exports = {SHA1: require('crypto-js/sha1')};
