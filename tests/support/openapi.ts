import {OPENAPI_SPEC_PATH} from '../../config/api-reference';
import {deref, loadOpenApiDescription, type JsonObject} from '../../src/openapi';
import {allowsType} from './schema-validator';

/** The site's OpenAPI description, loaded and validated as the build loads it. */
export function loadSpec(): JsonObject {
  return loadOpenApiDescription(OPENAPI_SPEC_PATH);
}

/**
 * The names of the properties a schema shows at its top level (an array's items, `allOf` parts and, with
 * `variants`, each `oneOf`/`anyOf` variant included), leaving out read-only properties of a request and
 * write-only properties of a response, as the operation pages do.
 */
export function topLevelPropertyNames(
  spec: JsonObject,
  rawSchema: JsonObject | undefined,
  direction: 'request' | 'response',
  {variants}: {variants: boolean},
): string[] {
  let schema = deref(spec, rawSchema);
  while (schema && allowsType(schema, 'array') && schema.items) schema = deref(spec, schema.items);
  if (!schema) return [];
  const parts = [schema, ...((schema.allOf ?? []) as JsonObject[]).map((part) => deref(spec, part) ?? {})];
  const alternatives = variants
    ? ((schema.oneOf ?? schema.anyOf ?? []) as JsonObject[]).map((variant) => deref(spec, variant) ?? {})
    : [];
  return [...parts, ...alternatives].flatMap((part) =>
    Object.entries<JsonObject>(part.properties ?? {})
      .filter(([, property]) => !(deref(spec, property) ?? {})[direction === 'request' ? 'readOnly' : 'writeOnly'])
      .map(([name]) => name),
  );
}
