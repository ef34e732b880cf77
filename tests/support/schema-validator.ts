import Ajv, {type ValidateFunction} from 'ajv';
import addFormats from 'ajv-formats';
import {deref, type ApiOperation, type JsonObject} from '../../src/openapi';

/**
 * Validates JSON bodies against the OpenAPI schemas of an operation. OpenAPI 3.0 keywords that are not
 * JSON Schema (example, readOnly, discriminator, ...) are ignored; `nullable` is understood by Ajv.
 */
export function createBodyValidator(spec: JsonObject) {
  const ajv = new Ajv({strict: false, allErrors: true, discriminator: false});
  addFormats(ajv);
  ajv.addSchema({$id: 'openapi.json', components: {schemas: spec.components.schemas}});
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
      const rooted = JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi.json#/components/'));
      validator = ajv.compile(rooted);
      cache.set(key, validator);
    }
    return validator(value) ? [] : (validator.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}${error.params && 'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : ''}`);
  };
}
