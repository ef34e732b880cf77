/** The MCP server: six tools over one built documentation site, the same over stdio and over HTTP. */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import type {Transport} from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  isJSONRPCRequest,
  type CallToolResult,
  type JSONRPCRequest,
} from '@modelcontextprotocol/sdk/types.js';
import {z} from 'zod';
import {
  CALL_TIME_BUDGET_MS,
  DEFAULT_CHANGES_LIMIT,
  MAX_ANSWER_BYTES,
  MAX_ARGUMENT_ELEMENTS,
  MAX_ARGUMENT_LENGTH,
  MAX_CHANGES_LIMIT,
  MAX_QUERY_LENGTH,
} from './limits';
import {findOperation, listOperations, objectMarkdown, operationMarkdown} from './operations';
import {readPage} from './pages';
import {apiChanges} from './changes';
import {SEARCH_SECTIONS, type SearchPool} from './search';
import {ToolInputError, quoted, type Site} from './site';

export const SERVER_NAME = 'vigil-docs-mcp';
export const SERVER_VERSION = '1.0.0';

/** How many results search_docs gives unless asked: what the search page shows at a time. */
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 50;

/**
 * Every tool createServer registers, in the order tools/list gives them: a call of any other name is answered
 * -32602 before the SDK sees it (connectServer).
 */
export const TOOL_NAMES = [
  'search_docs',
  'read_page',
  'get_operation',
  'get_object',
  'list_operations',
  'api_changes',
] as const;

/**
 * A text result: a page's Markdown (`source`, its path on the site), cut at MAX_ANSWER_BYTES with a note that says
 * so and where the whole page is.
 */
export function text(value: string, source: string): CallToolResult {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length <= MAX_ANSWER_BYTES) return {content: [{type: 'text', text: value}]};
  const note =
    `\n\n[Cut: this page's Markdown is ${bytes.length.toLocaleString('en')} bytes, and this server answers at most ` +
    `${MAX_ANSWER_BYTES.toLocaleString('en')}. The whole page is ${source} on the site.]\n`;
  // Cut on a character's first byte, never inside one.
  let end = MAX_ANSWER_BYTES - Buffer.byteLength(note);
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end -= 1;
  return {content: [{type: 'text', text: `${bytes.subarray(0, end).toString('utf8')}${note}`}]};
}

/**
 * A result with structured content, and the same as JSON text for clients that read text only; one over
 * MAX_ANSWER_BYTES is a tool error that says how to ask for less.
 */
function structured(value: Record<string, unknown>, less: string): CallToolResult {
  const json = JSON.stringify(value, null, 2);
  const bytes = Buffer.byteLength(json);
  if (bytes > MAX_ANSWER_BYTES) {
    throw new ToolInputError(
      `The answer would be ${bytes.toLocaleString('en')} bytes; this server answers at most ` +
        `${MAX_ANSWER_BYTES.toLocaleString('en')}. ${less}`,
    );
  }
  return {content: [{type: 'text', text: json}], structuredContent: value};
}

/** Why a call was stopped: its time budget was spent. */
class BudgetSpent extends Error {}

/**
 * Runs a tool: what it throws becomes a tool error (`isError`) the client and its model read, never a crash. A
 * ToolInputError says what is wrong with the arguments; any other error is the server's (a site it cannot read):
 * the client is told so, and the log, not the client, gets its message (which may name the server's folders). The
 * tool is given a signal that aborts when the call's time budget is spent or the client cancels it (`cancelled`);
 * past its budget the call answers a tool error at once, whatever the tool is still doing (a search is stopped, a
 * request to the site is cut by its own timeout).
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
    let message: string;
    if (error instanceof ToolInputError) {
      message = error.message;
    } else if (error instanceof BudgetSpent) {
      message = `${error.message} The server may be busy: try again, with fewer words for a search.`;
    } else {
      process.stderr.write(
        `vigil-docs-mcp: could not read the site ${site.location}: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      message =
        'The server could not read its documentation site: a fault of the server, not of the arguments. Try again later.';
    }
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

/**
 * The server for one client (stdio) or one request (stateless HTTP); `searches` runs the searches of all, serving
 * the clients in turn: `client` names the one this server answers (its address over HTTP).
 */
export function createServer(site: Site, searches: SearchPool, client = ''): McpServer {
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
        structured(
          {...(await searches.search(query, section, limit ?? DEFAULT_LIMIT, stop, client))},
          'Ask for fewer results (limit).',
        ),
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
    ({path}, {signal}) =>
      tool(site, signal, async () => {
        const page = await readPage(site, path);
        return text(page.markdown, page.path);
      }),
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
      tool(site, signal, async () => {
        const operation = await findOperation(site, query);
        return text(await operationMarkdown(site, operation), operation.markdown);
      }),
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
    ({name}, {signal}) =>
      tool(site, signal, async () => {
        const object = await objectMarkdown(site, name);
        return text(object.markdown, object.path);
      }),
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
    ({tag}, {signal}) =>
      tool(site, signal, async () =>
        structured({...(await listOperations(site, tag))}, 'Ask for the operations of one tag.'),
      ),
  );

  server.registerTool(
    'api_changes',
    {
      title: 'What changed in the Vigil API',
      description:
        "The API changelog, made from the history of the API's OpenAPI description: each commit that changed the API, with its date, " +
        'the description version, and each change (added, changed, deprecated or removed operations, parameters, fields, enum values, ' +
        'responses and security), breaking changes marked, with the pages that show them. Oldest first: the newest entries ' +
        `of the range asked for (${DEFAULT_CHANGES_LIMIT} unless asked, and as many as fit in one answer); leftOut gives ` +
        'the until that gives the older ones.',
      inputSchema: {
        since: bounded('since', MAX_ARGUMENT_LENGTH, 'Give a date such as 2026-11-25 or a version such as 1.0.0.')
          .optional()
          .describe(
            'A date (the changes of that day and later), a version of the description (the changes of later versions) or a commit (the changes after it); none: from the first',
          ),
        until: bounded('until', MAX_ARGUMENT_LENGTH, 'Give a date such as 2026-11-25 or the commit leftOut names.')
          .optional()
          .describe(
            'A date (the changes before that day), a version (the changes of earlier versions) or a commit (the changes before it, as leftOut gives); none: to the last',
          ),
        limit: z
          .number()
          .int()
          .min(1)
          .max(MAX_CHANGES_LIMIT)
          .optional()
          .describe(`How many entries at most, the newest of the range (default ${DEFAULT_CHANGES_LIMIT})`),
      },
      annotations: {readOnlyHint: true, openWorldHint: false},
    },
    ({since, until, limit}, {signal}) =>
      tool(site, signal, async () =>
        structured({...(await apiChanges(site, {since, until, limit}))}, 'Ask for fewer entries (limit).'),
      ),
  );

  return server;
}

/** The requests this server answers, with the SDK's schema of each: what `invalidParams` checks. */
const REQUEST_SCHEMAS: Record<string, z.ZodType> = {
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
};

/**
 * Why a request's params are invalid, in one sentence; undefined when they are valid (or the method is not one of
 * this server's, which the SDK answers "Method not found"). The SDK answers such a request with -32603 (an internal
 * error) and its schema's issues as a multi-line dump, and a call of an unknown tool with a tool result.
 */
export function invalidParams(request: JSONRPCRequest): string | undefined {
  if (request.method === 'tools/call') {
    const params: unknown = request.params;
    const example = '{"name": "search_docs", "arguments": {"query": "snowflake grants"}}';
    if (typeof params !== 'object' || params === null || Array.isArray(params))
      return `Invalid params: tools/call takes params, an object with the name of a tool and its arguments, such as ${example}.`;
    const {name, arguments: args} = params as {name?: unknown; arguments?: unknown};
    if (typeof name !== 'string')
      return `Invalid params: the params of tools/call name the tool (name, a string), such as ${example}.`;
    if (!(TOOL_NAMES as readonly string[]).includes(name))
      return `Unknown tool ${quoted(name)}: this server's tools are ${TOOL_NAMES.join(', ')} (tools/list describes them).`;
    if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args)))
      return `Invalid params: the arguments of tools/call are an object of the tool's arguments, such as ${example}.`;
  }
  const schema = REQUEST_SCHEMAS[request.method];
  const parsed = schema?.safeParse(request);
  if (!parsed || parsed.success) return undefined;
  const [issue] = parsed.error.issues;
  const where = issue.path.length > 0 ? issue.path.join('.') : 'the request';
  return `Invalid params of ${request.method}: ${where}: ${issue.message.replace(/^Invalid input: /, '')}.`;
}

/**
 * Connects `server` to `transport`, every request's params checked first: a request of this server's with invalid
 * params, or a call of a tool it does not have, is answered with the JSON-RPC error -32602 (Invalid params, as the
 * MCP specification asks for an unknown tool) and a sentence that says what is wrong.
 */
export async function connectServer(server: McpServer, transport: Transport): Promise<void> {
  await server.connect(transport);
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const refusal = isJSONRPCRequest(message) ? invalidParams(message) : undefined;
    if (refusal === undefined || !isJSONRPCRequest(message)) return deliver?.(message, extra);
    void transport.send(
      {jsonrpc: '2.0', id: message.id, error: {code: ErrorCode.InvalidParams, message: refusal}},
      {relatedRequestId: message.id},
    );
  };
}
