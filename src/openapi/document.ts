import {readFileSync} from 'node:fs';
import yaml from 'js-yaml';
import kebabCase from 'lodash/kebabCase';

/** The keys of a path item that hold an operation. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type Json = null | boolean | number | string | Json[] | JsonObject;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonObject = {[key: string]: any};

/** The description cannot be rendered: names the file, where in it (a JSON pointer) and the problem. */
export class OpenApiSourceError extends Error {
  constructor(file: string, problem: string, pointer?: string) {
    super(`Invalid OpenAPI description ${file}${pointer ? ` at ${pointer}` : ''}: ${problem}`);
    this.name = 'OpenApiSourceError';
  }
}

/** A JSON pointer segment: `/` and `~` escaped (`/datasets/{id}` -> `~1datasets~1{id}`). */
export function pointerSegment(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The file each loaded description was read from, so errors about it can name it. */
const sourceFiles = new WeakMap<JsonObject, string>();

function sourceFileOf(document: JsonObject): string {
  return sourceFiles.get(document) ?? '(not read from a file)';
}

/** The node a local JSON pointer (`#/components/schemas/Dataset`) names, or undefined. */
export function resolvePointer(document: Json, pointer: string): Json | undefined {
  let node: Json | undefined = document;
  for (const raw of pointer.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) {
      node = node[Number(key)];
    } else if (isObject(node)) {
      node = Object.prototype.hasOwnProperty.call(node, key) ? node[key] : undefined;
    } else {
      return undefined;
    }
  }
  return node;
}

function* refsOf(node: Json, where: string): Generator<{ref: string; where: string}> {
  if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) {
      yield* refsOf(item, `${where}/${index}`);
    }
  } else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        yield {ref: value, where};
      } else {
        yield* refsOf(value, `${where}/${pointerSegment(key)}`);
      }
    }
  }
}

/**
 * Follows local `$ref`s from `node` to the node they end at. Throws an OpenApiSourceError naming the file
 * when a reference does not resolve or the references loop.
 */
export function deref(
  document: JsonObject,
  node: JsonObject | undefined,
  file = sourceFileOf(document),
): JsonObject | undefined {
  let current = node;
  const seen = new Set<string>();
  while (current && typeof current.$ref === 'string') {
    const ref: string = current.$ref;
    const target = seen.has(ref) || !ref.startsWith('#/') ? undefined : resolvePointer(document, ref);
    if (!isObject(target)) {
      throw new OpenApiSourceError(file, `cannot resolve $ref ${ref}`);
    }
    seen.add(ref);
    current = target;
  }
  return current;
}

/** One operation of the description: under `paths`, or a webhook under `webhooks` (3.1). */
export type OperationEntry = {
  kind: 'operation' | 'webhook';
  /** The path template, or the webhook's name. */
  path: string;
  method: HttpMethod;
  pathItem: JsonObject;
  definition: JsonObject;
  /** Where it is: `#/paths/~1datasets/get`, `#/webhooks/alertRaised/post`. */
  pointer: string;
};

/** Every operation of the description, in file order, with its path item (references followed); then the webhooks. */
export function* pathOperations(document: JsonObject, file = sourceFileOf(document)): Generator<OperationEntry> {
  for (const kind of ['operation', 'webhook'] as const) {
    const container = kind === 'operation' ? 'paths' : 'webhooks';
    for (const [path, rawItem] of Object.entries<Json>(document[container] ?? {})) {
      const pathItem = isObject(rawItem) ? deref(document, rawItem, file) : undefined;
      if (!pathItem) continue;
      for (const method of HTTP_METHODS) {
        const definition = pathItem[method];
        if (isObject(definition)) {
          yield {kind, path, method, pathItem, definition, pointer: `#/${container}/${pointerSegment(path)}/${method}`};
        }
      }
    }
  }
}

/**
 * The id the API plugin gives an operation's page (docusaurus-plugin-openapi-docs, lib/openapi/openapi.js,
 * createItems): its operationId, else its summary, else (a webhook) its name, kebab-cased.
 */
export function pageIdOf(entry: OperationEntry): string {
  return kebabCase(
    entry.definition.operationId ?? entry.definition.summary ?? (entry.kind === 'webhook' ? entry.path : ''),
  );
}

/** The operationIds the file gives operations whose page id had to be another (two ids making the same page id). */
const givenOperationIds = new WeakMap<JsonObject, string>();

/** The operationId an operation has in the file. */
export function givenOperationId(definition: JsonObject): string | undefined {
  return givenOperationIds.get(definition) ?? definition.operationId;
}

/**
 * Gives every operation and webhook its page id, the one the API plugin will derive (its operationId, else its
 * summary, else a webhook's name, kebab-cased), written into the document as its operationId where the file
 * gives none: an operation with neither operationId nor summary, or whose summary another page already took,
 * is named by its method and path (`post-streams`), so that no page is lost; so is the second of two operations
 * whose operationIds make the same page id (givenOperationId keeps what the file says).
 */
function completeOperationIds(document: JsonObject, file: string): void {
  const entries = [...pathOperations(document, file)];
  const taken = new Map<string, string>();
  const renamed: OperationEntry[] = [];
  const given = new Map<string, OperationEntry>();
  for (const entry of entries.filter(
    ({definition}) => typeof definition.operationId === 'string' && definition.operationId !== '',
  )) {
    const twin = given.get(entry.definition.operationId);
    if (twin) {
      const where = (other: OperationEntry) =>
        `${other.kind === 'webhook' ? 'webhook ' : ''}${other.method.toUpperCase()} ${other.path}`;
      throw new OpenApiSourceError(
        file,
        `duplicate operationId "${entry.definition.operationId}" on ${where(twin)} and ${where(entry)} (operationIds are unique)`,
        entry.pointer,
      );
    }
    given.set(entry.definition.operationId, entry);
    const id = pageIdOf(entry);
    if (taken.has(id)) {
      // Two operationIds that differ only in case or punctuation (`getPet`, `get_pet`) would share one page.
      givenOperationIds.set(entry.definition, entry.definition.operationId);
      renamed.push(entry);
    } else {
      taken.set(id, entry.pointer);
    }
  }
  for (const entry of [
    ...renamed,
    ...entries.filter(({definition}) => typeof definition.operationId !== 'string' || definition.operationId === ''),
  ]) {
    if (renamed.includes(entry)) delete entry.definition.operationId;
    let id = pageIdOf(entry);
    if (id === '' || taken.has(id)) id = kebabCase(`${entry.method} ${entry.path}`);
    for (let suffix = 2; taken.has(id); suffix += 1) id = `${kebabCase(`${entry.method} ${entry.path}`)}-${suffix}`;
    entry.definition.operationId = id;
    taken.set(id, entry.pointer);
  }
}

/**
 * Parses and checks the OpenAPI description before any page is generated from it: YAML or JSON syntax, the
 * OpenAPI version, every `$ref` resolving inside the file, and one page id per operation and webhook
 * (completeOperationIds).
 * Throws an OpenApiSourceError naming the file, the JSON pointer and the problem.
 */
export function loadOpenApiDescription(file: string): JsonObject {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new OpenApiSourceError(file, `cannot be read (${(error as Error).message})`);
  }
  let parsed: Json;
  try {
    parsed = yaml.load(text, {filename: file, json: true}) as Json;
  } catch (error) {
    throw new OpenApiSourceError(file, `YAML syntax error: ${(error as Error).message}`);
  }
  if (!isObject(parsed)) {
    throw new OpenApiSourceError(file, 'the document is not a YAML mapping');
  }
  const document: JsonObject = parsed;
  if (typeof document.openapi !== 'string' || !/^3\.(0|1)\.\d+$/.test(document.openapi)) {
    throw new OpenApiSourceError(
      file,
      `"openapi" must be a 3.0.x or 3.1.x version, got ${JSON.stringify(document.openapi ?? null)}`,
      '#/openapi',
    );
  }
  if (!isObject(document.paths) && !isObject(document.webhooks)) {
    throw new OpenApiSourceError(file, 'it has neither a "paths" nor a "webhooks" object');
  }
  document.paths ??= {};

  const dangling: string[] = [];
  for (const {ref, where} of refsOf(document, '#')) {
    if (!ref.startsWith('#')) {
      dangling.push(
        `${ref} at ${where} (a reference to another file: bundle the description into one file first, with \`npx redocly bundle\`)`,
      );
    } else if (ref !== '#' && resolvePointer(document, ref) === undefined) {
      dangling.push(`${ref} at ${where}`);
    }
  }
  if (dangling.length > 0) {
    throw new OpenApiSourceError(
      file,
      `unresolved $ref: ${dangling.slice(0, 10).join('; ')}${dangling.length > 10 ? `; and ${dangling.length - 10} more` : ''}`,
    );
  }

  completeOperationIds(document, file);
  sourceFiles.set(document, file);
  return document;
}
