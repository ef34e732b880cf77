import {OPENAPI_SPEC_PATH} from '../../config/api-reference';
import {loadOpenApiDescription} from '../../src/plugins/openapi-source';
import {kebabCase} from '../../src/plugins/markdown-twins';

/** Page slug of an operationId or tag name, as the generator makes it (`createDatastore` -> `create-datastore`). */
export {kebabCase};

export type JsonObject = {[key: string]: any};

export type Operation = {
  operationId: string;
  method: string;
  path: string;
  slug: string;
  tags: string[];
  summary: string;
  description: string;
  definition: JsonObject;
};

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export function loadSpec(): JsonObject {
  return loadOpenApiDescription(OPENAPI_SPEC_PATH);
}

export function operationsOf(spec: JsonObject): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<JsonObject>(spec.paths)) {
    for (const method of HTTP_METHODS) {
      const definition = item[method] as JsonObject | undefined;
      if (definition) {
        operations.push({
          operationId: definition.operationId,
          method,
          path,
          slug: kebabCase(definition.operationId),
          tags: definition.tags ?? [],
          summary: definition.summary ?? '',
          description: definition.description ?? '',
          definition,
        });
      }
    }
  }
  return operations;
}

export function tagSlug(tag: string): string {
  return kebabCase(tag);
}

/** Follows a local `$ref` to its target. */
export function deref(spec: JsonObject, node: JsonObject | undefined): JsonObject | undefined {
  let current = node;
  while (current && typeof current.$ref === 'string') {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce<JsonObject | undefined>((acc, key) => acc?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], spec);
  }
  return current;
}
