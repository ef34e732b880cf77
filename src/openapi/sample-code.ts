/**
 * The code of an operation's request samples (curl, Python, JavaScript, Go, Java, Ruby), written from its request
 * template (src/openapi/request-samples.ts makes it from the OpenAPI file at build time) and, in the browser, the
 * values a reader typed in the "your values" panel. Both the pages' static samples and the panel's filled ones
 * come from this one function, with Postman's own snippet writers (src/upstream/postman-codegens.ts); it needs
 * neither the description nor Node.js.
 *
 * A value the reader has not given is read from an environment variable: the writers get a placeholder token no
 * other text holds, and each string literal of their output that holds one is rewritten into the language's read
 * of the environment (`"$VIGIL_TOKEN"` in curl, `os.environ["VIGIL_TOKEN"]`, `process.env.VIGIL_TOKEN`, ...).
 * A value the reader has given is written into the request itself, so the writer quotes and escapes it.
 */
import {SampleRequest, SNIPPET_WRITERS, type RequestDefinition} from '../upstream/postman-codegens';
import {javaGetWithoutBody} from './postman-fixes/java-get-body';
import {rubyNullLiterals} from './postman-fixes/ruby-null';

type Json = null | boolean | number | string | Json[] | {[key: string]: Json};

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

/** A value a sample reads from the environment, and what the reader puts in it. */
export type SampleVariable = {
  name: string;
  meaning: string;
  /** A token, key or password: the panel never stores it. */
  credential?: true;
};

/** Text, or the value of an environment variable. */
export type Segment = string | {variable: string};

/** A path, query, header or cookie parameter of the operation, as a sample sends it. */
export type TemplateParameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  /** Path parameters always are. */
  required: boolean;
  /** OpenAPI's serialisation: `form`, `simple`, `deepObject`, `pipeDelimited`, `spaceDelimited`. */
  style: string;
  explode: boolean;
  /** Described by `content`: sent as JSON text. */
  content: boolean;
  /** Its schema is an array (a reader's `a,b` is two values). */
  array: boolean;
  /** The parameter's example; absent when it has none. */
  example?: Json;
};

/** Credentials, in the order the request gets them. */
export type TemplateCredential =
  | {in: 'header'; key: string; value: Segment[]}
  | {in: 'query'; key: string; value: Segment[]}
  | {in: 'cookie'; key: string; value: Segment[]};

/** A form field of a multipart or URL-encoded body: text, or a file the sample uploads. */
export type FormField = {key: string; value: string; file?: boolean};

export type TemplateBody =
  | {contentType: string; kind: 'json'; example: Json}
  | {contentType: string; kind: 'form' | 'urlencoded'; example: {[key: string]: Json}; files: Record<string, string>}
  | {contentType: string; kind: 'text'; text: string}
  | {contentType: string; kind: 'file'; file: string};

/** Everything a sample of one operation sends, without the OpenAPI file: made at build time, read in the browser. */
export type RequestTemplate = {
  method: string;
  /** The server URL (an environment variable's for a webhook), without its trailing slash. */
  base: Segment[];
  /** `/datasets/{dataset_id}`; empty for a webhook. */
  path: string;
  parameters: TemplateParameter[];
  credentials: TemplateCredential[];
  body?: TemplateBody;
  /** The environment variables the base and the credentials read, in that order, with what each holds. */
  variables: SampleVariable[];
};

/** What a reader typed: environment variables' values, path and query parameters by name, the body's text. */
export type ReaderValues = {
  variables?: Record<string, string>;
  path?: Record<string, string>;
  query?: Record<string, string>;
  /** JSON for JSON and form bodies, the text itself for a text body. */
  body?: string;
};

export type SampleCodeOptions = {
  /** Also send the optional query parameters that have an example (the tests run samples both ways). */
  optionalParameters?: boolean;
};

/** A value read from the environment, written in the writers' input as a token no other text contains. */
type Placeholder = {token: string; variable: string};

/** How a language writes a string literal of the writer's output that holds placeholders. */
type Literal = {
  /** The literals of a line, as the writer quotes them. */
  pattern: RegExp;
  /** The expression that replaces the literal: `parts` alternate literal text (as written inside the quotes) and variable names. */
  rewrite: (quote: string, parts: string[]) => string;
};

type Language = Omit<RequestSample, 'code'> & {
  writer: string;
  options: Record<string, unknown>;
  literal: Literal;
  /** Adds what the rewritten literals need (an import). */
  finish?: (code: string) => string;
  /** Corrects the writer's output (src/openapi/postman-fixes/). */
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

const WRITER_OPTIONS = {indentType: 'Space', indentCount: 2, trimRequestBody: true, followRedirect: true};

const LANGUAGES: Language[] = [
  {
    id: 'curl',
    label: 'curl',
    language: 'bash',
    library: 'curl',
    writer: 'curl cURL',
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
    writer: 'python Requests',
    options: WRITER_OPTIONS,
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
    writer: 'javascript Fetch',
    options: WRITER_OPTIONS,
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
    writer: 'go Native',
    options: WRITER_OPTIONS,
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
    writer: 'java OkHttp',
    options: {...WRITER_OPTIONS, includeBoilerplate: true},
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
    writer: 'ruby Net::HTTP',
    options: WRITER_OPTIONS,
    patch: rubyNullLiterals,
    literal: {
      // The writer escapes `#` in double-quoted strings, so an interpolation is the only one.
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

/** Percent-encoding for a path or query value; `'` too, so that no writer has to escape a quote in a URL. */
export function encode(value: unknown): string {
  return encodeURIComponent(formText(value)).replace(/'/g, '%27');
}

/** The text a form field or a header sends for a value. */
export function formText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The query pairs of one parameter value, by its `style` and `explode` (OpenAPI's serialisation rules). */
function queryPairs(parameter: TemplateParameter, example: Json): string[] {
  const name = encode(parameter.name).replace(/%5B/g, '[').replace(/%5D/g, ']');
  if (parameter.content) return [`${name}=${encode(JSON.stringify(example))}`];
  if (example !== null && typeof example === 'object' && !Array.isArray(example)) {
    const entries = Object.entries(example);
    if (parameter.style === 'deepObject')
      return entries.map(([key, value]) => `${name}%5B${encode(key)}%5D=${encode(value)}`);
    if (parameter.explode) return entries.map(([key, value]) => `${encode(key)}=${encode(value)}`);
    return [`${name}=${entries.flatMap(([key, value]) => [encode(key), encode(value)]).join(',')}`];
  }
  const values = Array.isArray(example) ? example : [example];
  if ((parameter.array || Array.isArray(example)) && parameter.explode)
    return values.map((value) => `${name}=${encode(value)}`);
  const separator = parameter.style === 'pipeDelimited' ? '|' : parameter.style === 'spaceDelimited' ? '%20' : ',';
  return [`${name}=${values.map(encode).join(separator)}`];
}

/**
 * A value the reader typed for a parameter, as the parameter's type reads it: `a, b` is a list for an array,
 * `{"k": 1}` an object for an object; anything else is the text itself.
 */
function readerValue(parameter: TemplateParameter, text: string): Json {
  if (parameter.content || /^\s*\{/.test(text)) {
    try {
      return JSON.parse(text) as Json;
    } catch {
      return text;
    }
  }
  return parameter.array ? text.split(',').map((item) => item.trim()) : text;
}

const filled = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/**
 * The request the snippet writers get, with placeholder tokens where a value is read from the environment
 * (tests/unit/postman-codegens.spec.ts gives it to postman-collection's Request too).
 */
export function requestDefinition(
  template: RequestTemplate,
  values: ReaderValues,
  options: SampleCodeOptions,
): {definition: RequestDefinition; placeholders: Placeholder[]} {
  // A token that no value the reader typed contains: their text can hold anything.
  const typed = JSON.stringify(values);
  let prefix = 'vigilsampleplaceholder';
  while (typed.includes(prefix)) prefix += 'z';
  const placeholders: Placeholder[] = [];
  const text = (segments: Segment[]) =>
    segments
      .map((segment) => {
        if (typeof segment === 'string') return segment;
        const given = values.variables?.[segment.variable];
        if (filled(given)) return given.trim();
        let placeholder = placeholders.find((candidate) => candidate.variable === segment.variable);
        if (!placeholder) {
          placeholder = {token: `${prefix}${placeholders.length}x`, variable: segment.variable};
          placeholders.push(placeholder);
        }
        return placeholder.token;
      })
      .join('');

  const base = text(template.base);
  let path = template.path;
  const query: string[] = [];
  const headers: RequestDefinition['header'] = [];
  const cookies: string[] = [];
  for (const parameter of template.parameters) {
    const typedText = parameter.in === 'path' ? values.path?.[parameter.name] : values.query?.[parameter.name];
    const given = filled(typedText) && (parameter.in === 'path' || parameter.in === 'query');
    const value = given ? readerValue(parameter, typedText) : parameter.example;
    const sent =
      given || parameter.required || (parameter.in === 'query' && options.optionalParameters && value !== undefined);
    if (!sent) continue;
    const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
    const shown = (encoder: (item: unknown) => string, separator: string) =>
      value === undefined ? `{${parameter.name}}` : list.map(encoder).join(separator);
    switch (parameter.in) {
      case 'path':
        path = path.split(`{${parameter.name}}`).join(shown(encode, ','));
        break;
      case 'query':
        if (value === undefined) query.push(`${encode(parameter.name)}={${parameter.name}}`);
        else query.push(...queryPairs(parameter, value));
        break;
      case 'header':
        headers.push({key: parameter.name, value: shown(formText, ',')});
        break;
      case 'cookie':
        cookies.push(`${parameter.name}=${shown(encode, ',')}`);
        break;
    }
  }
  // Each credential header goes before the headers so far (the last scheme's first).
  for (const credential of template.credentials) {
    if (credential.in === 'header') headers.unshift({key: credential.key, value: text(credential.value)});
    else if (credential.in === 'query') query.push(`${credential.key}=${text(credential.value)}`);
    else cookies.push(`${credential.key}=${text(credential.value)}`);
  }
  if (cookies.length > 0) headers.push({key: 'Cookie', value: cookies.join('; ')});

  let body: RequestDefinition['body'];
  const templateBody = template.body;
  if (templateBody) {
    const typedBody = filled(values.body) ? values.body : undefined;
    switch (templateBody.kind) {
      case 'json':
        body = {
          mode: 'raw',
          raw: JSON.stringify(typedBody === undefined ? templateBody.example : JSON.parse(typedBody), null, 2),
        };
        break;
      case 'form':
      case 'urlencoded': {
        const object = typedBody === undefined ? templateBody.example : (JSON.parse(typedBody) as Json);
        if (object === null || typeof object !== 'object' || Array.isArray(object))
          throw new SyntaxError('A form body is a JSON object, one key per field.');
        const fields: FormField[] = Object.entries(object).map(([key, value]) =>
          templateBody.kind === 'form' && templateBody.files[key] !== undefined
            ? {key, value: templateBody.files[key], file: true}
            : {key, value: formText(value)},
        );
        body =
          templateBody.kind === 'form'
            ? {
                mode: 'formdata',
                formdata: fields.map((field) =>
                  field.file
                    ? {key: field.key, src: field.value, type: 'file' as const}
                    : {key: field.key, value: field.value, type: 'text' as const},
                ),
              }
            : {mode: 'urlencoded', urlencoded: fields.map(({key, value}) => ({key, value}))};
        break;
      }
      case 'text':
        body = {mode: 'raw', raw: typedBody ?? templateBody.text};
        break;
      case 'file':
        body = {mode: 'file', file: {src: templateBody.file}};
        break;
    }
    // A multipart body's boundary is the client's to write; the other types are named.
    if (templateBody.kind !== 'form') headers.push({key: 'Content-Type', value: templateBody.contentType});
  }
  return {
    definition: {
      url: `${base}${path}${query.length > 0 ? `?${query.join('&')}` : ''}`,
      method: template.method,
      header: headers,
      ...(body ? {body} : {}),
    },
    placeholders,
  };
}

function write(language: Language, definition: RequestDefinition): string {
  let answer: {error: unknown; snippet: string} | undefined;
  SNIPPET_WRITERS[language.writer].convert(new SampleRequest(definition), language.options, (error, snippet) => {
    answer = {error, snippet};
  });
  if (!answer) throw new Error(`postman-code-generators ${language.writer} did not answer synchronously`);
  if (answer.error) throw new Error(`postman-code-generators ${language.writer} failed: ${String(answer.error)}`);
  return answer.snippet;
}

/** Replaces each literal of the writer's output holding a placeholder token with the language's read of the environment. */
function readEnvironment(language: Language, snippet: string, placeholders: Placeholder[]): string {
  if (placeholders.length === 0) return snippet;
  const alternatives = placeholders.map((placeholder) => placeholder.token).join('|');
  const holdsToken = new RegExp(alternatives);
  const tokens = new RegExp(alternatives, 'g');
  let rewritten = 0;
  const code = snippet
    .split('\n')
    .map((line) =>
      line.replace(language.literal.pattern, (literal) => {
        const inner = literal.slice(1, -1);
        if (!holdsToken.test(inner)) return literal;
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
  if (rewritten === 0 || placeholders.some((placeholder) => code.includes(placeholder.token))) {
    throw new Error(
      `the ${language.label} sample holds a value read from the environment where src/openapi/sample-code.ts cannot rewrite it:\n${snippet}`,
    );
  }
  return language.finish ? language.finish(code) : code;
}

/**
 * The samples of a request, one per language, curl first, with the reader's values where given and the
 * environment's elsewhere. Throws a SyntaxError when the typed body is not JSON (for a JSON or form body).
 */
export function sampleCode(
  template: RequestTemplate,
  values: ReaderValues = {},
  options: SampleCodeOptions = {},
): RequestSample[] {
  const {definition, placeholders} = requestDefinition(template, values, options);
  return LANGUAGES.map((language) => {
    const written = write(language, definition);
    const snippet = language.patch ? language.patch(written) : written;
    const code = readEnvironment(language, snippet, placeholders)
      .split('\n')
      .map((line) => line.replace(/\s+$/, ''))
      .join('\n')
      .trim();
    return {id: language.id, label: language.label, language: language.language, library: language.library, code};
  });
}
