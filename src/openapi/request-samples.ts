/**
 * The request samples of an operation (curl, Python, JavaScript, Go, Java, Ruby), computed at build time from the
 * operation's own examples and written by postman-code-generators (Postman's own snippet generators, the ones the
 * API theme's request panel runs in the browser), then given the environment variables below. Used by the
 * operation pages and by their Markdown versions, so both show the same text. Synchronous: every codegen used
 * calls back before it returns.
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
import {Request as PostmanRequest} from 'postman-collection';
import codegen from 'postman-code-generators';
import {javaGetWithoutBody} from './postman-fixes/java-get-body';
import {rubyNullLiterals} from './postman-fixes/ruby-null';
import {deref, type JsonObject} from './document';
import {mediaExamples, NO_EXAMPLE, parameterExample} from './examples';
import {objectShape} from './fields';
import type {ApiOperation} from './operations';

export type RequestSample = {
  /** Stable id, also the tab value remembered across pages: 'curl' | 'python' | 'javascript' | 'go' | 'java' | 'ruby'. */
  id: string;
  /** Tab label shown to readers, e.g. 'curl', 'Python', 'JavaScript', 'Go', 'Java', 'Ruby'. */
  label: string;
  /** Prism language of the code block: 'bash', 'python', 'javascript', 'go', 'java', 'ruby'. */
  language: string;
  /** The library it uses, shown in a caption, e.g. 'requests', 'fetch', 'net/http', 'OkHttp', 'Net::HTTP'. */
  library: string;
  code: string;
};

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

/** A value to read from the environment, written in the generator's input as a token no text contains. */
type Placeholder = {token: string; variable: string};

/** How a language writes a string literal of the generator's output that holds placeholders. */
type Literal = {
  /** The literals of a line, as the generator quotes them. */
  pattern: RegExp;
  /** The expression that replaces the literal: `parts` alternate literal text (as written inside the quotes) and variable names. */
  rewrite: (quote: string, parts: string[]) => string;
};

type Language = Omit<RequestSample, 'code'> & {
  codegen: [language: string, variant: string];
  options: Record<string, unknown>;
  literal: Literal;
  /** Adds what the rewritten literals need (an import). */
  finish?: (code: string) => string;
  /** Corrects the generator's output (src/openapi/postman-fixes/). */
  patch?: (code: string) => string;
};

const DOUBLE_QUOTED = /"(?:[^"\\\n]|\\.)*"/g;
const SINGLE_QUOTED = /'(?:[^'\\\n]|\\.)*'/g;

/** Literal text and variable names, alternating, as `"a" + f(v) + "b"`, without empty literals. */
function concatenation(quote: string, parts: string[], read: (variable: string) => string): string {
  return parts
    .map((part, index) => (index % 2 === 1 ? read(part) : part === '' ? '' : `${quote}${part}${quote}`))
    .filter(Boolean)
    .join(' + ');
}

function interpolation(parts: string[], text: (part: string) => string, read: (variable: string) => string): string {
  return parts.map((part, index) => (index % 2 === 1 ? read(part) : text(part))).join('');
}

const GENERATOR_OPTIONS = {indentType: 'Space', indentCount: 2, trimRequestBody: true, followRedirect: true};

const LANGUAGES: Language[] = [
  {
    id: 'curl',
    label: 'curl',
    language: 'bash',
    library: 'curl',
    codegen: ['curl', 'cURL'],
    // Short options and no -L, as the docs write curl.
    options: {
      multiLine: true,
      longFormat: false,
      lineContinuationCharacter: '\\',
      quoteType: 'single',
      followRedirect: false,
      trimRequestBody: true,
    },
    literal: {
      // The URL and header literals have no quote inside (values are percent-encoded): a double-quoted string
      // expands `$VIGIL_TOKEN`.
      pattern: /'[^'\n]*'/g,
      rewrite: (_quote, parts) =>
        `"${parts
          .map((part, index) =>
            index % 2 === 0
              ? part.replace(/[\\"$`]/g, '\\$&')
              : /^\w/.test(parts[index + 1] ?? '')
                ? `\${${part}}`
                : `$${part}`,
          )
          .join('')}"`,
    },
  },
  {
    id: 'python',
    label: 'Python',
    language: 'python',
    library: 'requests',
    codegen: ['python', 'Requests'],
    options: GENERATOR_OPTIONS,
    literal: {
      pattern: new RegExp(`${DOUBLE_QUOTED.source}|${SINGLE_QUOTED.source}`, 'g'),
      rewrite: (quote, parts) => {
        const inner = quote === '"' ? "'" : '"';
        return `f${quote}${interpolation(
          parts,
          (text) => text.replace(/[{}]/g, '$&$&'),
          (variable) => `{os.environ[${inner}${variable}${inner}]}`,
        )}${quote}`;
      },
    },
    finish: (code) => `import os\n${code}`,
  },
  {
    id: 'javascript',
    label: 'JavaScript',
    language: 'javascript',
    library: 'fetch',
    codegen: ['javascript', 'Fetch'],
    options: GENERATOR_OPTIONS,
    literal: {
      pattern: DOUBLE_QUOTED,
      rewrite: (_quote, parts) =>
        `\`${interpolation(
          parts,
          (text) => text.replace(/\\"/g, '"').replace(/`|\$\{/g, '\\$&'),
          (variable) => `\${process.env.${variable}}`,
        )}\``,
    },
  },
  {
    id: 'go',
    label: 'Go',
    language: 'go',
    library: 'net/http',
    codegen: ['go', 'Native'],
    options: GENERATOR_OPTIONS,
    literal: {
      pattern: DOUBLE_QUOTED,
      rewrite: (quote, parts) => concatenation(quote, parts, (variable) => `os.Getenv("${variable}")`),
    },
    finish: (code) =>
      code.replace(/^import \(\n((?: +"[^"\n]+"\n)+)\)/m, (_block, imports: string) => `import (\n${imports}  "os"\n)`),
  },
  {
    id: 'java',
    label: 'Java',
    language: 'java',
    library: 'OkHttp',
    codegen: ['java', 'OkHttp'],
    options: {...GENERATOR_OPTIONS, includeBoilerplate: true},
    patch: javaGetWithoutBody,
    literal: {
      pattern: DOUBLE_QUOTED,
      rewrite: (quote, parts) => concatenation(quote, parts, (variable) => `System.getenv("${variable}")`),
    },
  },
  {
    id: 'ruby',
    label: 'Ruby',
    language: 'ruby',
    library: 'Net::HTTP',
    codegen: ['ruby', 'Net::HTTP'],
    options: GENERATOR_OPTIONS,
    patch: rubyNullLiterals,
    literal: {
      // The codegen escapes `#` in double-quoted strings, so an interpolation is the only one.
      pattern: DOUBLE_QUOTED,
      rewrite: (_quote, parts) =>
        `"${interpolation(
          parts,
          (text) => text,
          (variable) => `#{ENV.fetch("${variable}")}`,
        )}"`,
    },
  },
];

/** The ids of the samples, in tab order. */
export const REQUEST_SAMPLE_IDS = LANGUAGES.map((language) => language.id);

/** Percent-encoding for a path or query value; `'` too, so that no generator has to escape a quote in a URL. */
function encode(value: unknown): string {
  return encodeURIComponent(formText(value)).replace(/'/g, '%27');
}

function isJson(contentType: string): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\b/.test(contentType);
}

/** A form field of a multipart or URL-encoded body: text, or a file the sample uploads. */
type FormField = {key: string; value: string; file?: boolean};

type HttpRequest = {
  url: string;
  method: string;
  headers: Array<{key: string; value: string}>;
  body?: {contentType: string; text?: string; form?: FormField[]; urlencoded?: FormField[]; file?: string};
};

/** A value a sample reads from the environment, and what the reader puts in it. */
export type SampleVariable = {name: string; meaning: string};

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

/** The text a form field sends for a value. */
function formText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The environment variable that holds the origin of an API whose server URL is relative (`/v1`). */
const ORIGIN_VARIABLE = 'API_ORIGIN';
/** The environment variable that holds the URL a webhook is delivered to. */
const WEBHOOK_URL_VARIABLE = 'WEBHOOK_URL';

/** What each environment variable a sample reads means to the reader. */
function variableMeaning(variable: string, meanings: Map<string, string>): string {
  return meanings.get(variable) ?? `the value of the server variable ${variable}`;
}

/** The query pairs of one parameter value, by its `style` and `explode` (OpenAPI's serialisation rules). */
function queryPairs(parameter: JsonObject, schema: JsonObject, example: unknown): string[] {
  const name = encode(parameter.name).replace(/%5B/g, '[').replace(/%5D/g, ']');
  if (parameter.content) return [`${name}=${encode(JSON.stringify(example))}`];
  const style = parameter.style ?? 'form';
  const explode = parameter.explode ?? style === 'form';
  if (example !== null && typeof example === 'object' && !Array.isArray(example)) {
    const entries = Object.entries(example as JsonObject);
    if (style === 'deepObject') return entries.map(([key, value]) => `${name}%5B${encode(key)}%5D=${encode(value)}`);
    if (explode) return entries.map(([key, value]) => `${encode(key)}=${encode(value)}`);
    return [`${name}=${entries.flatMap(([key, value]) => [encode(key), encode(value)]).join(',')}`];
  }
  const values = Array.isArray(example) ? example : [example];
  if ((schema.type === 'array' || Array.isArray(example)) && explode)
    return values.map((value) => `${name}=${encode(value)}`);
  const separator = style === 'pipeDelimited' ? '|' : style === 'spaceDelimited' ? '%20' : ',';
  return [`${name}=${values.map(encode).join(separator)}`];
}

/** The request a sample sends, with placeholder tokens where a value is read from the environment. */
function httpRequest(
  spec: JsonObject,
  operation: ApiOperation,
  placeholders: Placeholder[],
  options: RequestSampleOptions,
  meanings = new Map<string, string>(),
): HttpRequest {
  const prefix = options.envPrefix ?? DEFAULT_ENV_PREFIX;
  const tokenOf = (variable: string, meaning?: string) => {
    let placeholder = placeholders.find((candidate) => candidate.variable === variable);
    if (!placeholder) {
      placeholder = {token: `vigilsampleplaceholder${placeholders.length}x`, variable};
      placeholders.push(placeholder);
    }
    if (meaning) meanings.set(variable, meaning);
    return placeholder.token;
  };
  let base: string;
  if (operation.kind === 'webhook') {
    base = tokenOf(`${prefix}_${WEBHOOK_URL_VARIABLE}`, 'the URL of your endpoint that receives this webhook');
  } else {
    const server = operation.server;
    const absolute = /^https?:\/\//.test(server)
      ? server
      : `${tokenOf(`${prefix}_${ORIGIN_VARIABLE}`, 'the origin of the API, e.g. https://api.example.com (its server URL is relative)')}${server.startsWith('/') ? '' : '/'}${server}`;
    base = absolute
      .replace(/\{([^}]+)\}/g, (_whole, name: string) =>
        tokenOf(serverVariableEnv(name, prefix), `the {${name}} part of the server URL`),
      )
      .replace(/\/$/, '');
  }
  let path = operation.kind === 'webhook' ? '' : operation.path;
  const query: string[] = [];
  const headers: HttpRequest['headers'] = [];
  const cookies: string[] = [];

  for (const parameter of operation.parameters) {
    const required = parameter.in === 'path' || parameter.required === true;
    if (!required && !(parameter.in === 'query' && options.optionalParameters)) continue;
    const example = parameterExample(spec, parameter);
    if (example === NO_EXAMPLE && !required) continue;
    const schema = deref(spec, parameter.schema ?? Object.values<JsonObject>(parameter.content ?? {})[0]?.schema) ?? {};
    const values = example === NO_EXAMPLE ? [] : Array.isArray(example) ? example : [example];
    const shown = (encoder: (value: unknown) => string, separator: string) =>
      example === NO_EXAMPLE ? `{${parameter.name}}` : values.map(encoder).join(separator);
    switch (parameter.in) {
      case 'path':
        path = path.split(`{${parameter.name}}`).join(shown(encode, ','));
        break;
      case 'query':
        if (example === NO_EXAMPLE) query.push(`${encode(parameter.name)}={${parameter.name}}`);
        else query.push(...queryPairs(parameter, schema, example));
        break;
      case 'header':
        headers.push({key: parameter.name, value: shown(formText, ',')});
        break;
      case 'cookie':
        cookies.push(`${parameter.name}=${shown(encode, ',')}`);
        break;
      default:
        throw new RequestSampleError(
          operation,
          `parameter ${parameter.name} is in "${parameter.in}", which is not a parameter location`,
        );
    }
  }

  // The first way to authenticate that asks for credentials; every scheme of it is sent.
  const requirements = (operation.definition.security ?? spec.security ?? []) as JsonObject[];
  const requirement = requirements.find((candidate) => Object.keys(candidate).length > 0) ?? {};
  const schemes = Object.keys(requirement);
  for (const [index, schemeName] of schemes.entries()) {
    const scheme = deref(spec, spec.components?.securitySchemes?.[schemeName]);
    if (!scheme)
      throw new RequestSampleError(operation, `security scheme ${schemeName} is not in components.securitySchemes`);
    const variable = index === 0 ? `${prefix}_TOKEN` : serverVariableEnv(schemeName, prefix);
    const httpScheme = String(scheme.scheme ?? '').toLowerCase();
    if (
      (scheme.type === 'http' && httpScheme === 'bearer') ||
      scheme.type === 'oauth2' ||
      scheme.type === 'openIdConnect'
    ) {
      headers.unshift({
        key: 'Authorization',
        value: `Bearer ${tokenOf(variable, scheme.type === 'http' ? 'your API token' : `an access token from ${scheme.type === 'oauth2' ? 'OAuth 2.0' : 'OpenID Connect'}${(requirement[schemeName] as string[] | undefined)?.length ? ` with the scopes ${(requirement[schemeName] as string[]).join(', ')}` : ''}`)}`,
      });
    } else if (scheme.type === 'http' && httpScheme === 'basic') {
      headers.unshift({
        key: 'Authorization',
        value: `Basic ${tokenOf(variable, 'your user name and password as user:password, base64-encoded (printf %s "$USER:$PASSWORD" | base64)')}`,
      });
    } else if (scheme.type === 'http') {
      headers.unshift({
        key: 'Authorization',
        value: `${scheme.scheme} ${tokenOf(variable, `your ${scheme.scheme} credentials`)}`,
      });
    } else if (scheme.type === 'apiKey' && scheme.in === 'header') {
      headers.unshift({key: scheme.name, value: tokenOf(variable, 'your API key')});
    } else if (scheme.type === 'apiKey' && scheme.in === 'query') {
      query.push(`${encode(scheme.name)}=${tokenOf(variable, 'your API key')}`);
    } else if (scheme.type === 'apiKey' && scheme.in === 'cookie') {
      cookies.push(`${scheme.name}=${tokenOf(variable, 'your API key')}`);
    } else if (scheme.type !== 'mutualTLS') {
      throw new RequestSampleError(
        operation,
        `security scheme ${schemeName} (${scheme.type} ${scheme.scheme ?? scheme.in ?? ''}) is not one OpenAPI defines`,
      );
    }
  }
  if (cookies.length > 0) headers.push({key: 'Cookie', value: cookies.join('; ')});

  let body: HttpRequest['body'];
  const requestBody = deref(spec, operation.definition.requestBody);
  const [contentType, rawMedia] = Object.entries<JsonObject>(requestBody?.content ?? {})[0] ?? [];
  if (contentType) {
    const media = deref(spec, rawMedia) ?? {};
    const example = mediaExamples(spec, media, 'request')[0]?.value ?? null;
    const type = contentType.toLowerCase();
    if (isJson(type) || type === '*/*') {
      body = {contentType, text: JSON.stringify(example, null, 2)};
    } else if (type.startsWith('multipart/') || type === 'application/x-www-form-urlencoded') {
      const schema = deref(spec, media.schema) ?? {};
      const properties = objectShape(spec, schema).properties;
      const values =
        example !== null && typeof example === 'object' && !Array.isArray(example) ? (example as JsonObject) : {};
      const fields: FormField[] = Object.entries(values).map(([key, value]) => {
        const encodingType = media.encoding?.[key]?.contentType as string | undefined;
        return type.startsWith('multipart/') && isFileSchema(spec, properties[key])
          ? {key, value: fileNameFor(key, encodingType ?? 'application/octet-stream'), file: true}
          : {key, value: formText(value)};
      });
      body = type.startsWith('multipart/') ? {contentType, form: fields} : {contentType, urlencoded: fields};
    } else if (
      typeof example === 'string' &&
      !isFileSchema(spec, media.schema) &&
      !(media.schema === undefined && !type.startsWith('text/'))
    ) {
      body = {contentType, text: example};
    } else if (type.startsWith('text/') && example !== null) {
      body = {contentType, text: formText(example)};
    } else {
      body = {contentType, file: fileNameFor('body', type)};
    }
    // A multipart body's boundary is the client's to write; the other types are named.
    if (!type.startsWith('multipart/')) headers.push({key: 'Content-Type', value: contentType});
  }
  return {
    url: `${base}${path}${query.length > 0 ? `?${query.join('&')}` : ''}`,
    method: operation.method.toUpperCase(),
    headers,
    body,
  };
}

/** The body as postman-collection describes one: raw text, form fields (files among them), or a file. */
function postmanBody(body: NonNullable<HttpRequest['body']>): JsonObject {
  if (body.form) {
    return {
      mode: 'formdata',
      formdata: body.form.map((field) =>
        field.file
          ? {key: field.key, src: field.value, type: 'file'}
          : {key: field.key, value: field.value, type: 'text'},
      ),
    };
  }
  if (body.urlencoded) return {mode: 'urlencoded', urlencoded: body.urlencoded.map(({key, value}) => ({key, value}))};
  if (body.file !== undefined) return {mode: 'file', file: {src: body.file}};
  return {mode: 'raw', raw: body.text ?? ''};
}

function generate(operation: ApiOperation, language: Language, request: HttpRequest): string {
  const definition = {
    url: request.url,
    method: request.method,
    header: request.headers,
    ...(request.body ? {body: postmanBody(request.body)} : {}),
  };
  // postman-collection's declarations want every field of a definition (auth, proxy, every body mode); the
  // constructor takes any of them.
  const postman = new PostmanRequest(definition as unknown as PostmanRequest.definition);
  let answer: {error: unknown; snippet: string} | undefined;
  codegen.convert(language.codegen[0], language.codegen[1], postman, language.options, (error, snippet) => {
    answer = {error, snippet};
  });
  if (!answer)
    throw new RequestSampleError(
      operation,
      `postman-code-generators ${language.codegen.join(' ')} did not answer synchronously`,
    );
  if (answer.error)
    throw new RequestSampleError(
      operation,
      `postman-code-generators ${language.codegen.join(' ')} failed: ${String(answer.error)}`,
    );
  return answer.snippet;
}

/** Replaces each generator literal holding a placeholder token with the language's read of the environment. */
function readEnvironment(
  operation: ApiOperation,
  language: Language,
  snippet: string,
  placeholders: Placeholder[],
): string {
  const alternatives = placeholders.map((placeholder) => placeholder.token).join('|');
  const holdsToken = new RegExp(alternatives);
  const tokens = new RegExp(alternatives, 'g');
  let rewritten = 0;
  const code = snippet
    .split('\n')
    .map((line) =>
      line.replace(language.literal.pattern, (literal) => {
        const inner = literal.slice(1, -1);
        if (placeholders.length === 0 || !holdsToken.test(inner)) return literal;
        rewritten += 1;
        const parts = inner.split(tokens);
        const variables = [...inner.matchAll(tokens)].map(
          (match) => placeholders.find((placeholder) => placeholder.token === match[0])!.variable,
        );
        return language.literal.rewrite(
          literal[0],
          parts.flatMap((part, index) => (index < variables.length ? [part, variables[index]] : [part])),
        );
      }),
    )
    .join('\n');
  if (
    placeholders.length > 0 &&
    (rewritten === 0 || placeholders.some((placeholder) => code.includes(placeholder.token)))
  ) {
    throw new RequestSampleError(
      operation,
      `the ${language.label} sample holds a value read from the environment where request-samples.ts cannot rewrite it:\n${snippet}`,
    );
  }
  return rewritten > 0 && language.finish ? language.finish(code) : code;
}

/**
 * The request samples of an operation, one per language, curl first, and the environment variables they read
 * (server variables, then credentials) with what each holds. Synchronous and deterministic.
 */
export function requestSampleSet(
  spec: JsonObject,
  operation: ApiOperation,
  options: RequestSampleOptions = {},
): {samples: RequestSample[]; variables: SampleVariable[]} {
  const placeholders: Placeholder[] = [];
  const meanings = new Map<string, string>();
  const request = httpRequest(spec, operation, placeholders, options, meanings);
  const samples = LANGUAGES.map((language) => {
    const generated = generate(operation, language, request);
    const snippet = language.patch ? language.patch(generated) : generated;
    const code = readEnvironment(operation, language, snippet, placeholders)
      .split('\n')
      .map((line) => line.replace(/\s+$/, ''))
      .join('\n')
      .trim();
    return {id: language.id, label: language.label, language: language.language, library: language.library, code};
  });
  return {
    samples,
    variables: placeholders.map(({variable}) => ({name: variable, meaning: variableMeaning(variable, meanings)})),
  };
}

/** The request samples of an operation, one per language, curl first. */
export function requestSamples(
  spec: JsonObject,
  operation: ApiOperation,
  options: RequestSampleOptions = {},
): RequestSample[] {
  return requestSampleSet(spec, operation, options).samples;
}
