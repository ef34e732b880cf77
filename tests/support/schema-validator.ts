import Ajv, {type ValidateFunction} from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import type AjvCore from 'ajv/dist/core';
import addFormats from 'ajv-formats';
import {deref, type ApiOperation, type JsonObject} from '../../src/openapi';

/**
 * A validator of the description's schemas with the semantics of its OpenAPI version. OpenAPI 3.1 schemas are
 * JSON Schema 2020-12 (type arrays, `const`, `prefixItems`, `examples`, `$ref` beside other keywords): Ajv2020.
 * OpenAPI 3.0 schemas are a draft-04/07 subset plus `nullable`, which Ajv's default (draft-07) class
 * understands. Keywords that are OpenAPI's own and not validation (`example`, `discriminator`, `xml`,
 * `externalDocs`) are ignored. Every `#/components/...` reference resolves inside the description.
 */
export function createSchemaAjv(
  spec: JsonObject,
  options: {coerceTypes?: boolean} = {},
): {ajv: AjvCore; rooted: (schema: JsonObject) => JsonObject} {
  const settings = {strict: false, allErrors: true, discriminator: false, coerceTypes: options.coerceTypes ?? false};
  const ajv = isOpenApi31(spec) ? new Ajv2020(settings) : new Ajv(settings);
  addFormats(ajv);
  ajv.addSchema({$id: 'openapi.json', components: {schemas: spec.components?.schemas ?? {}}});
  const rooted = (schema: JsonObject) =>
    JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi.json#/components/')) as JsonObject;
  return {ajv, rooted};
}

/** OpenAPI 3.1 and later: schemas are JSON Schema 2020-12. */
export function isOpenApi31(spec: JsonObject): boolean {
  return /^3\.(?:[1-9]\d*)\./.test(String(spec.openapi));
}

/** Whether a schema allows the JSON type `type` (`type: integer`, or a 3.1 type array that lists it). */
export function allowsType(schema: JsonObject | undefined, type: string): boolean {
  const types = schema?.type;
  return Array.isArray(types) ? types.includes(type) : types === type;
}

/** Validates JSON bodies against the OpenAPI schemas of an operation (createSchemaAjv). */
export function createBodyValidator(spec: JsonObject) {
  const {ajv, rooted: root} = createSchemaAjv(spec);
  const cache = new Map<string, ValidateFunction>();

  function schemaFor(op: ApiOperation, kind: 'request' | 'response'): JsonObject | undefined {
    if (kind === 'request') {
      return deref(spec, op.definition.requestBody)?.content?.['application/json']?.schema;
    }
    for (const [status, raw] of Object.entries<JsonObject>(op.definition.responses)) {
      const response = deref(spec, raw);
      if (/^2\d\d$/.test(status) && response?.content?.['application/json']) {
        return response.content['application/json'].schema;
      }
    }
    return undefined;
  }

  /** Errors of `value` against the operation's request body or 2xx response; undefined when there is no such body. */
  return function validate(op: ApiOperation, kind: 'request' | 'response', value: unknown): string[] | undefined {
    const key = `${op.operationId} ${kind}`;
    let validator = cache.get(key);
    if (!validator) {
      const schema = schemaFor(op, kind);
      if (!schema) return undefined;
      validator = ajv.compile(root(schema));
      cache.set(key, validator);
    }
    return validator(value)
      ? []
      : (validator.errors ?? []).map(
          (error) =>
            `${error.instancePath || '/'} ${error.message}${error.params && 'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : ''}`,
        );
  };
}
