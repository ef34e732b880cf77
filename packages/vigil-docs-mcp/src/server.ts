/** The MCP server: four tools over one built documentation site. */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {z} from 'zod';
import {findOperation, listOperations, operationMarkdown} from './operations';
import {readPage} from './pages';
import {SEARCH_SECTIONS, searchDocs} from './search';
import {ToolInputError, type Site} from './site';

export const SERVER_NAME = 'vigil-docs-mcp';
export const SERVER_VERSION = '1.0.0';

/** How many results search_docs gives unless asked: what the search page shows at a time. */
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 50;

function text(value: string): CallToolResult {
  return {content: [{type: 'text', text: value}]};
}

/** A result with structured content, and the same as JSON text for clients that read text only. */
function structured(value: Record<string, unknown>): CallToolResult {
  return {content: [{type: 'text', text: JSON.stringify(value, null, 2)}], structuredContent: value};
}

/**
 * Runs a tool: what it throws becomes a tool error (`isError`) the client and its model read, never a
 * crash; a site that cannot be read says so with the site named.
 */
async function tool(site: Site, run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    const message =
      error instanceof ToolInputError
        ? error.message
        : `Could not read the documentation site ${site.location}: ${error instanceof Error ? error.message : String(error)}`;
    return {content: [{type: 'text', text: message}], isError: true};
  }
}

const searchResult = z.object({
  url: z.string().describe("The page's path on the site"),
  title: z.string(),
  section: z.enum(SEARCH_SECTIONS),
  heading: z.string().optional().describe('The heading of the page the match is under'),
  headingUrl: z.string().optional(),
  excerpt: z.string().describe('Text around the match, the matched words in **bold**'),
  markdown: z.string().describe("The path of the page's Markdown version, for read_page"),
});

const operationSummary = z.object({
  operationId: z.string(),
  method: z.string(),
  path: z.string(),
  summary: z.string(),
  tag: z.string(),
  url: z.string().describe("The operation's page on the site"),
  markdown: z.string().describe("The path of the page's Markdown version, what get_operation returns"),
});

export function createServer(site: Site): McpServer {
  const server = new McpServer(
    {name: SERVER_NAME, version: SERVER_VERSION},
    {
      instructions:
        'The Vigil documentation (a real-time data observability platform): how-to guides, concepts, datastore and catalog setup, ' +
        'and the REST API reference. Use search_docs to find pages, read_page to read one as Markdown, and list_operations and ' +
        'get_operation for the API reference.',
    },
  );

  server.registerTool(
    'search_docs',
    {
      title: 'Search the Vigil docs',
      description:
        "Searches the Vigil documentation with the site's own search: the same results, in the same order, as the search box of the site. " +
        'Each result has the page path, title, section (Docs, API or Blog), the heading matched, an excerpt, and the path of its Markdown version for read_page.',
      inputSchema: {
        query: z
          .string()
          .describe(
            'Words or a question, as typed into the search box: "snowflake grants", "how do i rotate an api token"',
          ),
        section: z.enum(SEARCH_SECTIONS).optional().describe('Only results of this section'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(MAX_LIMIT)
          .optional()
          .describe(`How many results at most (default ${DEFAULT_LIMIT})`),
      },
      outputSchema: {
        query: z.string(),
        corrected: z.string().optional().describe('The query as searched, when a misspelt word was corrected'),
        count: z.number().describe('How many pages the search found'),
        results: z.array(searchResult),
      },
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    ({query, section, limit}) =>
      tool(site, async () => structured({...(await searchDocs(site, query, section, limit ?? DEFAULT_LIMIT))})),
  );

  server.registerTool(
    'read_page',
    {
      title: 'Read a page of the Vigil docs',
      description:
        'The Markdown version of a page of the Vigil docs (a doc, an API reference page or a blog post), exactly as the site serves it. ' +
        'Give its path (/docs/intro), its URL, or the markdown path a search result gives; /docs/llms.txt is the index of every page.',
      inputSchema: {
        path: z
          .string()
          .describe(
            'A page path or URL: /docs/configuring-datastore/snowflake, https://vigil.example/docs/intro, /docs/api/get-dataset.md',
          ),
      },
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    ({path}) => tool(site, async () => text((await readPage(site, path)).markdown)),
  );

  server.registerTool(
    'get_operation',
    {
      title: 'Get an operation of the Vigil API',
      description:
        'The Markdown version of an operation of the Vigil REST API reference: method and URL, description, parameters, request body and ' +
        'response fields, and request samples (curl, Python, JavaScript, Go, Java, Ruby). Name it by operationId, or by method and path.',
      inputSchema: {
        operationId: z.string().optional().describe('The operationId, such as getDataset'),
        method: z.string().optional().describe('The HTTP method, such as GET (with path)'),
        path: z
          .string()
          .optional()
          .describe('The path as in the reference (/datasets/{dataset_id}) or a concrete one (/datasets/ds_1a2b3c4d)'),
      },
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    (query) => tool(site, async () => text(await operationMarkdown(site, await findOperation(site, query)))),
  );

  server.registerTool(
    'list_operations',
    {
      title: 'List the operations of the Vigil API',
      description:
        'Every operation of the Vigil REST API, or those of one tag (such as Datasets), with operationId, method, path, summary and page.',
      inputSchema: {
        tag: z.string().optional().describe('Only the operations of this tag (its name, in any case)'),
      },
      outputSchema: {
        tag: z.string().optional(),
        operations: z.array(operationSummary),
      },
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    ({tag}) => tool(site, async () => structured({...(await listOperations(site, tag))})),
  );

  return server;
}
