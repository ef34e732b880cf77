import {readFileSync} from 'node:fs';
import yaml from 'js-yaml';

/** The keys of a path item that hold an operation. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type Json = null | boolean | number | string | Json[] | JsonObject;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonObject = {[key: string]: any};

export class OpenApiSourceError extends Error {
  constructor(file: string, problem: string) {
    super(`Invalid OpenAPI description ${file}: ${problem}`);
    this.name = 'OpenApiSourceError';
  }
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
        yield* refsOf(value, `${where}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      }
    }
  }
}

/**
 * The example a media type object gives itself: its `example`, or the value of the first of its `examples`
 * (a `$ref` followed); undefined when it gives none, for the caller to fall back to the schema's.
 */
export function mediaTypeExample(document: JsonObject, media: JsonObject, file = sourceFileOf(document)): Json | undefined {
  if (media.example !== undefined) return media.example;
  const first = Object.values<JsonObject>(media.examples ?? {})[0];
  return first ? deref(document, first, file)?.value : undefined;
}

/**
 * Follows local `$ref`s from `node` to the node they end at. Throws an OpenApiSourceError naming the file
 * when a reference does not resolve or the references loop.
 */
export function deref(document: JsonObject, node: JsonObject | undefined, file = sourceFileOf(document)): JsonObject | undefined {
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

/** Every operation of the description, in file order, with its path item (references followed). */
export function* pathOperations(
  document: JsonObject,
  file = sourceFileOf(document),
): Generator<{path: string; method: HttpMethod; pathItem: JsonObject; definition: JsonObject}> {
  for (const [path, rawItem] of Object.entries<Json>(document.paths ?? {})) {
    const pathItem = isObject(rawItem) ? deref(document, rawItem, file) : undefined;
    if (!pathItem) {
      continue;
    }
    for (const method of HTTP_METHODS) {
      const definition = pathItem[method];
      if (isObject(definition)) {
        yield {path, method, pathItem, definition};
      }
    }
  }
}

/**
 * Parses and checks the OpenAPI description before any page is generated from it: YAML syntax, the
 * OpenAPI version, every `$ref` resolving inside the file, and one unique operationId per operation.
 * Throws an OpenApiSourceError naming the file and the problem.
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
    parsed = yaml.load(text, {filename: file, json: false}) as Json;
  } catch (error) {
    throw new OpenApiSourceError(file, `YAML syntax error: ${(error as Error).message}`);
  }
  if (!isObject(parsed)) {
    throw new OpenApiSourceError(file, 'the document is not a YAML mapping');
  }
  const document: JsonObject = parsed;
  if (typeof document.openapi !== 'string' || !/^3\.(0|1)\.\d+$/.test(document.openapi)) {
    throw new OpenApiSourceError(file, `"openapi" must be a 3.0.x or 3.1.x version, got ${JSON.stringify(document.openapi ?? null)}`);
  }
  if (!isObject(document.paths)) {
    throw new OpenApiSourceError(file, 'it has no "paths" object');
  }

  const dangling: string[] = [];
  for (const {ref, where} of refsOf(document, '#')) {
    if (!ref.startsWith('#/')) {
      dangling.push(`${ref} at ${where} (only references inside the file are allowed)`);
    } else if (resolvePointer(document, ref) === undefined) {
      dangling.push(`${ref} at ${where}`);
    }
  }
  if (dangling.length > 0) {
    throw new OpenApiSourceError(file, `unresolved $ref: ${dangling.join('; ')}`);
  }

  const seen = new Map<string, string>();
  for (const {path, method, definition} of pathOperations(document, file)) {
    const where = `${method.toUpperCase()} ${path}`;
    const operationId = definition.operationId;
    if (typeof operationId !== 'string' || operationId === '') {
      throw new OpenApiSourceError(file, `${where} has no operationId`);
    }
    const previous = seen.get(operationId);
    if (previous !== undefined) {
      throw new OpenApiSourceError(file, `duplicate operationId "${operationId}" on ${previous} and ${where}`);
    }
    seen.set(operationId, where);
  }
  sourceFiles.set(document, file);
  return document;
}
