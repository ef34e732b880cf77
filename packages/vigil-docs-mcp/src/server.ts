/** The MCP server: six tools over one built documentation site, the same over stdio and over HTTP. */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {z} from 'zod';
import {CALL_TIME_BUDGET_MS, MAX_ARGUMENT_ELEMENTS, MAX_ARGUMENT_LENGTH, MAX_QUERY_LENGTH} from './limits';
import {findOperation, listOperations, objectMarkdown, operationMarkdown} from './operations';
import {readPage} from './pages';
import {apiChanges} from './changes';
import {SEARCH_SECTIONS, type SearchPool} from './search';
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

/** Why a call was stopped: its time budget was spent. */
class BudgetSpent extends Error {}

/**
 * Runs a tool: what it throws becomes a tool error (`isError`) the client and its model read, never a crash; a
 * site that cannot be read says so with the site named. The tool is given a signal that aborts when the call's
 * time budget is spent or the client cancels it (`cancelled`); past its budget the call answers a tool error at
 * once, whatever the tool is still doing (a search is stopped, a request to the site is cut by its own timeout).
 */
async function tool(
  site: Site,
  cancelled: AbortSignal,
  run: (signal: AbortSignal) => Promise<CallToolResult>,
): Promise<CallToolResult> {
  const stop = new AbortController();
  const seconds = CALL_TIME_BUDGET_MS / 1000;
  const timer = setTimeout(
    () => stop.abort(new BudgetSpent(`The call took longer than its time budget of ${seconds} s and was stopped.`)),
    CALL_TIME_BUDGET_MS,
  );
  const cancel = () => stop.abort(cancelled.reason);
  cancelled.addEventListener('abort', cancel, {once: true});
  const stopped = new Promise<never>((_, reject) =>
    stop.signal.addEventListener('abort', () => reject(stop.signal.reason), {once: true}),
  );
  try {
    return await Promise.race([run(stop.signal), stopped]);
  } catch (error) {
    const message =
      error instanceof ToolInputError
        ? error.message
        : error instanceof BudgetSpent
          ? `${error.message} The server may be busy: try again, with fewer words for a search.`
          : `Could not read the documentation site ${site.location}: ${error instanceof Error ? error.message : String(error)}`;
    return {content: [{type: 'text', text: message}], isError: true};
  } finally {
    clearTimeout(timer);
    cancelled.removeEventListener('abort', cancel);
  }
}

/** A string argument of at most `max` characters; a longer one is a tool error that says so. */
function bounded(what: string, max: number, hint: string) {
  return z.string().max(max, {
    error: (issue) =>
      `The ${what} is ${typeof issue.input === 'string' ? issue.input.length.toLocaleString('en') : 'too many'} characters long; ` +
      `this server takes at most ${max.toLocaleString('en')}. ${hint}`,
  });
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

/** The server for one client (stdio) or one request (stateless HTTP); `searches` runs the searches of all. */
export function createServer(site: Site, searches: SearchPool): McpServer {
  const server = new McpServer(
    {name: SERVER_NAME, version: SERVER_VERSION},
    {
      maxToolInputElements: MAX_ARGUMENT_ELEMENTS,
      instructions:
        'The Vigil documentation (a real-time data observability platform): how-to guides, concepts, datastore and catalog setup, ' +
        'and the REST API reference. Use search_docs to find pages, read_page to read one as Markdown, list_operations, ' +
        'get_operation and get_object for the API reference, and api_changes for what changed in the API.',
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
        query: bounded('query', MAX_QUERY_LENGTH, 'Search for the few words that name what you are after.').describe(
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
    ({query, section, limit}, {signal}) =>
      tool(site, signal, async (stop) =>
        structured({...(await searches.search(query, section, limit ?? DEFAULT_LIMIT, stop))}),
      ),
  );

  server.registerTool(
    'read_page',
    {
      title: 'Read a page of the Vigil docs',
      description:
        'The Markdown version of a page of the Vigil docs (a doc, an API reference page or a blog post), exactly as the site serves it. ' +
        'Give its path (/docs/intro), its URL, or the markdown path a search result gives; /docs/llms.txt is the index of every page.',
      inputSchema: {
        path: bounded('path', MAX_ARGUMENT_LENGTH, 'Give a page path such as /docs/intro.').describe(
          'A page path or URL: /docs/configuring-datastore/snowflake, https://vigil.example/docs/intro, /docs/api/get-dataset.md',
        ),
      },
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    ({path}, {signal}) => tool(site, signal, async () => text((await readPage(site, path)).markdown)),
  );

  server.registerTool(
    'get_operation',
    {
      title: 'Get an operation of the Vigil API',
      description:
        'The Markdown version of an operation of the Vigil REST API reference: method and URL, description, parameters, request body and ' +
        'response fields, and request samples (curl, Python, JavaScript, Go, Java, Ruby). Name it by operationId, or by method and path.',
      inputSchema: {
        operationId: bounded('operationId', MAX_ARGUMENT_LENGTH, 'list_operations lists every operationId.')
          .optional()
          .describe('The operationId, such as getDataset'),
        method: bounded('method', MAX_ARGUMENT_LENGTH, 'Give an HTTP method such as GET.')
          .optional()
          .describe('The HTTP method, such as GET (with path)'),
        path: bounded('path', MAX_ARGUMENT_LENGTH, 'Give a path such as /datasets/{dataset_id}.')
          .optional()
          .describe('The path as in the reference (/datasets/{dataset_id}) or a concrete one (/datasets/ds_1a2b3c4d)'),
      },
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    (query, {signal}) =>
      tool(site, signal, async () => text(await operationMarkdown(site, await findOperation(site, query)))),
  );

  server.registerTool(
    'get_object',
    {
      title: 'Get an object of the Vigil API',
      description:
        'The Markdown version of an object of the Vigil REST API reference (such as Dataset or Datastore): every field with its type, ' +
        'flags, allowed values and limits, the objects it holds linked, an example, and the operations and webhooks that take or return it. ' +
        'get_operation lists two levels of fields and links the objects deeper down: this tool reads them.',
      inputSchema: {
        name: bounded('name', MAX_ARGUMENT_LENGTH, 'Give the name of an object such as Dataset.').describe(
          'The schema name of the object, in any case: Dataset, DatastoreConnection',
        ),
      },
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    ({name}, {signal}) => tool(site, signal, async () => text(await objectMarkdown(site, name))),
  );

  server.registerTool(
    'list_operations',
    {
      title: 'List the operations of the Vigil API',
      description:
        'Every operation of the Vigil REST API, or those of one tag (such as Datasets), with operationId, method, path, summary and page.',
      inputSchema: {
        tag: bounded('tag', MAX_ARGUMENT_LENGTH, 'list_operations without a tag lists them all.')
          .optional()
          .describe('Only the operations of this tag (its name, in any case)'),
      },
      outputSchema: {
        tag: z.string().optional(),
        operations: z.array(operationSummary),
      },
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    ({tag}, {signal}) => tool(site, signal, async () => structured({...(await listOperations(site, tag))})),
  );

  server.registerTool(
    'api_changes',
    {
      title: 'What changed in the Vigil API',
      description:
        "The API changelog, made from the history of the API's OpenAPI description: each commit that changed the API, with its date, " +
        'the description version, and each change (added, changed, deprecated or removed operations, parameters, fields, enum values, ' +
        'responses and security), breaking changes marked, with the pages that show them. Oldest first.',
      inputSchema: {
        since: bounded('since', MAX_ARGUMENT_LENGTH, 'Give a date such as 2026-11-25 or a version such as 1.0.0.')
          .optional()
          .describe(
            'A date (the changes of that day and later) or a version of the description (the changes of later versions); none: all',
          ),
      },
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    ({since}, {signal}) => tool(site, signal, async () => structured({...(await apiChanges(site, since))})),
  );

  return server;
}
