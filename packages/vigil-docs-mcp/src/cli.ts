/**
 * vigil-docs-mcp --site <build folder or URL> [--base-path /docs/]
 *
 * An MCP server over stdio for one built Vigil documentation site. It reads only that site (its Markdown
 * versions, its search index and its OpenAPI file): from the folder, or with GET requests to the URL.
 */
import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';
import {SERVER_NAME, SERVER_VERSION, createServer} from './server';
import {DEFAULT_BASE_PATH, openSite} from './site';

const USAGE = `Usage: ${SERVER_NAME} --site <site> [--base-path <path>]

An MCP server (stdio) over a built Vigil documentation site, with the tools
search_docs, read_page, get_operation and list_operations.

  --site <site>       the folder \`npm run build\` wrote (build/), or the URL the site
                      is served at (https://vigil.example/docs/)
  --base-path <path>  the path a folder is served under (default ${DEFAULT_BASE_PATH})
  --help, --version
`;

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index === -1) return undefined;
  const value = args[index + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
  return value;
}

async function main(args: string[]): Promise<void> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(USAGE);
    return;
  }
  if (args.includes('--version')) {
    process.stdout.write(`${SERVER_VERSION}\n`);
    return;
  }
  const unknown = args.filter(
    (arg, index) =>
      arg.startsWith('--') && !['--site', '--base-path'].includes(arg) && args[index - 1] !== '--base-path',
  );
  if (unknown.length > 0) throw new Error(`unknown option ${unknown[0]}`);
  const location = option(args, '--site');
  if (!location) throw new Error('--site is required');
  const site = openSite(location, option(args, '--base-path'));
  const server = createServer(site);
  await server.connect(new StdioServerTransport());
  // Ends when the client closes its end or stops it; `exit` handlers (the search's temporary folder) run.
  process.stdin.on('end', () => process.exit(0));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));
  // Standard output carries the protocol; anything else goes to standard error, which clients log.
  console.error(`${SERVER_NAME} ${SERVER_VERSION}: serving ${site.location} (base path ${site.basePath}) over stdio`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${SERVER_NAME}: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  process.exit(2);
});
