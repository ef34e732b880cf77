/**
 * Every limit of the server, over stdio and over HTTP, in one place. The README ("Limits") gives the reason for
 * each value; what a limit protects is said here.
 */

/**
 * The longest query search_docs takes, in characters. The search's work grows with the number of distinct words
 * of a query (each is searched, and one that matches nothing is compared with the site's vocabulary): a query of
 * this length, of the words that cost most, stays well within the call's budget.
 */
export const MAX_QUERY_LENGTH = 1_000;

/** The longest page path or URL, operationId, method or tag the other tools take, in characters. */
export const MAX_ARGUMENT_LENGTH = 2_048;

/**
 * The most array elements and object members a tool call's arguments may hold (the SDK's
 * `maxToolInputElements`): the widest tool takes three arguments.
 */
export const MAX_ARGUMENT_ELEMENTS = 32;

/**
 * The largest answer of a tool, in bytes of its text (a structured answer carries the same JSON twice, as text and
 * as structured content). A page's Markdown longer than this is cut at it, with a note that says so and where the
 * whole page is; a structured answer over it is a tool error that says how to ask for less.
 */
export const MAX_ANSWER_BYTES = 128 * 1024;

/**
 * api_changes: the most bytes of text one answer holds. Entries are taken from the newest down until `limit` of them
 * or this budget is reached; the answer says how many older entries it left out and the `until` that gives them.
 */
export const MAX_CHANGES_ANSWER_BYTES = 48 * 1024;

/** api_changes: the entries one answer holds unless asked (`limit`), and the most it may be asked for. */
export const DEFAULT_CHANGES_LIMIT = 10;
export const MAX_CHANGES_LIMIT = 100;

/** How much of an argument an error message quotes, in characters: enough to recognise it. */
export const MAX_QUOTED_LENGTH = 80;

/** The largest message the server reads, in bytes: a line over stdio, a request body over HTTP. */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

/**
 * HTTP: a body over MAX_MESSAGE_BYTES is still read (and dropped) up to this size before the 413 is sent, since a
 * client reads no answer before it has sent its whole request; past it, the connection is cut.
 */
export const MAX_DRAINED_BYTES = 4 * MAX_MESSAGE_BYTES;

/** The time a tool call may take, from its arrival to its answer (waiting for a search worker included). */
export const CALL_TIME_BUDGET_MS = 5_000;

/**
 * Searches that run at once, each in a worker thread of its own; more wait for one. The other tools run on the
 * main thread, which a search never holds.
 */
export const SEARCH_WORKERS = 2;

/**
 * HTTP: the searches one client may run at once, of the SEARCH_WORKERS: the other worker stays free for the other
 * clients, whose searches never wait for one client's. Over stdio, one client, it has them all.
 */
export const SEARCH_WORKERS_PER_CLIENT = 1;

/**
 * The searches a worker answers before it is retired and the next search starts a new one. Pagefind's WebAssembly
 * memory never shrinks and each search (restarted, to answer as the first search of a page) loads into it again:
 * a worker grows about 0.2 MB a search until it is retired. Starting a worker takes about 0.1 s.
 */
export const SEARCHES_PER_WORKER = 100;

/** HTTP: the requests one client (an IPv4 address, or an IPv6 /64 network) may send per window. */
export const RATE_LIMIT_REQUESTS = 60;
export const RATE_LIMIT_WINDOW_MS = 60_000;

/** HTTP: the time a client has to send a whole request, headers and body. */
export const REQUEST_TIMEOUT_MS = 10_000;

/**
 * HTTP: how often Node checks the requests still arriving against REQUEST_TIMEOUT_MS (its
 * `connectionsCheckingInterval`). A request is closed at its first check past the timeout: with Node's default of
 * 30 s, a request of 10 s was closed after up to 40 s (33 s measured); with 1 s, after 10 to 11 s.
 */
export const REQUEST_CHECK_INTERVAL_MS = 1_000;

/**
 * HTTP: the calls one client may have in progress at once (requests being answered, whatever their messages);
 * one more is refused with 429 (nginx's limit_conn in front allows as many). Its searches wait behind its own in
 * the search pool's queue (src/search.ts).
 */
export const MAX_CLIENT_REQUESTS_IN_PROGRESS = 8;

/**
 * HTTP: after SIGTERM, the longest the server waits for the calls in progress before it exits. No call takes
 * longer than its budget, so none is cut short.
 */
export const SHUTDOWN_GRACE_MS = CALL_TIME_BUDGET_MS + 500;
