// The one example generator of the API reference: the operation pages, their Markdown versions, the request
// samples and the tests' mock of the API all take their examples from here. What the description gives wins
// (a media type's `example` or named `examples`, a schema's `example` or 3.1 `examples`); otherwise Redoc's
// openapi-sampler builds one from the schema, behind our rule: required properties plus the documented ones
// (those with an example of their own), read-only properties left out of requests and write-only ones out of
// responses.
import {sample} from 'openapi-sampler';
import {deref, type Json, type JsonObject} from './document';
import {objectShape} from './fields';

export type Direction = 'request' | 'response';

/** One example of a body: named (`examples`), given (`example`) or built from the schema. */
export type ExampleModel = {
  /** The key of a named example, e.g. `snowflake`. */
  name?: string;
  summary?: string;
  description?: string;
  value: Json;
  /** Built from the schema, the description giving none. */
  generated: boolean;
  /** The example lives at this URL instead (`externalValue`). */
  externalValue?: string;
};

function hasOwnExample(schema: JsonObject): boolean {
  return (
    schema.example !== undefined ||
    (Array.isArray(schema.examples) && schema.examples.length > 0) ||
    schema.const !== undefined
  );
}

const KEYWORDS_OF_PARTS = ['type', 'format', 'description', 'title', 'nullable', 'additionalProperties'] as const;

/**
 * A required text value the description gives nothing for shows as a visible placeholder, `"<owner>"`, rather
 * than the sampler's `"string"`, which a reader could take for a real value.
 */
function withPlaceholder(view: JsonObject, name: string): JsonObject {
  const plainString =
    view.type === 'string' &&
    !view.format &&
    !view.pattern &&
    !view.enum &&
    view.const === undefined &&
    view.default === undefined;
  return plainString && !hasOwnExample(view) ? {...view, example: `<${name}>`} : view;
}

/**
 * The schema a generated example should show: only required and documented properties, recursion cut; with
 * `everyProperty`, every property of the schema itself (those below it by the rule).
 */
function documentedView(
  spec: JsonObject,
  raw: JsonObject | undefined,
  direction: Direction,
  trail: string[],
  everyProperty = false,
): JsonObject {
  const ref = typeof raw?.$ref === 'string' ? raw.$ref : undefined;
  const schema = deref(spec, raw) ?? {};
  if (ref && trail.includes(ref)) return {example: schema.type === 'array' ? [] : {}};
  if (hasOwnExample(schema)) return schema;
  const inner = ref ? [...trail, ref] : trail;
  const view: JsonObject = {...schema};
  delete view.allOf;
  delete view.not;
  delete view.patternProperties;
  if (schema.allOf || schema.properties) {
    for (const part of (schema.allOf ?? []) as JsonObject[]) {
      const resolved = deref(spec, part) ?? {};
      for (const key of KEYWORDS_OF_PARTS)
        if (view[key] === undefined && resolved[key] !== undefined) view[key] = resolved[key];
      if (!view.oneOf && !view.anyOf && (resolved.oneOf || resolved.anyOf))
        view.oneOf = resolved.oneOf ?? resolved.anyOf;
    }
    const {properties, required} = objectShape(spec, schema);
    const kept: JsonObject = {};
    for (const [name, rawProperty] of Object.entries(properties)) {
      const property = deref(spec, rawProperty) ?? {};
      if ((direction === 'request' && property.readOnly) || (direction === 'response' && property.writeOnly)) continue;
      if (!everyProperty && !required.has(name) && !hasOwnExample(property)) continue;
      kept[name] = withPlaceholder(documentedView(spec, rawProperty, direction, inner), name);
    }
    view.type ??= 'object';
    view.properties = kept;
    view.required = [...required].filter((name) => name in kept);
    if (Object.keys(kept).length > 0 || view.additionalProperties === true) view.additionalProperties = false;
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    if (Array.isArray(view[key]) && view[key].length > 0)
      view[key] = [documentedView(spec, view[key][0], direction, inner)];
  }
  if (view.items && typeof view.items === 'object') view.items = documentedView(spec, view.items, direction, inner);
  if (Array.isArray(view.prefixItems))
    view.prefixItems = view.prefixItems.map((item: JsonObject) => documentedView(spec, item, direction, inner));
  if (view.additionalProperties && typeof view.additionalProperties === 'object') {
    view.additionalProperties = documentedView(spec, view.additionalProperties, direction, inner);
  }
  return view;
}

/** An example value built from a schema by the rule above. Deterministic. */
export function schemaExample(
  spec: JsonObject,
  rawSchema: JsonObject | undefined,
  direction: Direction = 'request',
  everyProperty = false,
): Json {
  if (!rawSchema) return null;
  const view = documentedView(spec, rawSchema, direction, [], everyProperty);
  return (sample(
    view as never,
    {skipReadOnly: direction === 'request', skipWriteOnly: direction === 'response', quiet: true},
    spec,
  ) ?? null) as Json;
}

const isEmptyObject = (value: Json): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;

/**
 * The example of a named object's page, as the API returns it: the description's, else one built by the rule above,
 * unless that is an empty object where the schema has properties (none required or documented: 96 of PagerDuty's
 * 277 objects, 155 of Adyen Management's 266), then one with every property of the object itself.
 */
export function objectExample(spec: JsonObject, rawSchema: JsonObject): Json {
  const example = schemaExample(spec, rawSchema, 'response');
  if (!isEmptyObject(example) || hasOwnExample(deref(spec, rawSchema) ?? {})) return example;
  return schemaExample(spec, rawSchema, 'response', true);
}

/** The examples of a media type: its named `examples` (references followed), its `example`, else one built from its schema. */
export function mediaExamples(spec: JsonObject, media: JsonObject, direction: Direction): ExampleModel[] {
  const named = Object.entries<JsonObject>(media.examples ?? {}).map(([name, raw]) => {
    const example = deref(spec, raw) ?? {};
    return {
      name,
      summary: example.summary,
      description: example.description,
      value: example.value ?? null,
      generated: false,
      ...(example.externalValue ? {externalValue: String(example.externalValue)} : {}),
    };
  });
  if (named.length > 0) return named;
  if (media.example !== undefined) return [{value: media.example, generated: false}];
  if (!media.schema) return [];
  return [{value: schemaExample(spec, media.schema, direction), generated: true}];
}

/** The example a media type gives itself (`example`, else the first of `examples`), or undefined. */
export function mediaTypeExample(spec: JsonObject, media: JsonObject): Json | undefined {
  if (media.example !== undefined) return media.example;
  const first = Object.values<JsonObject>(media.examples ?? {})[0];
  return first ? deref(spec, first)?.value : undefined;
}

export const NO_EXAMPLE = Symbol('no example');

/**
 * The example of a parameter: its `example`, the first of its `examples`, its content's example, its schema's
 * `example`, first 3.1 `examples`, `const`, `default` or first `enum` value; NO_EXAMPLE when it gives none.
 */
export function parameterExample(spec: JsonObject, parameter: JsonObject): Json | typeof NO_EXAMPLE {
  if (parameter.example !== undefined) return parameter.example;
  const first = Object.values<JsonObject>(parameter.examples ?? {})[0];
  const value = first ? deref(spec, first)?.value : undefined;
  if (value !== undefined) return value;
  const content = Object.values<JsonObject>(parameter.content ?? {})[0];
  if (content) {
    const given = mediaTypeExample(spec, content);
    if (given !== undefined) return given;
  }
  const schema = deref(spec, parameter.schema ?? content?.schema) ?? {};
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  return NO_EXAMPLE;
}
