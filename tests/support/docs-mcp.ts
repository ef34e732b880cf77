/**
 * The docs MCP server (packages/vigil-docs-mcp) started as an MCP client starts it: its command over stdio,
 * driven by the official SDK's Client and StdioClientTransport. The SDK is the package's own dependency (its
 * own package-lock.json, installed by the test command), loaded from the package's folder.
 */
import {existsSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';

export const DOCS_MCP_PACKAGE = path.resolve('packages/vigil-docs-mcp');
/** The package's `bin`, as `npx vigil-docs-mcp` runs it. */
export const DOCS_MCP_BIN = path.join(DOCS_MCP_PACKAGE, 'bin/vigil-docs-mcp.js');

export interface ToolResult {
  content: Array<{type: string; text?: string}>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export interface ListedTool {
  name: string;
  description?: string;
  inputSchema: {type: string; properties?: Record<string, {type?: string; enum?: string[]}>; required?: string[]};
  outputSchema?: {type: string; properties?: Record<string, unknown>};
}

export interface DocsMcpClient {
  listTools(): Promise<{tools: ListedTool[]}>;
  callTool(request: {name: string; arguments?: Record<string, unknown>}): Promise<ToolResult>;
  close(): Promise<void>;
  /** What the server wrote to standard error (its log). */
  log(): string;
}

/** The text of a tool result's first content block. */
export function resultText(result: ToolResult): string {
  const [first] = result.content;
  if (first?.type !== 'text' || typeof first.text !== 'string')
    throw new Error(`not a text result: ${JSON.stringify(result).slice(0, 200)}`);
  return first.text;
}

/** Starts `vigil-docs-mcp --site <site>` and connects an SDK client to it over stdio. */
export async function startDocsMcp(site: string): Promise<DocsMcpClient> {
  if (!existsSync(path.join(DOCS_MCP_PACKAGE, 'dist')) || !existsSync(path.join(DOCS_MCP_PACKAGE, 'node_modules'))) {
    throw new Error(
      `the docs MCP server is not installed: run \`npm install --no-audit --no-fund\` in ${DOCS_MCP_PACKAGE} (the test command does)`,
    );
  }
  const load = createRequire(path.join(DOCS_MCP_PACKAGE, 'package.json'));
  const {Client} = load('@modelcontextprotocol/sdk/client/index.js');
  const {StdioClientTransport} = load('@modelcontextprotocol/sdk/client/stdio.js');
  const client = new Client({name: 'vigil-docs-tests', version: '1.0.0'});
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [DOCS_MCP_BIN, '--site', site],
    stderr: 'pipe',
  });
  let log = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString('utf8');
  });
  await client.connect(transport);
  return {
    listTools: () => client.listTools(),
    callTool: (request) => client.callTool(request),
    close: () => client.close(),
    log: () => log,
  };
}
