// The fields a reader of the API reference sees for a schema: one tree per parameter list, body or header list,
// with the anchor id of every field and its facts (allowed values, limits, pattern…) as structured text. The
// operation page and its Markdown version both render this tree (src/openapi/render-*.ts), so they agree.
import {deref, type Json, type JsonObject} from './document';
import type {Direction} from './examples';

/** Inline text of a fact: plain text, a code span, or a link. Rendered as HTML on the page, as Markdown in the twin. */
export type Segment = string | {code: string} | {link: string; text: string};
/** One sentence about a field: `Allowed values: `a`, `b`.` */
export type Fact = Segment[];

/** The fields of an object, or of the objects an array holds; variants when the schema is `oneOf`/`anyOf`. */
export type SchemaShape = {
  fields: SchemaField[];
  variants: SchemaVariant[];
  /** `oneOf` (exactly one) or `anyOf` (one or more). */
  variantKeyword?: 'oneOf' | 'anyOf';
  /** The discriminating property of the variants (`type`), when the schema names one. */
  discriminator?: string;
  /** Facts about the object itself: other keys (`additionalProperties`, `patternProperties`). */
  facts: Fact[];
};

export type SchemaVariant = {
  /** Anchor id of the variant: `request-body-connection-snowflake`. */
  id: string;
  /** The variant's schema name or title, e.g. `SnowflakeConnection`. */
  title: string;
  /** The discriminator value that selects it, e.g. `snowflake`. */
  selector?: string;
  description?: string;
  shape: SchemaShape;
};

export type SchemaField = {
  /** Anchor id, unique on the page: `request-body-connection-warehouse`. */
  id: string;
  name: string;
  /** A short type: `string<date-time>`, `array of object`, `integer or string`. */
  type: string;
  required: boolean;
  nullable: boolean;
  readOnly: boolean;
  writeOnly: boolean;
  deprecated: boolean;
  description?: string;
  /** Allowed values, default, example, limits, pattern…, in the order a reader wants them. */
  facts: Fact[];
  /** The fields of a nested object (also through arrays). */
  shape?: SchemaShape;
};

/** Lowercase letters, digits and hyphens: `schema_registry_secret_id` -> `schema-registry-secret-id`. */
export function anchorSegment(name: string): string {
  return (
    name
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'x'
  );
}

function refName(node: JsonObject | undefined): string | undefined {
  return typeof node?.$ref === 'string' ? decodeURIComponent(node.$ref.split('/').pop() ?? '') : undefined;
}

/** The JSON text of a value, for a code span. */
export function valueText(value: Json): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The schema's types, `null` left out (it makes the field nullable): `['string', 'null']` -> `['string']`. */
function typesOf(schema: JsonObject): string[] {
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [schema.type as string] : [];
  return types.filter((type) => type !== 'null');
}

function isNullSchema(spec: JsonObject, raw: JsonObject): boolean {
  const schema = deref(spec, raw) ?? {};
  return (
    schema.type === 'null' || (Array.isArray(schema.type) && schema.type.length === 1 && schema.type[0] === 'null')
  );
}

/** The variants of a `oneOf`/`anyOf`, a `{type: null}` variant left out (it makes the field nullable). */
function variantSchemas(spec: JsonObject, schema: JsonObject): JsonObject[] | undefined {
  const raw = (schema.oneOf ?? schema.anyOf) as JsonObject[] | undefined;
  return raw?.filter((variant) => !isNullSchema(spec, variant));
}

/** A short type: `string<date-time>`, `array of object`, `SnowflakeConnection or BigQueryConnection`. */
export function typeLabel(spec: JsonObject, rawSchema: JsonObject | undefined, depth = 0): string {
  const schema = deref(spec, rawSchema);
  if (!schema || depth > 6) return 'any';
  const types = typesOf(schema);
  if (Array.isArray(schema.prefixItems)) {
    return `array [${(schema.prefixItems as JsonObject[]).map((item) => refName(item) ?? typeLabel(spec, item, depth + 1)).join(', ')}]`;
  }
  if (types.length === 1 && types[0] === 'array')
    return `array of ${schema.items ? (refName(schema.items) ?? typeLabel(spec, schema.items, depth + 1)) : 'any'}`;
  const variants = variantSchemas(spec, schema);
  if (variants?.length && types.length <= 1) {
    return [...new Set(variants.map((variant) => refName(variant) ?? typeLabel(spec, variant, depth + 1)))].join(
      ' or ',
    );
  }
  if (types.length === 0 && Array.isArray(schema.allOf) && !schema.properties) {
    const parts = (schema.allOf as JsonObject[]).filter((part) => Object.keys(part).length > 0);
    if (parts.length === 1) return refName(parts[0]) ?? typeLabel(spec, parts[0], depth + 1);
  }
  let base: string;
  if (types.length > 0) base = types.join(' or ');
  else if (schema.const !== undefined)
    base = schema.const === null ? 'null' : Array.isArray(schema.const) ? 'array' : typeof schema.const;
  else if (Array.isArray(schema.enum) && schema.enum.length > 0)
    base =
      [
        ...new Set(
          schema.enum.filter((v: Json) => v !== null).map((v: Json) => (typeof v === 'object' ? 'object' : typeof v)),
        ),
      ].join(' or ') || 'any';
  else if (schema.properties || schema.allOf || schema.additionalProperties || schema.patternProperties)
    base = 'object';
  else base = 'any';
  const format = schema.format ?? (schema.contentMediaType ? 'binary' : undefined);
  return format && types.length <= 1 ? `${base}<${format}>` : base;
}

function isNullable(spec: JsonObject, schema: JsonObject): boolean {
  if (schema.nullable === true) return true;
  if (Array.isArray(schema.type) && schema.type.includes('null')) return true;
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) return true;
  const raw = (schema.oneOf ?? schema.anyOf) as JsonObject[] | undefined;
  return Boolean(raw?.some((variant) => isNullSchema(spec, variant)));
}

/** Bounds of a schema, as short phrases: `1 to 500`, `at most 64 characters`. */
export function limitsOf(schema: JsonObject): string[] {
  const limits: string[] = [];
  const range = (min: unknown, max: unknown, unit: string) => {
    if (min !== undefined && max !== undefined) limits.push(`${min} to ${max}${unit}`);
    else if (min !== undefined) limits.push(`at least ${min}${unit}`);
    else if (max !== undefined) limits.push(`at most ${max}${unit}`);
  };
  // 3.0 writes exclusive bounds as booleans beside minimum/maximum; 3.1 as numbers of their own.
  const exclusive = (flag: unknown, bound: unknown) =>
    flag === true ? bound : typeof flag === 'number' ? flag : undefined;
  const exclusiveMin = exclusive(schema.exclusiveMinimum, schema.minimum);
  const exclusiveMax = exclusive(schema.exclusiveMaximum, schema.maximum);
  range(
    exclusiveMin === undefined ? schema.minimum : undefined,
    exclusiveMax === undefined ? schema.maximum : undefined,
    '',
  );
  if (exclusiveMin !== undefined) limits.push(`more than ${exclusiveMin}`);
  if (exclusiveMax !== undefined) limits.push(`less than ${exclusiveMax}`);
  if (schema.multipleOf !== undefined) limits.push(`a multiple of ${schema.multipleOf}`);
  range(schema.minLength, schema.maxLength, ' characters');
  range(schema.minItems, schema.maxItems, ' items');
  range(schema.minProperties, schema.maxProperties, ' keys');
  if (schema.uniqueItems) limits.push('unique items');
  return limits;
}

/** Properties and required names of an object schema, `allOf` parts merged in order. */
export function objectShape(
  spec: JsonObject,
  schema: JsonObject,
  seen = new Set<JsonObject>(),
): {properties: Record<string, JsonObject>; required: Set<string>} {
  const properties: Record<string, JsonObject> = {};
  const required = new Set<string>();
  if (seen.has(schema)) return {properties, required};
  seen.add(schema);
  for (const part of (schema.allOf ?? []) as JsonObject[]) {
    const inner = objectShape(spec, deref(spec, part) ?? {}, seen);
    Object.assign(properties, inner.properties);
    inner.required.forEach((name) => required.add(name));
  }
  Object.assign(properties, schema.properties ?? {});
  ((schema.required ?? []) as string[]).forEach((name) => required.add(name));
  return {properties, required};
}

/**
 * The schema whose fields a list describes: array items are looked through, and so is a `oneOf`/`anyOf` whose
 * only other variant is `null` (a nullable reference, as 3.1 writes it).
 */
function holderOf(spec: JsonObject, rawSchema: JsonObject | undefined): {schema?: JsonObject; name?: string} {
  let name = refName(rawSchema);
  let schema = deref(spec, rawSchema);
  for (let depth = 0; schema && depth < 8; depth += 1) {
    if (typesOf(schema)[0] === 'array' && schema.items) {
      name = refName(schema.items) ?? name;
      schema = deref(spec, schema.items);
      continue;
    }
    const variants = variantSchemas(spec, schema);
    if (variants?.length === 1 && !schema.properties && !schema.allOf) {
      name = refName(variants[0]) ?? name;
      schema = deref(spec, variants[0]);
      continue;
    }
    break;
  }
  return {schema, name};
}

function hasFields(spec: JsonObject, schema: JsonObject | undefined): boolean {
  if (!schema) return false;
  if (schema.properties || schema.allOf || typeof schema.additionalProperties === 'object' || schema.patternProperties)
    return true;
  const variants = variantSchemas(spec, schema);
  return Boolean(variants?.some((variant) => hasFields(spec, deref(spec, variant))));
}

type Context = {
  spec: JsonObject;
  direction: Direction;
  /** The schemas enclosing this one: a schema met again is recursion. */
  trail: JsonObject[];
  /** Schemas already shown on this tree, with the anchor of their first showing: shown once, then linked. */
  shown: Map<JsonObject, {id: string; name: string}>;
};

const code = (value: Json): Segment => ({code: valueText(value)});

function listFact(label: string, values: Json[]): Fact {
  return [label, ...values.flatMap((value, index) => (index === 0 ? [code(value)] : [', ', code(value)])), '.'];
}

function variantsOf(
  context: Context,
  schema: JsonObject,
  idPrefix: string,
): Pick<SchemaShape, 'variants' | 'discriminator' | 'variantKeyword'> {
  const {spec} = context;
  const raw = variantSchemas(spec, schema);
  if (!raw?.length || !raw.some((variant) => hasFields(spec, deref(spec, variant)))) return {variants: []};
  const discriminator: string | undefined = schema.discriminator?.propertyName;
  const mapping = Object.entries<string>(schema.discriminator?.mapping ?? {});
  const titles = new Set<string>();
  const variants = raw.map((variant, index) => {
    const target = deref(spec, variant) ?? {};
    const name = refName(variant);
    const selectorFromEnum = discriminator
      ? deref(spec, objectShape(spec, target).properties[discriminator])?.enum
      : undefined;
    const selectorFromConst = discriminator
      ? deref(spec, objectShape(spec, target).properties[discriminator])?.const
      : undefined;
    const selector =
      mapping.find(([, ref]) => decodeURIComponent(ref.split('/').pop() ?? '') === name)?.[0] ??
      (selectorFromEnum?.length === 1
        ? String(selectorFromEnum[0])
        : selectorFromConst !== undefined
          ? String(selectorFromConst)
          : discriminator && name
            ? name
            : undefined);
    let title: string = target.title ?? name ?? typeLabel(spec, variant);
    if (titles.has(title)) title = `${title} (${index + 1})`;
    titles.add(title);
    // The variant is part of its fields' anchors (`…-connection-snowflake-warehouse`): an anchor names one
    // field, and stays the same when another variant gains a field of the same name.
    const variantPrefix = `${idPrefix}-${anchorSegment(selector ?? title)}`;
    const first = context.shown.get(target);
    if (first || context.trail.includes(target)) {
      const facts: Fact[] = [
        first
          ? ['Same fields as ', {link: `#${first.id}`, text: first.name}, ' above.']
          : ['Same fields as the enclosing ', code(title), '.'],
      ];
      return {
        id: variantPrefix,
        title,
        selector,
        description: target.description,
        shape: {fields: [], variants: [], facts},
      };
    }
    if (name) context.shown.set(target, {id: variantPrefix, name: title});
    return {
      id: variantPrefix,
      title,
      selector,
      description: target.description,
      shape: shapeOf(context, target, variantPrefix),
    };
  });
  return {variants, discriminator, variantKeyword: schema.oneOf ? 'oneOf' : 'anyOf'};
}

function shapeOf(context: Context, schema: JsonObject, idPrefix: string): SchemaShape {
  const {spec, direction} = context;
  const inner: Context = {...context, trail: [...context.trail, schema]};
  const {properties, required} = objectShape(spec, schema);
  const fields: SchemaField[] = [];
  for (const [propertyName, rawProperty] of Object.entries(properties)) {
    const property = deref(spec, rawProperty) ?? {};
    if ((direction === 'request' && property.readOnly) || (direction === 'response' && property.writeOnly)) continue;
    fields.push(
      fieldOf(
        inner,
        propertyName,
        rawProperty,
        required.has(propertyName),
        `${idPrefix}-${anchorSegment(propertyName)}`,
      ),
    );
  }
  const facts: Fact[] = [];
  for (const [pattern, rawValue] of Object.entries<JsonObject>(schema.patternProperties ?? {})) {
    facts.push(['Keys matching ', code(pattern), ': ', code(typeLabel(spec, rawValue)), ' values.']);
  }
  if (typeof schema.additionalProperties === 'object') {
    const additional = deref(spec, schema.additionalProperties) ?? {};
    facts.push([
      fields.length ? 'Any other key: ' : 'Any key: ',
      code(typeLabel(spec, schema.additionalProperties)),
      ' values.',
      ...(additional.description ? [` ${oneLine(additional.description)}`] : []),
    ]);
  }
  return {fields, facts, ...variantsOf(inner, schema, idPrefix)};
}

/** A description on one line, for a fact. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function factsOf(
  spec: JsonObject,
  schema: JsonObject,
  items: JsonObject | undefined,
  example: Json | undefined,
): Fact[] {
  const facts: Fact[] = [];
  const allowed = (schema.enum ?? items?.enum) as Json[] | undefined;
  if (allowed?.length)
    facts.push(
      listFact(
        'Allowed values: ',
        allowed.filter((value) => value !== null),
      ),
    );
  if (schema.const !== undefined) facts.push(['Always ', code(schema.const), '.']);
  if (schema.default !== undefined) facts.push(['Default: ', code(schema.default), '.']);
  // Objects are shown by their fields and in the body's example; a scalar's own example is worth a line.
  const scalar = (value: Json) =>
    value === null ||
    typeof value !== 'object' ||
    (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object'));
  if (example !== undefined && !allowed && schema.const === undefined && scalar(example))
    facts.push(['Example: ', code(example), '.']);
  const limits = [...limitsOf(schema), ...(items ? limitsOf(items).map((limit) => `each ${limit}`) : [])];
  if (limits.length) facts.push([`${limits.join('; ')}.`.replace(/^./, (first) => first.toUpperCase())]);
  const pattern = schema.pattern ?? items?.pattern;
  if (pattern) facts.push(['Matches ', code(pattern), '.']);
  if (schema.not)
    facts.push([
      'Must not be ',
      code(typeLabel(spec, schema.not)),
      ...(deref(spec, schema.not)?.enum
        ? [' ', ...listFact('with a value among ', deref(spec, schema.not)?.enum).slice(1)]
        : ['.']),
    ]);
  if (schema.contentMediaType)
    facts.push(
      [
        'Content: ',
        code(schema.contentMediaType),
        schema.contentEncoding ? [' (', code(schema.contentEncoding), ').'] : '.',
      ].flat(),
    );
  if (Array.isArray(schema.prefixItems)) {
    facts.push([
      'Items in order: ',
      ...(schema.prefixItems as JsonObject[]).flatMap((item, index) => [
        index ? ', ' : '',
        code(typeLabel(spec, item)),
      ]),
      '.',
    ]);
  }
  if (schema.externalDocs?.url)
    facts.push([
      'See ',
      {
        link: String(schema.externalDocs.url),
        text: oneLine(String(schema.externalDocs.description ?? schema.externalDocs.url)),
      },
      '.',
    ]);
  return facts;
}

function exampleOfSchema(schema: JsonObject): Json | undefined {
  if (schema.example !== undefined) return schema.example;
  return Array.isArray(schema.examples) && schema.examples.length > 0 ? schema.examples[0] : undefined;
}

function fieldOf(
  context: Context,
  name: string,
  rawSchema: JsonObject,
  required: boolean,
  id: string,
  example?: Json,
): SchemaField {
  const {spec} = context;
  const schema = deref(spec, rawSchema) ?? {};
  const items = typesOf(schema)[0] === 'array' ? (deref(spec, schema.items) ?? {}) : undefined;
  const field: SchemaField = {
    id,
    name,
    type: typeLabel(spec, rawSchema),
    required,
    nullable: isNullable(spec, schema),
    readOnly: Boolean(schema.readOnly),
    writeOnly: Boolean(schema.writeOnly),
    deprecated: Boolean(schema.deprecated),
    description: schema.description,
    facts: factsOf(spec, schema, items, example ?? exampleOfSchema(schema)),
  };
  const holder = holderOf(spec, rawSchema);
  if (!holder.schema || !hasFields(spec, holder.schema)) return field;
  const label = holder.name ?? holder.schema.title ?? name;
  if (context.trail.includes(holder.schema)) {
    field.facts.push(['Same fields as the enclosing ', code(label), '.']);
    return field;
  }
  const first = context.shown.get(holder.schema);
  if (first) {
    field.facts.push(['Same fields as ', {link: `#${first.id}`, text: first.name}, ' above.']);
    return field;
  }
  if (holder.name) context.shown.set(holder.schema, {id, name});
  field.shape = shapeOf(context, holder.schema, id);
  return field;
}

/** The fields of a body schema, anchored under `idPrefix` (`request-body`, `response-200`). */
export function schemaShape(
  spec: JsonObject,
  rawSchema: JsonObject | undefined,
  idPrefix: string,
  direction: Direction,
): SchemaShape {
  const {schema} = holderOf(spec, rawSchema);
  if (!schema || !hasFields(spec, schema)) return {fields: [], variants: [], facts: []};
  return shapeOf({spec, direction, trail: [], shown: new Map()}, schema, idPrefix);
}

/**
 * One parameter (or response header) as a field, anchored `path-dataset-id`, `query-limit`,
 * `header-idempotency-key`. A parameter described by `content` takes the schema of its media type.
 */
export function parameterField(spec: JsonObject, parameter: JsonObject, idPrefix = String(parameter.in)): SchemaField {
  const [contentType, media] = Object.entries<JsonObject>(parameter.content ?? {})[0] ?? [];
  const rawSchema = parameter.schema ?? media?.schema ?? {};
  const example =
    parameter.example ??
    (deref(spec, Object.values<JsonObject>(parameter.examples ?? {})[0])?.value as Json | undefined);
  const field = fieldOf(
    {spec, direction: 'request', trail: [], shown: new Map()},
    parameter.name,
    rawSchema,
    // A path parameter is always required (OpenAPI: `required` MUST be true), whatever the file writes.
    Boolean(parameter.required) || parameter.in === 'path',
    `${idPrefix}-${anchorSegment(parameter.name)}`,
    example,
  );
  if (contentType) field.facts.push(['Sent as ', code(contentType), '.']);
  if (parameter.style !== undefined || parameter.explode !== undefined) {
    field.facts.push([
      'Serialised with ',
      ...(parameter.style !== undefined ? ['style ', code(parameter.style)] : []),
      ...(parameter.style !== undefined && parameter.explode !== undefined ? [', '] : []),
      ...(parameter.explode !== undefined ? ['explode ', code(parameter.explode)] : []),
      '.',
    ]);
  }
  if (parameter.allowReserved) field.facts.push(['Reserved characters are sent as they are.']);
  return {
    ...field,
    description: parameter.description ?? field.description,
    deprecated: Boolean(parameter.deprecated) || field.deprecated,
  };
}
