/**
 * The request samples of an operation (curl, Python, JavaScript, Go, Java, Ruby), computed at build time from the
 * operation's own examples: this module reads the OpenAPI file into the operation's request template, and
 * src/openapi/sample-code.ts writes the samples from it with Postman's snippet writers (the "your values" panel
 * writes its filled samples in the browser from the same template with the same function). Used by the operation
 * pages and by their Markdown versions, so both show the same text. Synchronous: every writer calls back before
 * it returns.
 *
 * What a sample sends:
 * - The first server's URL. Each of its variables is read from an environment variable named like the one the
 *   docs export (`{instance}` is `VIGIL_INSTANCE`, docs/intro.md); the token is `VIGIL_TOKEN`. curl writes them
 *   as `$VIGIL_INSTANCE` and `$VIGIL_TOKEN` in double quotes, as the docs' curl examples do; the other languages
 *   read the environment (`os.environ["VIGIL_TOKEN"]`, `process.env.VIGIL_TOKEN`, ...).
 * - Path parameters and the required query, header and cookie parameters, with the parameter's example
 *   (`example`, the first of `examples`, the schema's `example`, `default` or first `enum` value); a required
 *   parameter without any shows as `{name}`. Optional parameters are left out (optional query parameters are
 *   sent when `optionalParameters` is set): their examples are independent of each other (a `cursor` from
 *   another listing, filters on unrelated ids), so together they make a call that means nothing, and the
 *   parameter table documents each.
 * - The request body of the first content type: the media type's `example`, else the first of its `examples`,
 *   else one built from the schema (`schemaExample`). JSON is indented with 2 spaces.
 */
import {deref, type Json, type JsonObject} from './document';
import {mediaExamples, NO_EXAMPLE, parameterExample} from './examples';
import {objectShape} from './fields';
import type {ApiOperation} from './operations';
import {
  encode,
  sampleCode,
  type RequestSample,
  type RequestTemplate,
  type SampleVariable,
  type Segment,
  type TemplateBody,
  type TemplateCredential,
  type TemplateParameter,
} from './sample-code';

export {REQUEST_SAMPLE_IDS, type RequestSample, type RequestTemplate, type SampleVariable} from './sample-code';

export type RequestSampleOptions = {
  /** Also send the optional query parameters that have an example (the tests run samples both ways). */
  optionalParameters?: boolean;
  /** The prefix of the environment variables the samples read (`VIGIL`: `VIGIL_TOKEN`, `VIGIL_INSTANCE`). */
  envPrefix?: string;
};

/** The prefix of the environment variables of the site's own API (docs/intro.md exports them). */
export const DEFAULT_ENV_PREFIX = 'VIGIL';

/** The environment variable every sample reads the API token from (docs/intro.md exports it). */
export const TOKEN_VARIABLE = `${DEFAULT_ENV_PREFIX}_TOKEN`;

/** The environment variable a sample reads a server variable from: `instance` is `VIGIL_INSTANCE`. */
export function serverVariableEnv(name: string, prefix = DEFAULT_ENV_PREFIX): string {
  return `${prefix}_${name.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase()}`;
}

export class RequestSampleError extends Error {
  constructor(operation: ApiOperation, problem: string) {
    super(
      `Request samples of ${operation.operationId} (${operation.method.toUpperCase()} ${operation.path}): ${problem}`,
    );
    this.name = 'RequestSampleError';
  }
}

function isJson(contentType: string): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\b/.test(contentType);
}

/** A file name for an upload of a media type: `application/pdf` -> `file.pdf`, `application/octet-stream` -> `file.bin`. */
function fileNameFor(field: string, contentType: string): string {
  const subtype = contentType.split('/')[1]?.split(/[;+]/)[0] ?? '';
  const extension = /^[a-z0-9]{1,5}$/.test(subtype) ? subtype : 'bin';
  return `${field.replace(/[^A-Za-z0-9_.-]+/g, '_') || 'file'}.${extension}`;
}

/** A property of a form body that carries a file: `format: binary`/`base64`, or 3.1 `contentMediaType`/`contentEncoding`. */
function isFileSchema(spec: JsonObject, raw: JsonObject | undefined): boolean {
  const schema = deref(spec, raw) ?? {};
  const items = schema.type === 'array' ? (deref(spec, schema.items) ?? {}) : schema;
  return (
    items.format === 'binary' ||
    items.format === 'byte' ||
    items.contentMediaType !== undefined ||
    items.contentEncoding !== undefined
  );
}

/** The environment variable that holds the origin of an API whose server URL is relative (`/v1`). */
const ORIGIN_VARIABLE = 'API_ORIGIN';
/** The environment variable that holds the URL a webhook is delivered to. */
const WEBHOOK_URL_VARIABLE = 'WEBHOOK_URL';

/** The server URL as text and variables: `https://{instance}.vigil.example/api/v1` reads VIGIL_INSTANCE. */
function baseOf(
  operation: ApiOperation,
  prefix: string,
  variable: (name: string, meaning: string) => Segment,
): Segment[] {
  if (operation.kind === 'webhook')
    return [variable(`${prefix}_${WEBHOOK_URL_VARIABLE}`, 'the URL of your endpoint that receives this webhook')];
  const server = operation.server;
  const segments: Segment[] = /^https?:\/\//.test(server)
    ? []
    : [
        variable(
          `${prefix}_${ORIGIN_VARIABLE}`,
          'the origin of the API, e.g. https://api.example.com (its server URL is relative)',
        ),
        ...(server.startsWith('/') ? [] : ['/']),
      ];
  server.split(/\{([^}]+)\}/).forEach((part, index) => {
    if (index % 2 === 1)
      segments.push(variable(serverVariableEnv(part, prefix), `the {${part}} part of the server URL`));
    else if (part) segments.push(part);
  });
  // Without its trailing slash: the operation's path starts with one.
  const last = segments.at(-1);
  if (typeof last === 'string') {
    segments.pop();
    if (last.replace(/\/$/, '')) segments.push(last.replace(/\/$/, ''));
  }
  return segments;
}

/** The credentials of the first way to authenticate that asks for any; every scheme of it is sent. */
function credentialsOf(
  spec: JsonObject,
  operation: ApiOperation,
  prefix: string,
  variable: (name: string, meaning: string) => Segment,
): TemplateCredential[] {
  const requirements = (operation.definition.security ?? spec.security ?? []) as JsonObject[];
  const requirement = requirements.find((candidate) => Object.keys(candidate).length > 0) ?? {};
  const credentials: TemplateCredential[] = [];
  for (const [index, schemeName] of Object.keys(requirement).entries()) {
    const scheme = deref(spec, spec.components?.securitySchemes?.[schemeName]);
    if (!scheme)
      throw new RequestSampleError(operation, `security scheme ${schemeName} is not in components.securitySchemes`);
    const name = index === 0 ? `${prefix}_TOKEN` : serverVariableEnv(schemeName, prefix);
    const httpScheme = String(scheme.scheme ?? '').toLowerCase();
    const scopes = (requirement[schemeName] as string[] | undefined) ?? [];
    if (
      (scheme.type === 'http' && httpScheme === 'bearer') ||
      scheme.type === 'oauth2' ||
      scheme.type === 'openIdConnect'
    ) {
      const meaning =
        scheme.type === 'http'
          ? 'your API token'
          : `an access token from ${scheme.type === 'oauth2' ? 'OAuth 2.0' : 'OpenID Connect'}${scopes.length ? ` with the scopes ${scopes.join(', ')}` : ''}`;
      credentials.push({in: 'header', key: 'Authorization', value: ['Bearer ', variable(name, meaning)]});
    } else if (scheme.type === 'http' && httpScheme === 'basic') {
      credentials.push({
        in: 'header',
        key: 'Authorization',
        value: [
          'Basic ',
          variable(
            name,
            'your user name and password as user:password, base64-encoded (printf %s "$USER:$PASSWORD" | base64)',
          ),
        ],
      });
    } else if (scheme.type === 'http') {
      credentials.push({
        in: 'header',
        key: 'Authorization',
        value: [`${scheme.scheme} `, variable(name, `your ${scheme.scheme} credentials`)],
      });
    } else if (scheme.type === 'apiKey' && scheme.in === 'header') {
      credentials.push({in: 'header', key: scheme.name, value: [variable(name, 'your API key')]});
    } else if (scheme.type === 'apiKey' && scheme.in === 'query') {
      credentials.push({
        in: 'query',
        key: encode(String(scheme.name)),
        value: [variable(name, 'your API key')],
      });
    } else if (scheme.type === 'apiKey' && scheme.in === 'cookie') {
      credentials.push({in: 'cookie', key: scheme.name, value: [variable(name, 'your API key')]});
    } else if (scheme.type !== 'mutualTLS') {
      throw new RequestSampleError(
        operation,
        `security scheme ${schemeName} (${scheme.type} ${scheme.scheme ?? scheme.in ?? ''}) is not one OpenAPI defines`,
      );
    }
  }
  return credentials;
}

function parametersOf(spec: JsonObject, operation: ApiOperation): TemplateParameter[] {
  const sendable = operation.parameters.filter(
    (parameter) => ['path', 'query', 'header', 'cookie'].includes(parameter.in) || parameter.required === true,
  );
  return sendable.map((parameter) => {
    if (!['path', 'query', 'header', 'cookie'].includes(parameter.in)) {
      throw new RequestSampleError(
        operation,
        `parameter ${parameter.name} is in "${parameter.in}", which is not a parameter location`,
      );
    }
    const example = parameterExample(spec, parameter);
    const schema = deref(spec, parameter.schema ?? Object.values<JsonObject>(parameter.content ?? {})[0]?.schema) ?? {};
    const style = parameter.style ?? 'form';
    return {
      name: parameter.name,
      in: parameter.in,
      required: parameter.in === 'path' || parameter.required === true,
      style,
      explode: parameter.explode ?? style === 'form',
      content: parameter.content !== undefined,
      array: schema.type === 'array',
      ...(example === NO_EXAMPLE ? {} : {example}),
    };
  });
}

/** The body of the first content type, with the example it sends. */
function bodyOf(spec: JsonObject, operation: ApiOperation): TemplateBody | undefined {
  const requestBody = deref(spec, operation.definition.requestBody);
  const [contentType, rawMedia] = Object.entries<JsonObject>(requestBody?.content ?? {})[0] ?? [];
  if (!contentType) return undefined;
  const media = deref(spec, rawMedia) ?? {};
  const example: Json = mediaExamples(spec, media, 'request')[0]?.value ?? null;
  const type = contentType.toLowerCase();
  if (isJson(type) || type === '*/*') return {contentType, kind: 'json', example};
  if (type.startsWith('multipart/') || type === 'application/x-www-form-urlencoded') {
    const properties = objectShape(spec, deref(spec, media.schema) ?? {}).properties;
    const files: Record<string, string> = {};
    if (type.startsWith('multipart/')) {
      for (const [key, property] of Object.entries(properties)) {
        const encodingType = media.encoding?.[key]?.contentType as string | undefined;
        if (isFileSchema(spec, property)) files[key] = fileNameFor(key, encodingType ?? 'application/octet-stream');
      }
    }
    return {
      contentType,
      kind: type.startsWith('multipart/') ? 'form' : 'urlencoded',
      example: example !== null && typeof example === 'object' && !Array.isArray(example) ? example : {},
      files,
    };
  }
  if (
    typeof example === 'string' &&
    !isFileSchema(spec, media.schema) &&
    !(media.schema === undefined && !type.startsWith('text/'))
  )
    return {contentType, kind: 'text', text: example};
  if (type.startsWith('text/') && example !== null)
    return {contentType, kind: 'text', text: typeof example === 'string' ? example : JSON.stringify(example)};
  return {contentType, kind: 'file', file: fileNameFor('body', type)};
}

/** What every sample of an operation sends, from the OpenAPI file: the input of sampleCode (sample-code.ts). */
export function requestTemplate(
  spec: JsonObject,
  operation: ApiOperation,
  options: Pick<RequestSampleOptions, 'envPrefix'> = {},
): RequestTemplate {
  const prefix = options.envPrefix ?? DEFAULT_ENV_PREFIX;
  const variables: SampleVariable[] = [];
  const reader =
    (credential: boolean) =>
    (name: string, meaning: string): Segment => {
      if (!variables.some((known) => known.name === name))
        variables.push({name, meaning, ...(credential ? {credential} : {})});
      return {variable: name};
    };
  const base = baseOf(operation, prefix, reader(false));
  const parameters = parametersOf(spec, operation);
  const credentials = credentialsOf(spec, operation, prefix, reader(true));
  const body = bodyOf(spec, operation);
  return {
    method: operation.method.toUpperCase(),
    base,
    path: operation.kind === 'webhook' ? '' : operation.path,
    parameters,
    credentials,
    ...(body ? {body} : {}),
    variables,
  };
}

/**
 * The request samples of an operation, one per language, curl first, and the environment variables they read
 * (server variables, then credentials) with what each holds. Synchronous and deterministic.
 */
export function requestSampleSet(
  spec: JsonObject,
  operation: ApiOperation,
  options: RequestSampleOptions = {},
): {samples: RequestSample[]; variables: SampleVariable[]; template: RequestTemplate} {
  const template = requestTemplate(spec, operation, options);
  try {
    return {samples: sampleCode(template, {}, options), variables: template.variables, template};
  } catch (error) {
    throw new RequestSampleError(operation, (error as Error).message);
  }
}

/** The request samples of an operation, one per language, curl first. */
export function requestSamples(
  spec: JsonObject,
  operation: ApiOperation,
  options: RequestSampleOptions = {},
): RequestSample[] {
  return requestSampleSet(spec, operation, options).samples;
}
