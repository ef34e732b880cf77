/**
 * `list_operations`, `get_operation` and `get_object`: the operations and objects of the site's API reference, as its
 * build listed them in the API manifest (src/utils/api-manifest.ts: every page's slug, kind, method, path,
 * operationId, tags, schema name and Markdown version, in the order of the reference's sidebar), and each one's
 * Markdown version. Nothing here works out a slug, a tag order or a file name again.
 */
import {HTTP_METHODS} from '../../../src/openapi/document';
import {API_MANIFEST_FILE, type ApiManifest, type ApiManifestPage} from '../../../src/utils/api-manifest';
import {editDistance} from '../../../src/components/SiteSearch/spelling';
import {ToolInputError, quoted, readText, truncated, type Site} from './site';

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

/** An operation of the manifest: a page with a method, a path and an operationId. */
type Operation = ApiManifestPage & {method: string; path: string; operationId: string};

/** An object of the manifest: a page of one named schema. */
type ApiObjectPage = ApiManifestPage & {schema: string};

interface Loaded {
  manifest: ApiManifest;
  operations: Operation[];
  objects: ApiObjectPage[];
}

let loading: Promise<Loaded> | undefined;

/** The site's API manifest (read once per process), which every API tool reads. */
export function apiManifest(site: Site): Promise<Loaded> {
  loading ??= (async () => {
    const text = await readText(site, API_MANIFEST_FILE);
    if (text === undefined)
      throw new Error(`${site.location} has no ${API_MANIFEST_FILE}: is it a complete build of the Vigil docs?`);
    const manifest = JSON.parse(text) as ApiManifest;
    const operations = manifest.pages.filter(
      (page): page is Operation => page.kind === 'operation' && Boolean(page.method && page.path && page.operationId),
    );
    const objects = manifest.pages.filter(
      (page): page is ApiObjectPage => page.kind === 'object' && typeof page.schema === 'string',
    );
    return {manifest, operations, objects};
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

function summaryOf(site: Site, operation: Operation): OperationSummary {
  return {
    operationId: operation.operationId,
    method: operation.method.toUpperCase(),
    path: operation.path,
    summary: operation.summary ?? '',
    tag: operation.tag ?? '',
    url: `${site.basePath}${operation.page}`,
    markdown: `${site.basePath}${operation.markdown}`,
  };
}

/** Every operation, or those of one tag (its name, in any case), in the order of the API reference's sidebar. */
export async function listOperations(
  site: Site,
  tag?: string,
): Promise<{tag?: string; operations: OperationSummary[]}> {
  const {manifest, operations} = await apiManifest(site);
  if (tag === undefined || tag.trim() === '')
    return {operations: operations.map((operation) => summaryOf(site, operation))};
  const name = manifest.tags.find((candidate) => candidate.toLowerCase() === tag.trim().toLowerCase());
  if (!name) throw new ToolInputError(`The API has no tag ${quoted(tag)}. Its tags: ${manifest.tags.join(', ')}.`);
  return {
    tag: name,
    operations: operations.filter((operation) => operation.tag === name).map((operation) => summaryOf(site, operation)),
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
function apiPathOf(asked: string, servers: string[]): string[] {
  let target = asked.trim();
  if (/^https?:\/\//i.test(target)) {
    try {
      target = new URL(target).pathname;
    } catch {
      throw new ToolInputError(
        `The path ${quoted(asked)} is not a valid URL: give the path of an operation, such as /datasets/{dataset_id}, or its full URL.`,
      );
    }
  }
  target = target.replace(/[?#].*$/, '');
  if (!target.startsWith('/')) target = `/${target}`;
  const candidates = [target];
  for (const server of servers) {
    let prefix: string;
    try {
      prefix = new URL(server.replace(/\{[^}]+\}/g, 'x')).pathname.replace(/\/$/, '');
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
  const {manifest, operations} = await apiManifest(site);
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
      `The API has no operation ${quoted(operationId)}.${suggestion ? ` Did you mean "${suggestion}"?` : ''} list_operations lists every operationId.`,
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
      `${quoted(query.method ?? '')} is not an HTTP method; give one of ${HTTP_METHODS.map((name) => name.toUpperCase()).join(', ')}.`,
    );
  }
  const paths = apiPathOf(path, manifest.servers);
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
      `The API has no ${method.toUpperCase()} operation on ${truncated(path)}. That path has: ${others.join(', ')}.`,
    );
  }
  throw new ToolInputError(
    `The API has no path ${quoted(path)}. list_operations lists every operation with its method and path.`,
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

/**
 * The Markdown version of an object's page ("The Dataset object": every field, an example, the operations that show
 * it), by its schema name in any case (`Dataset`, `dataset`); a tool error names the closest one.
 */
export async function objectMarkdown(site: Site, name: string): Promise<{path: string; markdown: string}> {
  const {objects} = await apiManifest(site);
  const asked = name.trim();
  if (!asked) throw new ToolInputError('Give the name of an object of the API, such as Dataset.');
  const found =
    objects.find((object) => object.schema === asked) ??
    objects.find((object) => object.schema.toLowerCase() === asked.toLowerCase());
  if (!found) {
    const suggestion = closest(
      asked,
      objects.map((object) => object.schema),
    );
    throw new ToolInputError(
      `The API has no object ${quoted(asked)}.${suggestion ? ` Did you mean "${suggestion}"?` : ''} Its objects: ${objects
        .map((object) => object.schema)
        .join(', ')}.`,
    );
  }
  const markdown = await readText(site, found.markdown);
  if (markdown === undefined)
    throw new Error(
      `${site.location} has no ${site.basePath}${found.markdown}, the Markdown version of ${found.schema}: is the build complete?`,
    );
  return {path: `${site.basePath}${found.markdown}`, markdown};
}
