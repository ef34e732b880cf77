import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import type {LoadContext, Plugin, PluginModule} from '@docusaurus/types';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export class OpenApiSourceError extends Error {
  constructor(file: string, problem: string) {
    super(`Invalid OpenAPI description ${file}: ${problem}`);
    this.name = 'OpenApiSourceError';
  }
}

type Json = null | boolean | number | string | Json[] | {[key: string]: Json};
type JsonObject = {[key: string]: Json};

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function resolvePointer(document: Json, pointer: string): Json | undefined {
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
  let document: Json;
  try {
    document = yaml.load(text, {filename: file, json: false}) as Json;
  } catch (error) {
    throw new OpenApiSourceError(file, `YAML syntax error: ${(error as Error).message}`);
  }
  if (!isObject(document)) {
    throw new OpenApiSourceError(file, 'the document is not a YAML mapping');
  }
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
  for (const [route, pathItem] of Object.entries(document.paths)) {
    if (!isObject(pathItem)) {
      continue;
    }
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!isObject(operation)) {
        continue;
      }
      const where = `${method.toUpperCase()} ${route}`;
      const operationId = operation.operationId;
      if (typeof operationId !== 'string' || operationId === '') {
        throw new OpenApiSourceError(file, `${where} has no operationId`);
      }
      const previous = seen.get(operationId);
      if (previous !== undefined) {
        throw new OpenApiSourceError(file, `duplicate operationId "${operationId}" on ${previous} and ${where}`);
      }
      seen.set(operationId, where);
    }
  }
  return document;
}

export type OpenApiSourceOptions = {
  /** The OpenAPI description, relative to the site directory. */
  specPath: string;
  /** Where the downloadable YAML and JSON copies are written, relative to the site directory (a static directory). */
  downloadDir: string;
  /** File name, without extension, of the downloadable copies. */
  downloadName: string;
};

/**
 * Validates the OpenAPI description as soon as the site configuration loads (so `gen-api-docs` and
 * `build` stop before generating anything from a broken file) and publishes it as YAML and JSON.
 */
export function openApiSourcePlugin(options: OpenApiSourceOptions): PluginModule {
  return (context: LoadContext): Plugin => {
    const specFile = path.resolve(context.siteDir, options.specPath);
    const relativeSpec = path.relative(process.cwd(), specFile) || options.specPath;
    loadOpenApiDescription(relativeSpec);
    return {
      name: 'vigil-openapi-source',
      getPathsToWatch() {
        return [specFile];
      },
      async loadContent() {
        const document = loadOpenApiDescription(relativeSpec);
        const dir = path.resolve(context.siteDir, options.downloadDir);
        if (!existsSync(dir)) {
          mkdirSync(dir, {recursive: true});
        }
        writeFileSync(path.join(dir, `${options.downloadName}.yaml`), readFileSync(specFile));
        writeFileSync(path.join(dir, `${options.downloadName}.json`), `${JSON.stringify(document, null, 2)}\n`);
      },
    };
  };
}
