#!/usr/bin/env node
'use strict';
// The command: the compiled server (`npm install` in this folder builds it into dist/).
try {
  require.resolve('../dist/packages/vigil-docs-mcp/src/cli.js');
} catch {
  process.stderr.write(
    `vigil-docs-mcp is not built: run \`npm install\` in ${require('node:path').resolve(__dirname, '..')}\n`,
  );
  process.exit(2);
}
require('../dist/packages/vigil-docs-mcp/src/cli.js');
