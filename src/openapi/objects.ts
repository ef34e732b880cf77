// The objects of the API reference: each named schema (`components.schemas`) with fields that an operation or a
// webhook reaches gets a page of its own, "The Dataset object": its description, its fields to OBJECT_FIELD_DEPTH (the
// named objects in them linked), an example, the operations and webhooks whose pages show it and the objects that hold it.
// Operation pages list a named object's fields to FIELD_DEPTH and link here for the rest (fields.ts), so no page
// repeats a whole tree. The set is found by one walk of the schemas the operations use: linear in the description.
import {boundedPageId, deref, HTTP_METHODS, isObject, pointerSegment, type Json, type JsonObject} from './document';
import {objectExample} from './examples';
import {
  anchorSegment,
  hasFields,
  OBJECT_FIELD_DEPTH,
  PageSchemas,
  schemaShape,
  typeLabel,
  type ObjectPageRef,
  type SchemaShape,
} from './fields';
import type {ApiOperation} from './operations';

/** The folder of the object pages under the API reference's route: `/docs/api/objects/dataset`. */
export const OBJECTS_FOLDER = 'objects';

/** A named schema with a page: its page id (`objects/dataset`), name, pointer and schema. */
export type ApiObject = ObjectPageRef & {
  /** Its page's slug within the objects folder: `dataset`. */
  slug: string;
  pointer: string;
  schema: JsonObject;
};

/** The object pages of a description, in the order of their names, and each by its schema (for fields.ts). */
export type ApiObjects = {list: ApiObject[]; bySchema: Map<JsonObject, ObjectPageRef>};

/** Keys whose value is one schema, a list of schemas, or a map of schemas (JSON Schema's applicators). */
const ONE_SCHEMA = ['items', 'additionalProperties', 'not', 'contains', 'if', 'then', 'else', 'unevaluatedProperties'];
const SCHEMA_LIST = ['allOf', 'oneOf', 'anyOf', 'prefixItems'];
const SCHEMA_MAP = ['properties', 'patternProperties', 'dependentSchemas'];

/** The named schemas with fields that the operations and webhooks reach, through any depth of schemas. */
export function objectsOf(spec: JsonObject, operations: ApiOperation[], file: string): ApiObjects {
  const names = new Map<JsonObject, string>();
  for (const [name, schema] of Object.entries<JsonObject>(spec.components?.schemas ?? {})) {
    // An alias (`A: {$ref: B}`) is its target's: the page is B's.
    if (isObject(schema) && typeof schema.$ref !== 'string' && !names.has(schema)) names.set(schema, name);
  }
  const reached = new Set<JsonObject>();
  const visited = new Set<JsonObject>();
  const pending: JsonObject[] = [];
  const schema = (node: unknown) => {
    if (!isObject(node)) return;
    const target = deref(spec, node, file);
    if (!target || visited.has(target)) return;
    visited.add(target);
    pending.push(target);
  };
  const media = (content: unknown) => {
    if (!isObject(content)) return;
    for (const entry of Object.values(content)) schema(deref(spec, entry as JsonObject, file)?.schema);
  };
  const parameter = (raw: unknown) => {
    const resolved = isObject(raw) ? deref(spec, raw, file) : undefined;
    schema(resolved?.schema);
    media(resolved?.content);
  };
  const operation = (definition: JsonObject, parameters: unknown[]) => {
    parameters.forEach(parameter);
    media(deref(spec, definition.requestBody, file)?.content);
    for (const raw of Object.values<JsonObject>(definition.responses ?? {})) {
      const response = deref(spec, raw, file);
      media(response?.content);
      Object.values<unknown>(response?.headers ?? {}).forEach(parameter);
    }
    for (const rawCallback of Object.values<JsonObject>(definition.callbacks ?? {})) {
      for (const rawItem of Object.values<JsonObject>(deref(spec, rawCallback, file) ?? {})) {
        const item = isObject(rawItem) ? (deref(spec, rawItem, file) ?? {}) : {};
        for (const method of HTTP_METHODS) {
          if (isObject(item[method]))
            operation(item[method], [...((item.parameters ?? []) as unknown[]), ...(item[method].parameters ?? [])]);
        }
      }
    }
  };
  for (const page of operations) operation(page.definition, page.parameters);
  while (pending.length) {
    const node = pending.pop()!;
    if (names.has(node) && hasFields(spec, node)) reached.add(node);
    for (const key of ONE_SCHEMA) schema(node[key]);
    for (const key of SCHEMA_LIST) if (Array.isArray(node[key])) (node[key] as unknown[]).forEach(schema);
    for (const key of SCHEMA_MAP) if (isObject(node[key])) Object.values(node[key]).forEach(schema);
  }
  const taken = new Set<string>();
  const list = [...reached]
    .map((node) => ({node, name: names.get(node)!}))
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || (a.name < b.name ? -1 : 1))
    .map(({node, name}): ApiObject => {
      const base = boundedPageId(anchorSegment(name));
      let slug = base;
      for (let suffix = 2; taken.has(slug); suffix += 1) slug = `${base}-${suffix}`;
      taken.add(slug);
      return {
        id: `${OBJECTS_FOLDER}/${slug}`,
        slug,
        name,
        pointer: `#/components/schemas/${pointerSegment(name)}`,
        schema: node,
      };
    });
  return {list, bySchema: new Map(list.map((object) => [object.schema, {id: object.id, name: object.name}]))};
}

/** What an object page shows, before the operations that use it are known. */
export type ObjectPageModel = {
  id: string;
  name: string;
  /** `The Dataset object`. */
  title: string;
  pointer: string;
  description?: string;
  /** A short type of the whole object: `object`, `SnowflakeConnection or BigQueryConnection`. */
  type: string;
  deprecated: boolean;
  /** Every field, both directions (read-only and write-only marked), named objects within linked. */
  shape: SchemaShape;
  /** An example of the object as the API returns it: the description's, else built from the schema. */
  example: Json;
  /** The object pages this one links to, by id. */
  objects: string[];
};

/** Where an object is shown: the operations and webhooks whose pages link it, and the objects whose fields hold it. */
export type ObjectUses = {
  operations: Array<{id: string; title: string; kind: 'operation' | 'webhook'; method: string; path: string}>;
  /** Past USES_LISTED operations, those of a tag with a page are counted under it instead (their tag page lists them). */
  tags: Array<{id: string; label: string; count: number}>;
  objects: ObjectPageRef[];
};

/**
 * How many operations and webhooks an object page lists one by one: an error object that 700 operations return
 * (Okta's) would be 100 kB of links; past this, each tag's operations are counted and its page linked.
 */
export const USES_LISTED = 60;

/** The model of an object's page. */
export function objectPageModel(spec: JsonObject, object: ApiObject, objects: ApiObjects): ObjectPageModel {
  const page = new PageSchemas(spec, {
    objects: objects.bySchema,
    self: object.schema,
    pageId: object.id,
    fieldDepth: OBJECT_FIELD_DEPTH,
  });
  const shape = schemaShape(spec, object.schema, object.slug, undefined, page);
  return {
    id: object.id,
    name: object.name,
    title: `The ${object.name} object`,
    pointer: object.pointer,
    description: object.schema.description,
    type: typeLabel(spec, object.schema),
    deprecated: Boolean(object.schema.deprecated),
    shape,
    example: objectExample(spec, object.schema),
    objects: [...page.objectsLinked],
  };
}
