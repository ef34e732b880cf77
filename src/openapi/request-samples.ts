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
import {javaGetWithoutBody} from '../patches/postman-java-get-body';
import {rubyNullLiterals} from '../patches/postman-ruby-null';
import {deref, mediaTypeExample, type JsonObject} from './document';
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
};

/** The environment variable every sample reads the API token from (docs/intro.md exports it). */
export const TOKEN_VARIABLE = 'VIGIL_TOKEN';

/** The environment variable a sample reads a server variable from: `instance` is `VIGIL_INSTANCE`. */
export function serverVariableEnv(name: string): string {
  return `VIGIL_${name.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase()}`;
}

export class RequestSampleError extends Error {
  constructor(operation: ApiOperation, problem: string) {
    super(`Request samples of ${operation.operationId} (${operation.method.toUpperCase()} ${operation.path}): ${problem}`);
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
  /** Corrects the generator's output (src/patches/). */
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
    options: {multiLine: true, longFormat: false, lineContinuationCharacter: '\\', quoteType: 'single', followRedirect: false, trimRequestBody: true},
    literal: {
      // The URL and header literals have no quote inside (values are percent-encoded): a double-quoted string
      // expands `$VIGIL_TOKEN`.
      pattern: /'[^'\n]*'/g,
      rewrite: (_quote, parts) =>
        `"${parts
          .map((part, index) =>
            index % 2 === 0 ? part.replace(/[\\"$`]/g, '\\$&') : /^\w/.test(parts[index + 1] ?? '') ? `\${${part}}` : `$${part}`,
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
    literal: {pattern: DOUBLE_QUOTED, rewrite: (quote, parts) => concatenation(quote, parts, (variable) => `os.Getenv("${variable}")`)},
    finish: (code) => code.replace(/^import \(\n((?: +"[^"\n]+"\n)+)\)/m, (_block, imports: string) => `import (\n${imports}  "os"\n)`),
  },
  {
    id: 'java',
    label: 'Java',
    language: 'java',
    library: 'OkHttp',
    codegen: ['java', 'OkHttp'],
    options: {...GENERATOR_OPTIONS, includeBoilerplate: true},
    patch: javaGetWithoutBody,
    literal: {pattern: DOUBLE_QUOTED, rewrite: (quote, parts) => concatenation(quote, parts, (variable) => `System.getenv("${variable}")`)},
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
      rewrite: (_quote, parts) => `"${interpolation(parts, (text) => text, (variable) => `#{ENV.fetch("${variable}")}`)}"`,
    },
  },
];

/** The ids of the samples, in tab order. */
export const REQUEST_SAMPLE_IDS = LANGUAGES.map((language) => language.id);

const NO_EXAMPLE = Symbol('no example');

/** The example of a parameter: its `example`, the first of `examples`, its schema's `example`, `default` or first `enum` value. */
function parameterExample(spec: JsonObject, parameter: JsonObject): unknown {
  if (parameter.example !== undefined) return parameter.example;
  const first = Object.values<JsonObject>(parameter.examples ?? {})[0];
  const value = first ? deref(spec, first)?.value : undefined;
  if (value !== undefined) return value;
  const schema = deref(spec, parameter.schema) ?? {};
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  return NO_EXAMPLE;
}

/** Percent-encoding for a path or query value; `'` too, so that no generator has to escape a quote in a URL. */
function encode(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return encodeURIComponent(text).replace(/'/g, '%27');
}

function objectParts(spec: JsonObject, schema: JsonObject): JsonObject[] {
  const variants = (schema.oneOf ?? schema.anyOf) as JsonObject[] | undefined;
  return [schema, ...((schema.allOf ?? []) as JsonObject[]), ...(variants?.length ? [variants[0]] : [])].map((part) => deref(spec, part) ?? {});
}

function isObjectSchema(schema: JsonObject): boolean {
  return schema.type === 'object' || Boolean(schema.properties) || Boolean(schema.allOf);
}

function placeholderValue(schema: JsonObject, name: string): unknown {
  switch (schema.type) {
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    default:
      return `<${name}>`;
  }
}

/**
 * An example value built from a schema, deterministically: the schema's `example` (or first of `examples`),
 * `const`, `default` or first `enum` value; for an object, its required properties and the optional ones that
 * have an example of their own (read-only ones left out), `allOf` parts merged, the first `oneOf`/`anyOf`
 * variant; for an array, one item. A required value without any of these is a visible placeholder: `"<name>"`
 * for a string, 0 (or the minimum) for a number, false, or an empty array.
 */
export function schemaExample(spec: JsonObject, rawSchema: JsonObject | undefined, name = 'value', trail: string[] = []): unknown {
  const schema = deref(spec, rawSchema) ?? {};
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const parts = objectParts(spec, schema);
  if (parts.some(isObjectSchema)) {
    const result: JsonObject = {};
    for (const part of parts) {
      const required = new Set<string>((part.required ?? []) as string[]);
      for (const [property, rawProperty] of Object.entries<JsonObject>(part.properties ?? {})) {
        const ref = typeof rawProperty.$ref === 'string' ? rawProperty.$ref : undefined;
        const target = deref(spec, rawProperty) ?? {};
        if (target.readOnly || (ref && trail.includes(ref))) continue;
        if (!required.has(property) && target.example === undefined && !Array.isArray(target.examples)) continue;
        result[property] = schemaExample(spec, rawProperty, property, ref ? [...trail, ref] : trail);
      }
    }
    return result;
  }
  if (parts.length > 1) return schemaExample(spec, parts[parts.length - 1], name, trail);
  if (schema.type === 'array') {
    const ref = typeof schema.items?.$ref === 'string' ? (schema.items.$ref as string) : undefined;
    return ref && trail.includes(ref) ? [] : [schemaExample(spec, schema.items, name, ref ? [...trail, ref] : trail)];
  }
  return placeholderValue(schema, name);
}

/** The example of a media type: `example`, the first of `examples`, else one built from its schema. */
function isJson(contentType: string): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\b/.test(contentType);
}

type HttpRequest = {url: string; method: string; headers: Array<{key: string; value: string}>; body?: {contentType: string; text: string}};

/** The request a sample sends, with placeholder tokens where a value is read from the environment. */
function httpRequest(spec: JsonObject, operation: ApiOperation, placeholders: Placeholder[], options: RequestSampleOptions): HttpRequest {
  const server = (spec.servers as JsonObject[] | undefined)?.[0];
  if (!server || !/^https?:\/\//.test(String(server.url))) {
    throw new RequestSampleError(operation, 'the first server of the description must have an absolute http(s) URL');
  }
  const tokenOf = (variable: string) => {
    let placeholder = placeholders.find((candidate) => candidate.variable === variable);
    if (!placeholder) {
      placeholder = {token: `vigilsampleplaceholder${placeholders.length}x`, variable};
      placeholders.push(placeholder);
    }
    return placeholder.token;
  };
  const base = String(server.url)
    .replace(/\{([^}]+)\}/g, (_whole, name: string) => tokenOf(serverVariableEnv(name)))
    .replace(/\/$/, '');
  let path = operation.path;
  const query: string[] = [];
  const headers: HttpRequest['headers'] = [];
  const cookies: string[] = [];

  for (const parameter of operation.parameters) {
    const required = parameter.in === 'path' || parameter.required === true;
    if (!required && !(parameter.in === 'query' && options.optionalParameters)) continue;
    const example = parameterExample(spec, parameter);
    if (example === NO_EXAMPLE && !required) continue;
    const schema = deref(spec, parameter.schema) ?? {};
    if (example !== NO_EXAMPLE && example !== null && typeof example === 'object' && !Array.isArray(example)) {
      throw new RequestSampleError(operation, `${parameter.in} parameter ${parameter.name} is an object, which request samples do not write`);
    }
    const values = example === NO_EXAMPLE ? [] : Array.isArray(example) ? example : [example];
    const shown = (encoder: (value: unknown) => string, separator: string) =>
      example === NO_EXAMPLE ? `{${parameter.name}}` : values.map(encoder).join(separator);
    switch (parameter.in) {
      case 'path':
        path = path.split(`{${parameter.name}}`).join(shown(encode, ','));
        break;
      case 'query': {
        const explode = parameter.explode ?? (parameter.style ?? 'form') === 'form';
        if (schema.type === 'array' && explode && example !== NO_EXAMPLE) {
          for (const value of values) query.push(`${encode(parameter.name)}=${encode(value)}`);
        } else {
          const separator = parameter.style === 'pipeDelimited' ? '|' : parameter.style === 'spaceDelimited' ? '%20' : ',';
          query.push(`${encode(parameter.name)}=${shown(encode, separator)}`);
        }
        break;
      }
      case 'header':
        headers.push({key: parameter.name, value: shown(String, ',')});
        break;
      case 'cookie':
        cookies.push(`${parameter.name}=${shown(encode, ',')}`);
        break;
      default:
        throw new RequestSampleError(operation, `parameter ${parameter.name} is in "${parameter.in}", which is not a parameter location`);
    }
  }

  const security = (operation.definition.security ?? spec.security ?? []) as JsonObject[];
  for (const schemeName of Object.keys(security[0] ?? {})) {
    const scheme = deref(spec, spec.components?.securitySchemes?.[schemeName]);
    const token = tokenOf(TOKEN_VARIABLE);
    if (!scheme) {
      throw new RequestSampleError(operation, `security scheme ${schemeName} is not in components.securitySchemes`);
    } else if ((scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer') || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
      headers.unshift({key: 'Authorization', value: `Bearer ${token}`});
    } else if (scheme.type === 'apiKey' && scheme.in === 'header') {
      headers.unshift({key: scheme.name, value: token});
    } else if (scheme.type === 'apiKey' && scheme.in === 'query') {
      query.push(`${encode(scheme.name)}=${token}`);
    } else {
      throw new RequestSampleError(operation, `security scheme ${schemeName} (${scheme.type} ${scheme.scheme ?? scheme.in ?? ''}) is not one request samples write`);
    }
  }
  if (cookies.length > 0) headers.push({key: 'Cookie', value: cookies.join('; ')});

  let body: HttpRequest['body'];
  const requestBody = deref(spec, operation.definition.requestBody);
  const [contentType, rawMedia] = Object.entries<JsonObject>(requestBody?.content ?? {})[0] ?? [];
  if (contentType) {
    const media = deref(spec, rawMedia) ?? {};
    const given = mediaTypeExample(spec, media);
    const example = given !== undefined ? given : schemaExample(spec, media.schema, 'body');
    if (isJson(contentType)) body = {contentType, text: JSON.stringify(example, null, 2)};
    else if (typeof example === 'string') body = {contentType, text: example};
    else throw new RequestSampleError(operation, `the ${contentType} request body has no text example, which request samples need for a type other than JSON`);
    headers.push({key: 'Content-Type', value: contentType});
  }
  return {url: `${base}${path}${query.length > 0 ? `?${query.join('&')}` : ''}`, method: operation.method.toUpperCase(), headers, body};
}

function generate(operation: ApiOperation, language: Language, request: HttpRequest): string {
  const definition = {
    url: request.url,
    method: request.method,
    header: request.headers,
    ...(request.body ? {body: {mode: 'raw', raw: request.body.text}} : {}),
  };
  // postman-collection's declarations want every field of a definition (auth, proxy, every body mode); the
  // constructor takes any of them.
  const postman = new PostmanRequest(definition as unknown as PostmanRequest.definition);
  let answer: {error: unknown; snippet: string} | undefined;
  codegen.convert(language.codegen[0], language.codegen[1], postman, language.options, (error, snippet) => {
    answer = {error, snippet};
  });
  if (!answer) throw new RequestSampleError(operation, `postman-code-generators ${language.codegen.join(' ')} did not answer synchronously`);
  if (answer.error) throw new RequestSampleError(operation, `postman-code-generators ${language.codegen.join(' ')} failed: ${String(answer.error)}`);
  return answer.snippet;
}

/** Replaces each generator literal holding a placeholder token with the language's read of the environment. */
function readEnvironment(operation: ApiOperation, language: Language, snippet: string, placeholders: Placeholder[]): string {
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
        const variables = [...inner.matchAll(tokens)].map((match) => placeholders.find((placeholder) => placeholder.token === match[0])!.variable);
        return language.literal.rewrite(literal[0], parts.flatMap((part, index) => (index < variables.length ? [part, variables[index]] : [part])));
      }),
    )
    .join('\n');
  if (placeholders.length > 0 && (rewritten === 0 || placeholders.some((placeholder) => code.includes(placeholder.token)))) {
    throw new RequestSampleError(operation, `the ${language.label} sample holds a value read from the environment where request-samples.ts cannot rewrite it:\n${snippet}`);
  }
  return rewritten > 0 && language.finish ? language.finish(code) : code;
}

/** The environment variables the samples of an operation read: its server's variables, then the token if it needs one. */
export function requestSampleVariables(spec: JsonObject, operation: ApiOperation): string[] {
  const placeholders: Placeholder[] = [];
  httpRequest(spec, operation, placeholders, {});
  return placeholders.map((placeholder) => placeholder.variable);
}

/** The request samples of an operation, one per language, curl first. Synchronous and deterministic. */
export function requestSamples(spec: JsonObject, operation: ApiOperation, options: RequestSampleOptions = {}): RequestSample[] {
  const placeholders: Placeholder[] = [];
  const request = httpRequest(spec, operation, placeholders, options);
  return LANGUAGES.map((language) => {
    const generated = generate(operation, language, request);
    const snippet = language.patch ? language.patch(generated) : generated;
    const code = readEnvironment(operation, language, snippet, placeholders)
      .split('\n')
      .map((line) => line.replace(/\s+$/, ''))
      .join('\n')
      .trim();
    return {id: language.id, label: language.label, language: language.language, library: language.library, code};
  });
}
