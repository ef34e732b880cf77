// One document model per page of the API reference (an operation or a webhook): its endpoint, security,
// parameters, bodies, responses, callbacks and samples. The MDX page (render-page.ts) and the Markdown version
// (render-markdown.ts) are two renderings of it, so they cannot disagree.
import {deref, givenOperationId, HTTP_METHODS, OpenApiSourceError, type Json, type JsonObject} from './document';
import {mediaExamples, type Direction, type ExampleModel} from './examples';
import {
  FIELD_DEPTH,
  PAGE_FIELD_BUDGET,
  PageOverBudget,
  PageSchemas,
  parameterField,
  schemaShape,
  sharedSchemaKey,
  typeLabel,
  type Fact,
  type SchemaField,
  type SchemaHome,
  type ObjectPageRef,
  type SchemaShape,
  type Showing,
} from './fields';
import {apiPagesOf, type ApiOperation} from './operations';
import {requestSampleSet, type RequestSample, type RequestTemplate, type SampleVariable} from './request-samples';

export type SecuritySchemeModel = {
  /** Its key in components.securitySchemes. */
  key: string;
  /** What a reader sends, in words: `HTTP bearer token`, `API key in the header X-Api-Key`. */
  label: string;
  description?: string;
  /** OAuth 2.0 flows and their URLs; the OpenID Connect discovery URL. */
  details: Fact[];
};

/** One way to authenticate: every scheme listed, each with the scopes it needs. */
export type SecurityRequirementModel = Array<{scheme: SecuritySchemeModel; scopes: string[]}>;

export type SecurityModel = {
  /** The alternatives, any one of which is enough. */
  alternatives: SecurityRequirementModel[];
  /** The operation can also be called without credentials (`{}` among the requirements). */
  optional: boolean;
};

export type MediaModel = {
  contentType: string;
  /** The schema's name when it is a reference: `Dataset`. */
  schemaName?: string;
  /** A short type of the whole body: `array of Dataset`, `string<binary>`. */
  type: string;
  shape: SchemaShape;
  examples: ExampleModel[];
};

export type BodyModel = {required: boolean; description?: string; media: MediaModel[]};

export type LinkModel = {name: string; target?: string; description?: string; parameters: Array<[string, Json]>};

export type ResponseModel = {
  /** `200`, `4XX`, `default`. */
  status: string;
  title: string;
  description?: string;
  headers: SchemaField[];
  media: MediaModel[];
  links: LinkModel[];
};

export type CallbackModel = {
  name: string;
  expression: string;
  method: string;
  request?: BodyModel;
  parameters: SchemaField[];
  responses: ResponseModel[];
  idPrefix: string;
};

export type ParameterGroupModel = {place: string; title: string; fields: SchemaField[]};

export type ApiPageModel = {
  kind: 'operation' | 'webhook';
  /** Page id and slug, the API plugin's: `get-dataset`. */
  id: string;
  /** The operationId the file gives, if any. */
  operationId?: string;
  /** Its summary, else its operationId, else `METHOD /path` (a webhook: its name): titleOf in document.ts. */
  title: string;
  method: string;
  /** The path template, or for a webhook its name. */
  path: string;
  /** Where the operation is sent: the first server URL that applies (operation, path item, description). */
  server: string;
  deprecated: boolean;
  description?: string;
  externalDocs?: {url: string; description?: string};
  tags: string[];
  security: SecurityModel;
  parameters: ParameterGroupModel[];
  body?: BodyModel;
  responses: ResponseModel[];
  callbacks: CallbackModel[];
  /** `x-codeSamples` of the description, shown first as given. */
  codeSamples: Array<{label: string; language: string; source: string}>;
  samples: RequestSample[];
  sampleVariables: SampleVariable[];
  /** What the samples send, for the "your values" panel to write them again with the reader's values. */
  sampleTemplate: RequestTemplate;
  /** Who sends a webhook and expects its responses: the product the reference documents. */
  productName: string;
  /** The object pages (objects.ts) the page links to, by id, in the page's order. */
  objects: string[];
};

/**
 * What the pages call the API's product and the prefix of the environment variables their samples read: the site's
 * configuration gives them for its own API (Vigil, `VIGIL_TOKEN`); identityOf reads another description's.
 */
export type ApiIdentity = {productName: string; envPrefix: string};

export const SITE_IDENTITY: ApiIdentity = {productName: 'Vigil', envPrefix: 'VIGIL'};

/**
 * The identity of a description the site is not configured for, from its title: `OpenAI API` gives the product
 * "OpenAI" and the variables `OPENAI_TOKEN`, `OPENAI_<server variable>`; a title with no letter gives "the API", `API`.
 */
export function identityOf(spec: JsonObject): ApiIdentity {
  const title = String(spec.info?.title ?? '')
    .replace(/\s+(REST\s+)?API\b.*$/i, '')
    .trim();
  const prefix = title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase()
    .slice(0, 24);
  return {productName: title || 'the API', envPrefix: /^[A-Z]/.test(prefix) ? prefix : 'API'};
}

const PARAMETER_PLACES = [
  ['path', 'Path parameters'],
  ['query', 'Query parameters'],
  ['header', 'Header parameters'],
  ['cookie', 'Cookie parameters'],
] as const;

export const STATUS_TEXT: Record<string, string> = {
  '100': 'Continue',
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '203': 'Non-Authoritative Information',
  '204': 'No Content',
  '205': 'Reset Content',
  '206': 'Partial Content',
  '207': 'Multi-Status',
  '301': 'Moved Permanently',
  '302': 'Found',
  '303': 'See Other',
  '304': 'Not Modified',
  '307': 'Temporary Redirect',
  '308': 'Permanent Redirect',
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '402': 'Payment Required',
  '403': 'Forbidden',
  '404': 'Not Found',
  '405': 'Method Not Allowed',
  '406': 'Not Acceptable',
  '408': 'Request Timeout',
  '409': 'Conflict',
  '410': 'Gone',
  '412': 'Precondition Failed',
  '413': 'Content Too Large',
  '415': 'Unsupported Media Type',
  '416': 'Range Not Satisfiable',
  '422': 'Unprocessable Content',
  '423': 'Locked',
  '428': 'Precondition Required',
  '429': 'Too Many Requests',
  '451': 'Unavailable For Legal Reasons',
  '500': 'Internal Server Error',
  '501': 'Not Implemented',
  '502': 'Bad Gateway',
  '503': 'Service Unavailable',
  '504': 'Gateway Timeout',
  '1XX': 'Informational',
  '2XX': 'Success',
  '3XX': 'Redirection',
  '4XX': 'Client error',
  '5XX': 'Server error',
  default: 'Any other status',
};

function schemeModel(spec: JsonObject, key: string, file: string, where: string): SecuritySchemeModel {
  const scheme = deref(spec, spec.components?.securitySchemes?.[key], file);
  if (!scheme)
    throw new OpenApiSourceError(file, `security scheme "${key}" is not in components.securitySchemes`, where);
  const details: Fact[] = [];
  let label: string;
  switch (scheme.type) {
    case 'http': {
      const name = String(scheme.scheme ?? '').toLowerCase();
      label =
        name === 'bearer'
          ? `a bearer token${scheme.bearerFormat ? ` (${scheme.bearerFormat})` : ''} in the Authorization header`
          : name === 'basic'
            ? 'HTTP basic authentication (user name and password)'
            : `HTTP ${scheme.scheme} authentication`;
      break;
    }
    case 'apiKey':
      label =
        `API key in the ${scheme.in} ${scheme.in === 'query' ? 'parameter' : scheme.in === 'cookie' ? 'named' : ''} ${scheme.name}`.replace(
          /\s+/g,
          ' ',
        );
      break;
    case 'oauth2':
      label = 'OAuth 2.0';
      for (const [flow, definition] of Object.entries<JsonObject>(scheme.flows ?? {})) {
        const urls: Fact = [`${flow} flow`];
        for (const key of ['authorizationUrl', 'tokenUrl', 'refreshUrl'] as const) {
          if (definition[key]) urls.push(`, ${key.replace('Url', ' URL')} `, {code: String(definition[key])});
        }
        urls.push('.');
        details.push(urls);
      }
      break;
    case 'openIdConnect':
      label = 'OpenID Connect';
      if (scheme.openIdConnectUrl) details.push(['Discovery document: ', {code: String(scheme.openIdConnectUrl)}, '.']);
      break;
    case 'mutualTLS':
      label = 'Mutual TLS (a client certificate)';
      break;
    default:
      throw new OpenApiSourceError(
        file,
        `security scheme "${key}" has the type ${JSON.stringify(scheme.type)}, which OpenAPI does not define`,
        `#/components/securitySchemes/${key}`,
      );
  }
  return {key, label, description: scheme.description, details};
}

export function securityOf(spec: JsonObject, definition: JsonObject, file: string, where: string): SecurityModel {
  const requirements = (definition.security ?? spec.security ?? []) as JsonObject[];
  const alternatives = requirements
    .filter((requirement) => Object.keys(requirement).length > 0)
    .map((requirement) =>
      Object.entries<string[]>(requirement).map(([key, scopes]) => ({
        scheme: schemeModel(spec, key, file, where),
        scopes: scopes ?? [],
      })),
    );
  return {
    alternatives,
    optional: requirements.length === 0 || requirements.some((requirement) => Object.keys(requirement).length === 0),
  };
}

function schemaNameOf(spec: JsonObject, raw: JsonObject | undefined): string | undefined {
  const name = (node: JsonObject | undefined) =>
    typeof node?.$ref === 'string' ? decodeURIComponent(node.$ref.split('/').pop() ?? '') : undefined;
  return name(raw) ?? name(deref(spec, raw)?.items);
}

/**
 * The media types of a body. `what` names the body in a link to it (`the 200 response`): the first media type's
 * fields are under the body's heading, whose anchor is `idPrefix`.
 */
function mediaOf(
  page: PageSchemas,
  content: JsonObject | undefined,
  idPrefix: string,
  direction: Direction,
  file: string,
  what: string,
): MediaModel[] {
  const {spec} = page;
  const entries = Object.entries<JsonObject>(content ?? {});
  return entries.map(([contentType, rawMedia], index) => {
    const media = deref(spec, rawMedia, file) ?? {};
    // Several media types on one body each get their own anchors; the first keeps the plain ones.
    const prefix = index === 0 ? idPrefix : `${idPrefix}-${contentType.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`;
    return {
      contentType,
      schemaName: schemaNameOf(spec, media.schema),
      type: media.schema ? typeLabel(spec, media.schema) : 'any',
      shape: schemaShape(
        spec,
        media.schema,
        prefix,
        direction,
        page,
        index === 0 ? {id: prefix, name: what} : undefined,
      ),
      examples: mediaExamples(spec, media, direction),
    };
  });
}

function bodyOf(
  page: PageSchemas,
  rawBody: JsonObject | undefined,
  idPrefix: string,
  file: string,
  what: string,
): BodyModel | undefined {
  const body = deref(page.spec, rawBody, file);
  if (!body) return undefined;
  return {
    required: Boolean(body.required),
    description: body.description,
    media: mediaOf(page, body.content, idPrefix, 'request', file, what),
  };
}

function linksOf(spec: JsonObject, links: JsonObject | undefined, file: string): LinkModel[] {
  return Object.entries<JsonObject>(links ?? {}).map(([name, raw]) => {
    const link = deref(spec, raw, file) ?? {};
    return {
      name,
      target: link.operationId ?? link.operationRef,
      description: link.description,
      parameters: Object.entries<Json>(link.parameters ?? {}),
    };
  });
}

function responsesOf(
  page: PageSchemas,
  responses: JsonObject | undefined,
  idPrefix: string,
  file: string,
  owner = '',
): ResponseModel[] {
  const {spec} = page;
  return Object.entries<JsonObject>(responses ?? {}).map(([status, raw]) => {
    const response = deref(spec, raw, file) ?? {};
    const anchor = `${idPrefix}${status.toLowerCase()}`;
    return {
      status,
      // `default` reads as what it means: the response of every status the others do not list.
      title:
        status === 'default'
          ? 'Any other status (default)'
          : `${status} ${STATUS_TEXT[status.toUpperCase()] ?? STATUS_TEXT[status] ?? ''}`.trim(),
      description: response.description,
      headers: Object.entries<JsonObject>(response.headers ?? {}).map(([name, rawHeader]) =>
        parameterField(spec, {...(deref(spec, rawHeader, file) ?? {}), name, in: 'header'}, `${anchor}-header`, page),
      ),
      media: mediaOf(page, response.content, anchor, 'response', file, `the ${owner}${status} response`),
      links: linksOf(spec, response.links, file),
    };
  });
}

function parameterGroups(page: PageSchemas, parameters: JsonObject[]): ParameterGroupModel[] {
  return PARAMETER_PLACES.map(([place, title]) => ({
    place,
    title,
    fields: parameters
      .filter((parameter) => parameter.in === place)
      .map((parameter) => parameterField(page.spec, parameter, place, page)),
  })).filter((group) => group.fields.length > 0);
}

function callbacksOf(page: PageSchemas, definition: JsonObject, file: string): CallbackModel[] {
  const {spec} = page;
  const callbacks: CallbackModel[] = [];
  for (const [name, rawCallback] of Object.entries<JsonObject>(definition.callbacks ?? {})) {
    const callback = deref(spec, rawCallback, file) ?? {};
    for (const [expression, rawItem] of Object.entries<JsonObject>(callback)) {
      const item = deref(spec, rawItem, file) ?? {};
      for (const method of HTTP_METHODS) {
        const operation = item[method] as JsonObject | undefined;
        if (!operation) continue;
        const idPrefix = `callback-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${method}-`;
        const parameters = [
          ...((item.parameters ?? []) as JsonObject[]),
          ...((operation.parameters ?? []) as JsonObject[]),
        ].map((parameter) => deref(spec, parameter, file) ?? {});
        callbacks.push({
          name,
          expression,
          method,
          idPrefix,
          parameters: parameters.map((parameter) =>
            parameterField(spec, parameter, `${idPrefix}${parameter.in}`, page),
          ),
          request: bodyOf(page, operation.requestBody, `${idPrefix}body`, file, `the ${name} request body`),
          responses: responsesOf(page, operation.responses, `${idPrefix}response-`, file, `${name} `),
        });
      }
    }
  }
  return callbacks;
}

function codeSamplesOf(definition: JsonObject): ApiPageModel['codeSamples'] {
  const given = (definition['x-codeSamples'] ?? definition['x-code-samples'] ?? []) as JsonObject[];
  return given
    .filter((sample) => typeof sample.source === 'string')
    .map((sample) => ({
      label: String(sample.label ?? sample.lang ?? 'Sample'),
      language: String(sample.lang ?? 'text').toLowerCase(),
      source: String(sample.source),
    }));
}

type SchemaSections = Pick<ApiPageModel, 'parameters' | 'body' | 'responses' | 'callbacks' | 'objects'>;

/**
 * The parts of a page that list schemas, in the page's order, with one set of schemas (PageSchemas): each listed
 * where it first appears and linked after, named objects to FIELD_DEPTH. A page that would list more than
 * PAGE_FIELD_BUDGET fields lists one level; past that still, it links the schemas other operations have as bodies to
 * those operations' pages (schemaHomes), so its size stays that of its own schemas.
 */
function schemaSections(
  spec: JsonObject,
  operation: ApiOperation,
  file: string,
  objects: Map<JsonObject, ObjectPageRef> | undefined,
): SchemaSections {
  const sections = (page: PageSchemas): SchemaSections => {
    const {definition} = operation;
    const built = {
      parameters: parameterGroups(page, operation.parameters),
      body: bodyOf(page, definition.requestBody, 'request-body', file, 'the request body'),
      responses: responsesOf(page, definition.responses, 'response-', file),
      callbacks: callbacksOf(page, definition, file),
    };
    page.complete();
    return {...built, objects: [...page.objectsLinked]};
  };
  for (const fieldDepth of objects ? [FIELD_DEPTH, 1] : [FIELD_DEPTH]) {
    try {
      return sections(new PageSchemas(spec, {budget: PAGE_FIELD_BUDGET, objects, fieldDepth}));
    } catch (error) {
      if (!(error instanceof PageOverBudget)) throw error;
    }
  }
  return sections(
    new PageSchemas(spec, {pageId: operation.slug, homes: schemaHomes(spec, file), objects, fieldDepth: 1}),
  );
}

const homesOfDescription = new WeakMap<JsonObject, Map<string, SchemaHome>>();

/**
 * The home of each schema that is the body of a page (its request body's or a response's first media type, the
 * pages in their order): the first page that lists it at the top of a body. Computed once per description.
 */
function schemaHomes(spec: JsonObject, file: string): Map<string, SchemaHome> {
  const known = homesOfDescription.get(spec);
  if (known) return known;
  const homes = new Map<string, SchemaHome>();
  const keys = new PageSchemas(spec);
  const firstSchema = (content: JsonObject | undefined) =>
    deref(spec, Object.values<JsonObject>(content ?? {})[0], file)?.schema as JsonObject | undefined;
  for (const operation of apiPagesOf(spec, file)) {
    const {definition} = operation;
    // A title on one line, without its closing full stop: the link's sentence ends it.
    const title = operation.title.replace(/\s+/g, ' ').replace(/[\s.]+$/, '');
    const bodies: Array<[JsonObject | undefined, Direction, Showing]> = [
      [
        firstSchema(deref(spec, definition.requestBody, file)?.content),
        'request',
        {id: 'request-body', name: `the request body of ${title}`},
      ],
      ...Object.entries<JsonObject>(definition.responses ?? {}).map(
        ([status, response]): [JsonObject | undefined, Direction, Showing] => [
          firstSchema(deref(spec, response, file)?.content),
          'response',
          {id: `response-${status.toLowerCase()}`, name: `the ${status} response of ${title}`},
        ],
      ),
    ];
    for (const [schema, direction, showing] of bodies) {
      const key = sharedSchemaKey(keys, schema, direction);
      if (key !== undefined && !homes.has(key)) homes.set(key, {...showing, page: operation.slug});
    }
  }
  homesOfDescription.set(spec, homes);
  return homes;
}

/** How many page models this process has built: the build's log says it, and a test holds it to one a page. */
let modelsBuilt = 0;

export function pageModelsBuilt(): number {
  return modelsBuilt;
}

/**
 * The model of one page: built once per operation or webhook, by the API reference's build object
 * (src/plugins/api-reference/build.ts), and read there by the page's data, its Markdown version and the changelog.
 */
export function pageModel(
  spec: JsonObject,
  operation: ApiOperation,
  file: string,
  identity: ApiIdentity = SITE_IDENTITY,
  /** The named schemas with a page of their own (objects.ts): linked, and listed to FIELD_DEPTH. */
  objects?: Map<JsonObject, ObjectPageRef>,
): ApiPageModel {
  const {definition} = operation;
  const where = operation.pointer;
  modelsBuilt += 1;
  try {
    const {samples, variables, template} = requestSampleSet(spec, operation, {envPrefix: identity.envPrefix});
    const {parameters, body, responses, callbacks, objects: linked} = schemaSections(spec, operation, file, objects);
    return {
      kind: operation.kind,
      id: operation.slug,
      operationId: givenOperationId(definition),
      title: operation.title,
      method: operation.method,
      path: operation.path,
      server: operation.server,
      deprecated: Boolean(definition.deprecated),
      description: definition.description,
      externalDocs: definition.externalDocs?.url
        ? {url: String(definition.externalDocs.url), description: definition.externalDocs.description}
        : undefined,
      tags: operation.tags,
      security: securityOf(spec, definition, file, where),
      parameters,
      body,
      responses,
      callbacks,
      codeSamples: codeSamplesOf(definition),
      samples,
      sampleVariables: variables,
      sampleTemplate: template,
      productName: identity.productName,
      objects: linked,
    };
  } catch (error) {
    if (error instanceof OpenApiSourceError) throw error;
    throw new OpenApiSourceError(file, (error as Error).message, where);
  }
}
