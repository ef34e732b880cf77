// The fields a reader of the API reference sees for a schema: one tree per parameter list, request body or
// response body, with the anchor id of every field. The operation pages (src/plugins/api-pages) render it.
import {deref, type Json, type JsonObject} from './document';

/** Which way a body travels: read-only properties are never sent, write-only ones never returned. */
export type Direction = 'request' | 'response';

/** The fields of an object, or of the objects an array holds; variants when the schema is `oneOf`/`anyOf`. */
export type SchemaShape = {
  fields: SchemaField[];
  variants: SchemaVariant[];
  /** The discriminating property of the variants (`type`), when the schema names one. */
  discriminator?: string;
  /** What the values of a map (`additionalProperties`) are. */
  additional?: {type: string; description?: string};
};

export type SchemaVariant = {
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
  /** A short type: `string<date-time>`, `array of object`, `integer`. */
  type: string;
  required: boolean;
  nullable: boolean;
  readOnly: boolean;
  writeOnly: boolean;
  deprecated: boolean;
  description?: string;
  enum?: Json[];
  default?: Json;
  example?: Json;
  /** Bounds, as short phrases: `at least 1`, `at most 500 characters`. */
  limits: string[];
  /** The regular expression a string value matches. */
  pattern?: string;
  /** The format of a string value (`date-time`, `uri`), also part of `type`. */
  format?: string;
  /** The fields of a nested object (also through arrays). */
  shape?: SchemaShape;
  /** The nested schema repeats an enclosing one (a recursive schema): its name. */
  recursesInto?: string;
};

/** Lowercase letters, digits and hyphens: `schema_registry_secret_id` -> `schema-registry-secret-id`. */
export function anchorSegment(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function refName(node: JsonObject | undefined): string | undefined {
  return typeof node?.$ref === 'string' ? node.$ref.split('/').pop() : undefined;
}

/** A short type: `string<date-time>`, `array of object`, `SnowflakeConnection or BigQueryConnection`. */
export function typeLabel(spec: JsonObject, rawSchema: JsonObject | undefined): string {
  const schema = deref(spec, rawSchema);
  if (!schema) return 'any';
  if (schema.type === 'array') return `array of ${typeLabel(spec, schema.items)}`;
  const variants = (schema.oneOf ?? schema.anyOf) as JsonObject[] | undefined;
  if (variants) return variants.map((variant) => refName(variant) ?? typeLabel(spec, variant)).join(' or ');
  const base = Array.isArray(schema.type)
    ? schema.type.join(' or ')
    : (schema.type ?? (schema.properties || schema.allOf || schema.additionalProperties ? 'object' : 'any'));
  return schema.format ? `${base}<${schema.format}>` : String(base);
}

/** Bounds of a schema, as short phrases: `1 to 500`, `at most 64 characters`. */
export function limitsOf(schema: JsonObject): string[] {
  const limits: string[] = [];
  const range = (min: unknown, max: unknown, unit: string) => {
    if (min !== undefined && max !== undefined) limits.push(`${min} to ${max}${unit}`);
    else if (min !== undefined) limits.push(`at least ${min}${unit}`);
    else if (max !== undefined) limits.push(`at most ${max}${unit}`);
  };
  range(schema.minimum, schema.maximum, '');
  if (schema.exclusiveMinimum !== undefined && typeof schema.exclusiveMinimum === 'number') limits.push(`more than ${schema.exclusiveMinimum}`);
  if (schema.exclusiveMaximum !== undefined && typeof schema.exclusiveMaximum === 'number') limits.push(`less than ${schema.exclusiveMaximum}`);
  range(schema.minLength, schema.maxLength, ' characters');
  range(schema.minItems, schema.maxItems, ' items');
  if (schema.uniqueItems) limits.push('unique items');
  return limits;
}

/** Properties and required names of an object schema, `allOf` parts merged in order. */
export function objectShape(spec: JsonObject, schema: JsonObject): {properties: Record<string, JsonObject>; required: Set<string>} {
  const properties: Record<string, JsonObject> = {};
  const required = new Set<string>();
  for (const part of (schema.allOf ?? []) as JsonObject[]) {
    const inner = objectShape(spec, deref(spec, part) ?? {});
    Object.assign(properties, inner.properties);
    inner.required.forEach((name) => required.add(name));
  }
  Object.assign(properties, schema.properties ?? {});
  ((schema.required ?? []) as string[]).forEach((name) => required.add(name));
  return {properties, required};
}

/** The schema whose fields a list describes: array items are looked through. */
function holderOf(spec: JsonObject, rawSchema: JsonObject | undefined): {schema?: JsonObject; name?: string} {
  let name = refName(rawSchema);
  let schema = deref(spec, rawSchema);
  while (schema?.type === 'array') {
    name = refName(schema.items) ?? name;
    schema = deref(spec, schema.items);
  }
  return {schema, name};
}

function hasFields(schema: JsonObject | undefined): boolean {
  return Boolean(schema && (schema.properties || schema.allOf || schema.oneOf || schema.anyOf || typeof schema.additionalProperties === 'object'));
}

type Context = {spec: JsonObject; direction: Direction; trail: string[]};

function variantsOf(context: Context, schema: JsonObject, idPrefix: string): Pick<SchemaShape, 'variants' | 'discriminator'> {
  const {spec} = context;
  const raw = (schema.oneOf ?? schema.anyOf) as JsonObject[] | undefined;
  if (!raw) return {variants: []};
  const discriminator: string | undefined = schema.discriminator?.propertyName;
  const mapping = Object.entries<string>(schema.discriminator?.mapping ?? {});
  const resolved = raw.map((variant) => ({raw: variant, schema: deref(spec, variant) ?? {}}));
  const variants = resolved.map(({raw: variant, schema: target}, index) => {
    const name = refName(variant);
    const selectorFromEnum = discriminator ? deref(spec, objectShape(spec, target).properties[discriminator])?.enum : undefined;
    const selector = mapping.find(([, ref]) => ref.split('/').pop() === name)?.[0] ?? (selectorFromEnum?.length === 1 ? String(selectorFromEnum[0]) : undefined);
    const title = target.title ?? name ?? `Variant ${index + 1}`;
    const variantPrefix = `${idPrefix}-${anchorSegment(selector ?? title)}`;
    // The variant is part of its fields' anchors (`…-connection-snowflake-warehouse`): an anchor names one
    // field, and stays the same when another variant gains a field of the same name.
    const shape = shapeOf(context, target, variantPrefix, name);
    return {title, selector, description: target.description, shape};
  });
  return {variants, discriminator};
}

function shapeOf(context: Context, schema: JsonObject, idPrefix: string, name?: string): SchemaShape {
  const {spec, direction} = context;
  const inner: Context = name ? {...context, trail: [...context.trail, name]} : context;
  const {properties, required} = objectShape(spec, schema);
  const fields: SchemaField[] = [];
  for (const [propertyName, rawProperty] of Object.entries(properties)) {
    const property = deref(spec, rawProperty) ?? {};
    if ((direction === 'request' && property.readOnly) || (direction === 'response' && property.writeOnly)) continue;
    const id = `${idPrefix}-${anchorSegment(propertyName)}`;
    fields.push(fieldOf(inner, propertyName, rawProperty, required.has(propertyName), id));
  }
  const additional =
    typeof schema.additionalProperties === 'object'
      ? {type: typeLabel(spec, schema.additionalProperties), description: deref(spec, schema.additionalProperties)?.description}
      : undefined;
  return {fields, ...variantsOf(inner, schema, idPrefix), ...(additional ? {additional} : {})};
}

function fieldOf(context: Context, name: string, rawSchema: JsonObject, required: boolean, id: string): SchemaField {
  const {spec} = context;
  const schema = deref(spec, rawSchema) ?? {};
  const items = schema.type === 'array' ? (deref(spec, schema.items) ?? {}) : undefined;
  const field: SchemaField = {
    id,
    name,
    type: typeLabel(spec, rawSchema),
    required,
    nullable: Boolean(schema.nullable) || (Array.isArray(schema.type) && schema.type.includes('null')),
    readOnly: Boolean(schema.readOnly),
    writeOnly: Boolean(schema.writeOnly),
    deprecated: Boolean(schema.deprecated),
    description: schema.description,
    enum: schema.enum ?? items?.enum,
    default: schema.default,
    example: schema.example,
    limits: [...limitsOf(schema), ...(items ? limitsOf(items).map((limit) => `each ${limit}`) : [])],
    pattern: schema.pattern ?? items?.pattern,
    format: schema.format ?? items?.format,
  };
  const holder = holderOf(spec, rawSchema);
  if (holder.name && context.trail.includes(holder.name)) {
    field.recursesInto = holder.name;
  } else if (hasFields(holder.schema)) {
    field.shape = shapeOf(context, holder.schema ?? {}, id, holder.name);
  }
  return field;
}

/** The fields of a body schema, anchored under `idPrefix` (`request-body`, `response-200`). */
export function schemaShape(spec: JsonObject, rawSchema: JsonObject | undefined, idPrefix: string, direction: Direction): SchemaShape {
  const {schema, name} = holderOf(spec, rawSchema);
  if (!hasFields(schema)) return {fields: [], variants: []};
  return shapeOf({spec, direction, trail: []}, schema ?? {}, idPrefix, name);
}

/** One parameter as a field, anchored `path-dataset-id`, `query-limit`, `header-idempotency-key`. */
export function parameterField(spec: JsonObject, parameter: JsonObject): SchemaField {
  const field = fieldOf({spec, direction: 'request', trail: []}, parameter.name, parameter.schema ?? {}, Boolean(parameter.required), `${parameter.in}-${anchorSegment(parameter.name)}`);
  return {
    ...field,
    description: parameter.description ?? field.description,
    deprecated: Boolean(parameter.deprecated) || field.deprecated,
    example: parameter.example ?? field.example,
  };
}
