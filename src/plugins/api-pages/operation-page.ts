// The MDX of one operation page of the API reference, written at generation time from the one model of the
// OpenAPI file (src/openapi): parameters, request body, responses and request samples are all in the page's
// HTML, nested objects and variants in native <details> that work without JavaScript.
import {
  deref,
  mediaTypeExample,
  parameterField,
  requestSampleVariables,
  requestSamples,
  schemaShape,
  type ApiOperation,
  type Json,
  type JsonObject,
  type RequestSample,
  type SchemaField,
  type SchemaShape,
} from '../../openapi';
import {escapeMdxText} from '../mdx-safe-descriptions';

/** The tab group whose choice Docusaurus remembers across pages and browser tabs. */
export const SAMPLE_LANGUAGE_GROUP = 'api-sample-language';

const PARAMETER_PLACES = [
  ['path', 'Path parameters'],
  ['query', 'Query parameters'],
  ['header', 'Header parameters'],
  ['cookie', 'Cookie parameters'],
] as const;

const STATUS_TEXT: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No Content',
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'Not Found',
  '409': 'Conflict',
  '422': 'Unprocessable Content',
  '429': 'Too Many Requests',
  '500': 'Internal Server Error',
  '503': 'Service Unavailable',
};

/** A heading with a fixed anchor (`response-200`), as the theme renders headings: with its direct link. */
function heading(level: 2 | 3, id: string, text: string): string {
  return `<Heading as="h${level}" id=${attribute(id)}>${escapeMdxText(text)}</Heading>`;
}

/** A JSX attribute value: any JSON as an expression. */
const attribute = (value: Json | undefined) => `{${JSON.stringify(value)}}`;

/** Markdown text of the description, safe in MDX, with blank lines around it as MDX flow content needs. */
function markdown(text: string | undefined): string {
  const safe = escapeMdxText(text?.trim());
  return safe ? `\n${safe}\n` : '';
}

/** Inline code for a value, whatever backticks it holds. */
function inlineCode(value: Json): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const ticks = text.includes('`') ? '``' : '`';
  return `${ticks}${text.includes('`') ? ` ${text} ` : text}${ticks}`;
}

function fenced(language: string, code: string): string {
  const fence = code.includes('```') ? '````' : '```';
  return `${fence}${language}\n${code}\n${fence}`;
}

/** The facts under a field's description: allowed values, default, example, limits. */
function factsOf(field: SchemaField): string {
  const facts: string[] = [];
  if (field.enum?.length) facts.push(`Allowed values: ${field.enum.map(inlineCode).join(', ')}.`);
  if (field.default !== undefined) facts.push(`Default: ${inlineCode(field.default)}.`);
  // Objects are shown by their fields and in the body's example; a scalar's own example is worth a line.
  const scalar = (value: Json) => value === null || typeof value !== 'object' || (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object'));
  if (field.example !== undefined && !field.enum && scalar(field.example)) facts.push(`Example: ${inlineCode(field.example)}.`);
  if (field.limits.length) facts.push(`${field.limits.join('; ')}.`.replace(/^./, (first) => first.toUpperCase()));
  if (field.pattern) facts.push(`Matches ${inlineCode(field.pattern)}.`);
  if (field.recursesInto) facts.push(`Same fields as the enclosing ${inlineCode(field.recursesInto)}.`);
  return facts.length ? `\n${facts.join(' ')}\n` : '';
}

function fieldMdx(field: SchemaField): string {
  const flags = (['nullable', 'readOnly', 'writeOnly', 'deprecated'] as const).filter((flag) => field[flag]);
  return [
    `<ApiField id=${attribute(field.id)} name=${attribute(field.name)} type=${attribute(field.type)}${field.required ? ' required' : ''}${flags.map((flag) => ` ${flag}`).join('')}>`,
    markdown(field.description),
    factsOf(field),
    field.shape ? shapeMdx(field.shape, `${field.name}`) : '',
    '</ApiField>',
  ]
    .filter(Boolean)
    .join('\n');
}

function countFields(shape: SchemaShape): number {
  return shape.fields.length + shape.variants.length;
}

/** A nested object's fields, or a variant's, folded in a <details> that opens without JavaScript. */
function shapeMdx(shape: SchemaShape, owner: string): string {
  const parts: string[] = [];
  if (shape.fields.length) {
    parts.push(
      `<ApiDisclosure summary=${attribute(`Fields of ${owner} (${shape.fields.length})`)}>`,
      fieldListMdx(shape.fields),
      '</ApiDisclosure>',
    );
  }
  if (shape.variants.length) parts.push(variantsMdx(shape, owner));
  if (shape.additional) {
    parts.push(`\nAny other key: ${inlineCode(shape.additional.type)} values.${shape.additional.description ? ` ${escapeMdxText(shape.additional.description.trim())}` : ''}\n`);
  }
  return parts.join('\n');
}

function variantsMdx(shape: SchemaShape, owner: string): string {
  const selectedBy = shape.discriminator ? `, selected by ${shape.discriminator}` : '';
  return [
    `<ApiDisclosure summary=${attribute(`${owner} is one of ${shape.variants.length} kinds${selectedBy}`)}>`,
    ...shape.variants.map((variant) =>
      [
        `<ApiDisclosure summary=${attribute(variant.selector ? `${shape.discriminator} = ${variant.selector}: ${variant.title}` : variant.title)}>`,
        markdown(variant.description),
        variant.shape.fields.length ? fieldListMdx(variant.shape.fields) : '',
        variant.shape.variants.length ? variantsMdx(variant.shape, variant.title) : '',
        '</ApiDisclosure>',
      ]
        .filter(Boolean)
        .join('\n'),
    ),
    '</ApiDisclosure>',
  ].join('\n');
}

function fieldListMdx(fields: SchemaField[]): string {
  return ['<ApiFieldList>', ...fields.map(fieldMdx), '</ApiFieldList>'].join('\n');
}

/** The top-level fields of a body: listed directly; variants and maps as in nested objects. */
function bodyFieldsMdx(shape: SchemaShape, owner: string): string {
  const parts: string[] = [];
  if (shape.fields.length) parts.push(fieldListMdx(shape.fields));
  if (shape.variants.length) parts.push(variantsMdx(shape, owner));
  if (shape.additional) parts.push(`\nAny key: ${inlineCode(shape.additional.type)} values.\n`);
  return parts.join('\n');
}

/** A media type's example: `example`, else the first of `examples`. */
function schemaNameOf(raw: JsonObject | undefined, spec: JsonObject): string | undefined {
  const name = (node: JsonObject | undefined) => (typeof node?.$ref === 'string' ? node.$ref.split('/').pop() : undefined);
  return name(raw) ?? name(deref(spec, raw)?.items);
}

function requestMdx(spec: JsonObject, operation: ApiOperation): string {
  const parts: string[] = [heading(2, 'request', 'Request')];
  for (const [place, title] of PARAMETER_PLACES) {
    const parameters = operation.parameters.filter((parameter) => parameter.in === place);
    if (parameters.length === 0) continue;
    parts.push(heading(3, `${place}-parameters`, title), fieldListMdx(parameters.map((parameter) => parameterField(spec, parameter))));
  }
  const body = deref(spec, operation.definition.requestBody);
  if (body) {
    for (const [contentType, media] of Object.entries<JsonObject>(body.content ?? {})) {
      const schemaName = schemaNameOf(media.schema, spec);
      parts.push(
        heading(3, 'request-body', 'Request body'),
        `\n${body.required ? 'Required' : 'Optional'}, ${inlineCode(contentType)}${schemaName ? `, schema ${inlineCode(schemaName)}` : ''}.\n`,
        markdown(body.description),
        bodyFieldsMdx(schemaShape(spec, media.schema, 'request-body', 'request'), 'The body'),
      );
      const example = mediaTypeExample(spec, media);
      if (example !== undefined) {
        parts.push(`<ApiDisclosure summary="Example request body">`, '', fenced('json', JSON.stringify(example, null, 2)), '', '</ApiDisclosure>');
      }
    }
  }
  if (parts.length === 1) parts.push('\nNo parameters and no request body.\n');
  return parts.join('\n\n');
}

function responseMdx(spec: JsonObject, status: string, rawResponse: JsonObject): string {
  const response = deref(spec, rawResponse) ?? {};
  const success = /^2/.test(status);
  const parts = [heading(3, `response-${status}`, `${status} ${STATUS_TEXT[status] ?? ''}`.trim()), markdown(response.description)];
  const headers = Object.entries<JsonObject>(response.headers ?? {});
  if (headers.length) {
    const fields = headers.map(([name, rawHeader]) => {
      const header = deref(spec, rawHeader) ?? {};
      return parameterField(spec, {...header, name, in: `response-${status}-header`});
    });
    parts.push(`<ApiDisclosure summary=${attribute(`Headers (${fields.length})`)}${success ? ' open' : ''}>`, fieldListMdx(fields), '</ApiDisclosure>');
  }
  for (const [contentType, media] of Object.entries<JsonObject>(response.content ?? {})) {
    const schemaName = schemaNameOf(media.schema, spec);
    const shape = schemaShape(spec, media.schema, `response-${status}`, 'response');
    const isArray = deref(spec, media.schema)?.type === 'array';
    const what = `${isArray ? 'An array of objects' : 'An object'}${schemaName ? ` (${schemaName})` : ''}, ${contentType}`;
    if (countFields(shape) > 0) {
      parts.push(`<ApiDisclosure summary=${attribute(`Body: ${what}`)}${success ? ' open' : ''}>`, bodyFieldsMdx(shape, 'The body'), '</ApiDisclosure>');
    } else {
      parts.push(`\nBody: ${inlineCode(contentType)}.\n`);
    }
    const example = mediaTypeExample(spec, media);
    if (example !== undefined) {
      parts.push(`<ApiDisclosure summary=${attribute(`Example ${status} response`)}>`, '', fenced('json', JSON.stringify(example, null, 2)), '', '</ApiDisclosure>');
    }
  }
  return parts.filter(Boolean).join('\n\n');
}

function responsesMdx(spec: JsonObject, operation: ApiOperation): string {
  const responses = Object.entries<JsonObject>(operation.definition.responses ?? {});
  return [heading(2, 'responses', 'Responses'), ...responses.map(([status, response]) => responseMdx(spec, status, response))].join('\n\n');
}

function samplesMdx(samples: RequestSample[], variables: string[]): string {
  const names = variables.map((variable) => `\`${variable}\``);
  return [
    heading(2, 'request-samples', 'Request samples'),
    names.length ? `\nThe samples read ${names.join(' and ')} from the environment.\n` : '',
    `<Tabs groupId=${attribute(SAMPLE_LANGUAGE_GROUP)}>`,
    ...samples.map((sample) =>
      [`<TabItem value=${attribute(sample.id)} label=${attribute(sample.label)}>`, '', fenced(`${sample.language} title=${JSON.stringify(sample.library)}`, sample.code), '', '</TabItem>'].join('\n'),
    ),
    '</Tabs>',
    '<RequestBuilder />',
  ]
    .filter(Boolean)
    .join('\n\n');
}

function securityMdx(spec: JsonObject, operation: ApiOperation): string {
  const security = (operation.definition.security ?? spec.security ?? []) as JsonObject[];
  if (security.length === 0 || security.every((requirement) => Object.keys(requirement).length === 0)) {
    return '\nNo authentication: anyone can call this operation.\n';
  }
  return '\nAuthentication: an API token as `Authorization: Bearer <token>` ([how to create one](/api#authentication)).\n';
}

/** The body of an operation's page (the plugin adds the front matter). */
export function operationPageMdx(spec: JsonObject, operation: ApiOperation, serverUrl: string): string {
  const {definition} = operation;
  const samples = requestSamples(spec, operation);
  const variables = requestSampleVariables(spec, operation);
  return [
    `import ApiDisclosure from '@site/src/components/ApiDisclosure';`,
    `import ApiEndpoint from '@site/src/components/ApiEndpoint';`,
    `import ApiField from '@site/src/components/ApiField';`,
    `import ApiFieldList from '@site/src/components/ApiFieldList';`,
    `import RequestBuilder from '@site/src/components/RequestBuilder';`,
    `import Heading from '@theme/Heading';`,
    `import Tabs from '@theme/Tabs';`,
    `import TabItem from '@theme/TabItem';`,
    '',
    `# ${escapeMdxText(definition.summary ?? operation.operationId)}`,
    '',
    `<ApiEndpoint method=${attribute(operation.method)} server=${attribute(serverUrl)} path=${attribute(operation.path)} />`,
    definition.deprecated
      ? `\n:::warning[Deprecated]\n\n${escapeMdxText(definition['x-deprecated-description'] ?? 'This operation will be removed; its description says what replaces it.')}\n\n:::\n`
      : '',
    markdown(definition.description),
    securityMdx(spec, operation),
    '<div className="api-operation">',
    '<div className="api-operation__samples">',
    '',
    samplesMdx(samples, variables),
    '',
    '</div>',
    '<div className="api-operation__reference">',
    '',
    requestMdx(spec, operation),
    '',
    responsesMdx(spec, operation),
    '',
    '</div>',
    '</div>',
    '',
  ].join('\n');
}
