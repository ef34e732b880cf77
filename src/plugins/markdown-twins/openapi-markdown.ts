import {deref, mediaTypeExample, requestSampleVariables, requestSamples, type ApiOperation, type JsonObject} from '../../openapi';
import {MarkdownTwinError} from './mdx-to-markdown';

/** Formats Markdown text of the description; links made absolute. */
export type DescriptionFormatter = (markdown: string) => Promise<string>;

/** The first server's URL with its variables set to their defaults. */
export function serverUrl(spec: JsonObject): string {
  const server = (spec.servers as JsonObject[] | undefined)?.[0];
  if (!server) {
    return '';
  }
  return String(server.url).replace(/\{([^}]+)\}/g, (whole, name: string) => String(server.variables?.[name]?.default ?? whole));
}

function oneLine(value: unknown): string {
  return String(value ?? '')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
}

function code(value: unknown): string {
  const textValue = typeof value === 'string' ? value : JSON.stringify(value);
  const ticks = textValue.includes('`') ? '``' : '`';
  return `${ticks}${textValue}${ticks}`;
}

/** Properties and required names of an object schema, allOf parts merged. */
function objectShape(spec: JsonObject, schema: JsonObject, file: string): {properties: Record<string, JsonObject>; required: Set<string>} {
  const properties: Record<string, JsonObject> = {};
  const required = new Set<string>();
  for (const part of (schema.allOf ?? []) as JsonObject[]) {
    const inner = objectShape(spec, deref(spec, part, file) ?? {}, file);
    Object.assign(properties, inner.properties);
    inner.required.forEach((name) => required.add(name));
  }
  Object.assign(properties, schema.properties ?? {});
  ((schema.required ?? []) as string[]).forEach((name) => required.add(name));
  return {properties, required};
}

function refName(node: JsonObject | undefined): string | undefined {
  return typeof node?.$ref === 'string' ? node.$ref.split('/').pop() : undefined;
}

/** A short type: `string (date-time)`, `array of object`, `integer`. */
export function typeOf(spec: JsonObject, rawSchema: JsonObject | undefined, file: string): string {
  const schema = deref(spec, rawSchema, file);
  if (!schema) {
    return 'any';
  }
  if (schema.type === 'array') {
    return `array of ${typeOf(spec, schema.items, file)}`;
  }
  if (schema.oneOf || schema.anyOf) {
    return ((schema.oneOf ?? schema.anyOf) as JsonObject[]).map((variant) => refName(variant) ?? typeOf(spec, variant, file)).join(' or ');
  }
  const base = schema.type ?? (schema.properties || schema.allOf ? 'object' : 'any');
  return schema.format ? `${base} (${schema.format})` : String(base);
}

function constraints(schema: JsonObject): string[] {
  const notes: string[] = [];
  if (Array.isArray(schema.enum)) {
    notes.push(`One of ${schema.enum.map(code).join(', ')}.`);
  }
  if (schema.default !== undefined) {
    notes.push(`Default ${code(schema.default)}.`);
  }
  const ranges: Array<[string, string]> = [
    ['minimum', 'Minimum'],
    ['maximum', 'Maximum'],
    ['minLength', 'Minimum length'],
    ['maxLength', 'Maximum length'],
    ['minItems', 'Minimum items'],
    ['maxItems', 'Maximum items'],
  ];
  for (const [key, label] of ranges) {
    if (schema[key] !== undefined) {
      notes.push(`${label} ${schema[key]}.`);
    }
  }
  if (schema.pattern) {
    notes.push(`Pattern ${code(schema.pattern)}.`);
  }
  return notes;
}

/** The schema a field list describes: array items and allOf-merged objects. */
function fieldsHolder(spec: JsonObject, rawSchema: JsonObject | undefined, file: string): JsonObject | undefined {
  let schema = deref(spec, rawSchema, file);
  while (schema?.type === 'array') {
    schema = deref(spec, schema.items, file);
  }
  return schema;
}

/**
 * A readable field list of a schema: one line per property with its type, whether it is required, its
 * description and constraints; nested objects and array items indented below their field.
 */
export function schemaFields(spec: JsonObject, rawSchema: JsonObject | undefined, file: string, depth = 0, trail: string[] = []): string[] {
  const schema = fieldsHolder(spec, rawSchema, file);
  if (!schema) {
    return [];
  }
  const indent = '  '.repeat(depth);
  const variants = (schema.oneOf ?? schema.anyOf) as JsonObject[] | undefined;
  if (variants) {
    return variants.flatMap((variant, index) => {
      const name = refName(variant) ?? `variant ${index + 1}`;
      const target = deref(spec, variant, file) ?? {};
      const title = target.title ?? name;
      return [`${indent}- One of: **${title}**${target.description ? ` — ${oneLine(target.description)}` : ''}`, ...schemaFields(spec, variant, file, depth + 1, trail)];
    });
  }
  const {properties, required} = objectShape(spec, schema, file);
  const lines: string[] = [];
  for (const [name, rawProperty] of Object.entries(properties)) {
    const property = deref(spec, rawProperty, file) ?? {};
    const flags = [typeOf(spec, rawProperty, file), required.has(name) ? 'required' : 'optional'];
    if (property.nullable) flags.push('nullable');
    if (property.readOnly) flags.push('read-only');
    if (property.writeOnly) flags.push('write-only');
    if (property.deprecated) flags.push('deprecated');
    const notes = [oneLine(property.description), ...constraints(property)].filter(Boolean).join(' ');
    lines.push(`${indent}- ${code(name)} (${flags.join(', ')})${notes ? `: ${notes}` : ''}`);
    const nestedRef = refName(rawProperty) ?? refName(rawProperty.items);
    if (nestedRef && trail.includes(nestedRef)) {
      lines.push(`${indent}  - Same fields as ${code(nestedRef)} above.`);
      continue;
    }
    const nested = fieldsHolder(spec, rawProperty, file);
    if (nested && (nested.properties || nested.allOf || nested.oneOf || nested.anyOf)) {
      lines.push(...schemaFields(spec, rawProperty, file, depth + 1, nestedRef ? [...trail, nestedRef] : trail));
    }
    const additional = nested?.additionalProperties;
    if (additional && typeof additional === 'object') {
      lines.push(`${indent}  - Any key: ${typeOf(spec, additional, file)}${additional.description ? `: ${oneLine(additional.description)}` : ''}`);
    }
  }
  return lines;
}

/** An example value built from a schema: its example, default or first enum value, else a typed placeholder. */
export function sampleOf(spec: JsonObject, rawSchema: JsonObject | undefined, file: string, trail: string[] = []): unknown {
  const schema = deref(spec, rawSchema, file);
  if (!schema) return null;
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const variants = (schema.oneOf ?? schema.anyOf) as JsonObject[] | undefined;
  if (variants) return sampleOf(spec, variants[0], file, trail);
  if (schema.type === 'array') {
    const name = refName(schema.items);
    return name && trail.includes(name) ? [] : [sampleOf(spec, schema.items, file, name ? [...trail, name] : trail)];
  }
  if (schema.type === 'object' || schema.properties || schema.allOf) {
    const {properties} = objectShape(spec, schema, file);
    const sample: JsonObject = {};
    for (const [name, property] of Object.entries(properties)) {
      const ref = refName(property);
      if (ref && trail.includes(ref)) continue;
      if ((deref(spec, property, file) ?? {}).readOnly) continue;
      sample[name] = sampleOf(spec, property, file, ref ? [...trail, ref] : trail);
    }
    return sample;
  }
  switch (schema.type) {
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return true;
    default:
      return schema.format === 'date-time' ? '2025-01-01T00:00:00Z' : 'string';
  }
}

/** The example of a media type: `example`, the first of `examples`, else one built from the schema. */
function fenced(language: string, content: string): string {
  const fence = content.includes('```') ? '````' : '```';
  return `${fence}${language}\n${content}\n${fence}`;
}

/** Describes one media type: its fields, then its example. */
function mediaSection(
  spec: JsonObject,
  contentType: string,
  media: JsonObject,
  file: string,
  exampleTitle: string,
  described: Set<string>,
): string[] {
  const parts = [`Content type ${code(contentType)}.`];
  const schemaName = refName(media.schema) ?? refName(media.schema?.items);
  const fields = schemaFields(spec, media.schema, file);
  const schema = fieldsHolder(spec, media.schema, file);
  const shape = deref(spec, media.schema, file);
  const kind = shape?.type === 'array' ? 'An array of objects' : 'An object';
  if (fields.length && schemaName && described.has(schemaName)) {
    parts.push(`${kind} (${code(schemaName)}) with the fields listed above.`);
  } else if (fields.length) {
    if (schemaName) described.add(schemaName);
    parts.push(`${kind}${schemaName ? ` (${code(schemaName)})` : ''} with these fields:`, fields.join('\n'));
  } else if (schema) {
    parts.push(`Type: ${typeOf(spec, media.schema, file)}.`);
  }
  const given = mediaTypeExample(spec, media, file);
  const example = given !== undefined ? given : sampleOf(spec, media.schema, file);
  if (example !== undefined) {
    parts.push(`${exampleTitle}:`, fenced('json', JSON.stringify(example, null, 2)));
  }
  return parts;
}

/** The Markdown of one operation's page: method and path, description, parameters, body, responses, request samples. */
export async function operationMarkdown(
  spec: JsonObject,
  operation: ApiOperation,
  file: string,
  formatDescription: DescriptionFormatter,
  summary = '',
): Promise<string> {
  const {definition} = operation;
  const described = new Set<string>();
  const title = definition.summary ?? operation.operationId;
  const method = operation.method.toUpperCase();
  const parts: string[] = [`# ${title}`];
  if (summary) parts.push(`> ${summary.replace(/\s*\n\s*/g, ' ')}`);
  if (definition.deprecated) parts.push('> Deprecated: this operation will be removed; see its description.');
  parts.push(`## ${method} ${operation.path}`, `${code(`${method} ${serverUrl(spec)}${operation.path}`)}`);
  parts.push(`Operation id ${code(operation.operationId)}${operation.tag ? `, in ${operation.tag}` : ''}.`);
  if (definition.description) parts.push(await formatDescription(definition.description));

  parts.push('## Request');
  if (operation.parameters.length) {
    parts.push('### Parameters');
    const rows = operation.parameters.map((parameter) => {
      const schema = deref(spec, parameter.schema, file) ?? {};
      const notes = [oneLine(parameter.description), ...constraints(schema)].filter(Boolean).join(' ');
      return `| ${code(parameter.name)} | ${parameter.in} | ${typeOf(spec, parameter.schema, file)} | ${parameter.required ? 'yes' : 'no'} | ${notes} |`;
    });
    parts.push(['| Name | In | Type | Required | Description |', '| --- | --- | --- | --- | --- |', ...rows].join('\n'));
  } else {
    parts.push('No parameters.');
  }
  const body = deref(spec, definition.requestBody, file);
  if (body) {
    parts.push('### Request body');
    parts.push(body.required ? 'Required.' : 'Optional.');
    if (body.description) parts.push(await formatDescription(body.description));
    for (const [contentType, media] of Object.entries<JsonObject>(body.content ?? {})) {
      parts.push(...mediaSection(spec, contentType, media, file, 'Example body', described));
    }
  } else {
    parts.push('No request body.');
  }

  parts.push('## Responses');
  const responses = Object.entries<JsonObject>(definition.responses ?? {});
  if (responses.length === 0) {
    throw new MarkdownTwinError(file, `${method} ${operation.path} declares no responses`);
  }
  for (const [status, rawResponse] of responses) {
    const response = deref(spec, rawResponse, file) ?? {};
    parts.push(`### ${status}`);
    if (response.description) parts.push(await formatDescription(response.description));
    const headers = Object.entries<JsonObject>(response.headers ?? {});
    if (headers.length) {
      parts.push(
        'Headers:',
        headers
          .map(([name, rawHeader]) => {
            const header = deref(spec, rawHeader, file) ?? {};
            return `- ${code(name)} (${typeOf(spec, header.schema, file)})${header.description ? `: ${oneLine(header.description)}` : ''}`;
          })
          .join('\n'),
      );
    }
    for (const [contentType, media] of Object.entries<JsonObject>(response.content ?? {})) {
      parts.push(...mediaSection(spec, contentType, media, file, 'Example', described));
    }
  }

  parts.push('## Request samples');
  const variables = requestSampleVariables(spec, operation);
  if (variables.length > 0) parts.push(`Each sample reads ${variables.map(code).join(' and ')} from the environment.`);
  for (const sample of requestSamples(spec, operation)) {
    parts.push(`${sample.label === sample.library ? sample.label : `${sample.label} (${sample.library})`}:`, fenced(sample.language, sample.code));
  }
  return parts.join('\n\n');
}
