import {
  deref,
  givenOperationId,
  pageIdOf,
  pathOperations,
  titleOf,
  type HttpMethod,
  type JsonObject,
  type OperationEntry,
} from './document';

export type ApiOperation = {
  kind: 'operation' | 'webhook';
  /** The operationId the file gives; a page without one is known by its page id (`slug`). */
  operationId: string;
  method: HttpMethod;
  /** The path template, or the webhook's name. */
  path: string;
  /** Slug of the page in the API reference, the API plugin's page id. */
  slug: string;
  /** The first tag: the sidebar category of the page. */
  tag: string | undefined;
  tags: string[];
  /** The page's title: the summary, else the operationId the file gives, else `METHOD /path` (a webhook: its name). */
  title: string;
  summary: string;
  description: string;
  definition: JsonObject;
  /** Parameters of the path item and of the operation, the operation's winning on the same name and place. */
  parameters: JsonObject[];
  /** The URL of the first server that applies: the operation's, its path item's, else the description's (`/` when none). */
  server: string;
  /** Where the operation is in the file: `#/paths/~1datasets/get`. */
  pointer: string;
};

function apiOperation(spec: JsonObject, entry: OperationEntry, file?: string): ApiOperation {
  const {kind, path, method, pathItem, definition, pointer} = entry;
  const shared = ((pathItem.parameters ?? []) as JsonObject[]).map(
    (parameter) => deref(spec, parameter, file) as JsonObject,
  );
  const own = ((definition.parameters ?? []) as JsonObject[]).map(
    (parameter) => deref(spec, parameter, file) as JsonObject,
  );
  const key = (parameter: JsonObject) => `${parameter.in}:${parameter.name}`;
  const ownKeys = new Set(own.map(key));
  const tags = (definition.tags ?? []) as string[];
  const servers = (definition.servers ?? pathItem.servers ?? spec.servers ?? []) as JsonObject[];
  const slug = pageIdOf(entry);
  return {
    kind,
    operationId: givenOperationId(definition) ?? slug,
    method,
    path,
    slug,
    tag: tags[0],
    tags,
    title: titleOf(entry),
    summary: definition.summary ?? (kind === 'webhook' ? path : ''),
    description: definition.description ?? '',
    definition,
    parameters: [...shared.filter((parameter) => !ownKeys.has(key(parameter))), ...own],
    server: String(servers[0]?.url ?? '/'),
    pointer,
  };
}

/** The operations under `paths` of a description loaded by loadOpenApiDescription, in file order. */
export function operationsOf(spec: JsonObject, file?: string): ApiOperation[] {
  return apiPagesOf(spec, file).filter((operation) => operation.kind === 'operation');
}

/** The webhooks (OpenAPI 3.1 `webhooks`, or 3.0 `x-webhooks`), in file order. */
export function webhooksOf(spec: JsonObject, file?: string): ApiOperation[] {
  return apiPagesOf(spec, file).filter((operation) => operation.kind === 'webhook');
}

/** Every operation and webhook that has a page, in file order. */
export function apiPagesOf(spec: JsonObject, file?: string): ApiOperation[] {
  return [...pathOperations(spec, file)].map((entry) => apiOperation(spec, entry, file));
}
