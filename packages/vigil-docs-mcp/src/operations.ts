/**
 * `list_operations` and `get_operation`: the operations of the site's OpenAPI file (the one its API reference
 * was built from), read with the site's own model of it (src/openapi: the same order and page slugs as the
 * API reference), and each operation's Markdown version.
 */
import {HTTP_METHODS, type JsonObject} from '../../../src/openapi/document';
import {operationsOf, type ApiOperation} from '../../../src/openapi/operations';
import {editDistance} from '../../../src/components/SiteSearch/spelling';
import {ToolInputError, readText, type Site} from './site';

/** Where the build publishes the OpenAPI description as JSON (config/api-reference.ts, OPENAPI_DOWNLOAD). */
export const OPENAPI_FILE = 'openapi/vigil-api.json';
/** The route of the API reference under the base path (its docs plugin's routeBasePath in docusaurus.config.ts). */
export const API_ROUTE = 'api/';

export interface OperationSummary {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  tag: string;
  /** The operation's page on the site, and its Markdown version (what get_operation returns). */
  url: string;
  markdown: string;
}

interface Loaded {
  spec: JsonObject;
  operations: ApiOperation[];
}

let loading: Promise<Loaded> | undefined;

function load(site: Site): Promise<Loaded> {
  loading ??= (async () => {
    const text = await readText(site, OPENAPI_FILE);
    if (text === undefined)
      throw new Error(`${site.location} has no ${OPENAPI_FILE}: is it a complete build of the Vigil docs?`);
    const spec = JSON.parse(text) as JsonObject;
    return {spec, operations: operationsOf(spec)};
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

function summaryOf(site: Site, operation: ApiOperation): OperationSummary {
  const url = `${site.basePath}${API_ROUTE}${operation.slug}`;
  return {
    operationId: operation.operationId,
    method: operation.method.toUpperCase(),
    path: operation.path,
    summary: operation.summary,
    tag: operation.tag ?? '',
    url,
    markdown: `${url}.md`,
  };
}

/** The tags of the description, in its order (its `tags`, then any an operation names that it does not list). */
function tagsOf({spec, operations}: Loaded): string[] {
  const declared = ((spec.tags ?? []) as JsonObject[]).map((tag) => String(tag.name));
  return [...new Set([...declared, ...operations.flatMap((operation) => operation.tags)])];
}

/** Every operation, or those of one tag (its name, in any case), in the order of the OpenAPI file. */
export async function listOperations(
  site: Site,
  tag?: string,
): Promise<{tag?: string; operations: OperationSummary[]}> {
  const loaded = await load(site);
  if (tag === undefined || tag.trim() === '')
    return {operations: loaded.operations.map((operation) => summaryOf(site, operation))};
  const tags = tagsOf(loaded);
  const name = tags.find((candidate) => candidate.toLowerCase() === tag.trim().toLowerCase());
  if (!name) throw new ToolInputError(`The API has no tag "${tag}". Its tags: ${tags.join(', ')}.`);
  return {
    tag: name,
    operations: loaded.operations
      .filter((operation) => operation.tags.includes(name))
      .map((operation) => summaryOf(site, operation)),
  };
}

/** The closest of `candidates` to `word`, within a third of its length, for a "did you mean". */
function closest(word: string, candidates: string[]): string | undefined {
  const scored = candidates.map((candidate) => ({
    candidate,
    distance: editDistance(word.toLowerCase(), candidate.toLowerCase()),
  }));
  const best = scored.sort((a, b) => a.distance - b.distance)[0];
  return best && best.distance <= Math.max(2, Math.floor(word.length / 3)) ? best.candidate : undefined;
}

/** A path template of the description as a pattern that a concrete path (`/datasets/ds_123`) matches. */
function templatePattern(template: string): RegExp {
  const escaped = template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('[^/]+')}$`);
}

/** The path part of what was given: a full URL's path, without the query, the server's base path left out. */
function apiPathOf(asked: string, spec: JsonObject): string[] {
  let target = asked.trim();
  if (/^https?:\/\//i.test(target)) target = new URL(target).pathname;
  target = target.replace(/[?#].*$/, '');
  if (!target.startsWith('/')) target = `/${target}`;
  const candidates = [target];
  for (const server of (spec.servers ?? []) as JsonObject[]) {
    let prefix: string;
    try {
      prefix = new URL(String(server.url).replace(/\{[^}]+\}/g, 'x')).pathname.replace(/\/$/, '');
    } catch {
      continue;
    }
    if (prefix && target.startsWith(`${prefix}/`)) candidates.push(target.slice(prefix.length));
  }
  return candidates;
}

/** The operation named by its operationId, or by its method and path; a tool error says what exists instead. */
export async function findOperation(
  site: Site,
  query: {operationId?: string; method?: string; path?: string},
): Promise<OperationSummary> {
  const loaded = await load(site);
  const {operations, spec} = loaded;
  const operationId = query.operationId?.trim();
  if (operationId) {
    const found =
      operations.find((operation) => operation.operationId === operationId) ??
      operations.find((operation) => operation.operationId.toLowerCase() === operationId.toLowerCase());
    if (found) return summaryOf(site, found);
    const suggestion = closest(
      operationId,
      operations.map((operation) => operation.operationId),
    );
    throw new ToolInputError(
      `The API has no operation "${operationId}".${suggestion ? ` Did you mean "${suggestion}"?` : ''} list_operations lists every operationId.`,
    );
  }
  const method = query.method?.trim().toLowerCase();
  const path = query.path?.trim();
  if (!method || !path) {
    throw new ToolInputError(
      'Give an operationId (such as "getDataset"), or a method and a path (such as GET and /datasets/{dataset_id}).',
    );
  }
  if (!(HTTP_METHODS as readonly string[]).includes(method)) {
    throw new ToolInputError(
      `"${query.method}" is not an HTTP method; give one of ${HTTP_METHODS.map((name) => name.toUpperCase()).join(', ')}.`,
    );
  }
  const paths = apiPathOf(path, spec);
  const onPath = operations.filter((operation) => paths.includes(operation.path));
  const matching =
    onPath.length > 0
      ? onPath
      : operations.filter((operation) => paths.some((candidate) => templatePattern(operation.path).test(candidate)));
  const found = matching.find((operation) => operation.method === method);
  if (found) return summaryOf(site, found);
  if (matching.length > 0) {
    const others = matching.map(
      (operation) => `${operation.method.toUpperCase()} ${operation.path} (${operation.operationId})`,
    );
    throw new ToolInputError(
      `The API has no ${method.toUpperCase()} operation on ${path}. That path has: ${others.join(', ')}.`,
    );
  }
  throw new ToolInputError(
    `The API has no path ${path}. list_operations lists every operation with its method and path.`,
  );
}

/** The Markdown version of an operation's page: its method, URL, parameters, request and response fields, and request samples. */
export async function operationMarkdown(site: Site, operation: OperationSummary): Promise<string> {
  const markdown = await readText(site, operation.markdown.slice(site.basePath.length));
  if (markdown === undefined)
    throw new Error(
      `${site.location} has no ${operation.markdown}, the Markdown version of ${operation.operationId}: is the build complete?`,
    );
  return markdown;
}
