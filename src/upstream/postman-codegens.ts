// The six snippet writers of postman-code-generators 2.1.1 the API reference uses, imported one by one
// (`codegens/<name>`, each a package of its own inside it), and the request they read, written here instead of
// postman-collection's `Request`. The package's entry point loads all 37 writers and postman-collection (with
// lodash, iconv-lite and faker: 213 kB gzipped without faker, 401 kB minified); the six writers are 10 kB gzipped.
// The build and the "your values" panel in the browser (src/openapi/sample-code.ts) write samples with this same
// code. `tests/unit/postman-codegens.spec.ts` writes every sample of every corpus description both ways, with
// this request and with postman-collection's, and fails on any difference.
import curl from 'postman-code-generators/codegens/curl';
import golang from 'postman-code-generators/codegens/golang';
import javaOkhttp from 'postman-code-generators/codegens/java-okhttp';
import jsFetch from 'postman-code-generators/codegens/js-fetch';
import pythonRequests from 'postman-code-generators/codegens/python-requests';
import ruby from 'postman-code-generators/codegens/ruby';

/** What a snippet writer reads of a request: the members of postman-collection's `Request` the six use. */
export type RequestDefinition = {
  url: string;
  method: string;
  header: Array<{key: string; value: string}>;
  body?:
    | {mode: 'raw'; raw: string}
    | {mode: 'formdata'; formdata: FormParameter[]}
    | {mode: 'urlencoded'; urlencoded: Array<{key: string; value: string}>}
    | {mode: 'file'; file: {src: string}};
};

type FormParameter = {key: string; type: 'text' | 'file'; value?: string; src?: string; contentType?: string};

export type SnippetWriter = {
  convert: (
    request: unknown,
    options: Record<string, unknown>,
    callback: (error: unknown, snippet: string) => void,
  ) => void;
};

/** The writers by the language and variant postman-code-generators names them with. */
export const SNIPPET_WRITERS: Record<string, SnippetWriter> = {
  'curl cURL': curl,
  'python Requests': pythonRequests,
  'javascript Fetch': jsFetch,
  'go Native': golang,
  'java OkHttp': javaOkhttp,
  'ruby Net::HTTP': ruby,
};

/** A property list of postman-collection, as far as the writers read one: its members, find and count. */
class Members<T> {
  constructor(public members: T[]) {}
  count(): number {
    return this.members.length;
  }
}

class Headers extends Members<{key: string; value: string}> {
  private find(name: string) {
    return this.members.find((header) => header.key.toLowerCase() === name.toLowerCase());
  }
  has(name: string): boolean {
    return this.find(name) !== undefined;
  }
  get(name: string): string | undefined {
    return this.find(name)?.value;
  }
}

/** A URL split as postman-collection's `Url` splits one: protocol, host (with its port), path, query, hash. */
class SampleUrl {
  protocol?: string;
  host?: string;
  path?: string;
  query: Members<{key: string; value: string | null}>;
  hash?: string;
  constructor(private readonly raw: string) {
    const [, protocol, host, path, query, hash] =
      /^(?:([^:/?#]+):\/\/)?([^/?#]*)([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/.exec(raw)!;
    this.protocol = protocol;
    this.host = host || undefined;
    this.path = path ? path.replace(/^\//, '') : undefined;
    this.query = new Members(
      (query ?? '')
        .split('&')
        .filter(Boolean)
        .map((pair) => {
          const at = pair.indexOf('=');
          return at === -1 ? {key: pair, value: null} : {key: pair.slice(0, at), value: pair.slice(at + 1)};
        }),
    );
    this.hash = hash;
  }
  getHost(): string {
    return this.host ?? '';
  }
  getPath(): string {
    return `/${this.path ?? ''}`;
  }
  toString(): string {
    return this.raw;
  }
}

class SampleBody {
  mode: string;
  [mode: string]: unknown;
  constructor(body: NonNullable<RequestDefinition['body']>) {
    this.mode = body.mode;
    this.update(body);
  }
  update(body: Record<string, unknown>): void {
    this.mode = body.mode as string;
    const content = body[this.mode];
    // A form's fields are a property list; a file field keeps an empty value, as postman-collection's FormParam.
    this[this.mode] =
      this.mode === 'formdata'
        ? new Members(
            (content as FormParameter[]).map((field) => (field.type === 'file' ? {value: '', ...field} : field)),
          )
        : this.mode === 'urlencoded'
          ? new Members(content as unknown[])
          : content;
  }
  /** postman-collection's RequestBody.isEmpty: no data, a file without a source, an empty text or list. */
  isEmpty(): boolean {
    const content = this[this.mode] as unknown;
    if (!content) return true;
    if (this.mode === 'file') return !(content as {src?: string}).src;
    if (typeof content === 'string') return content.length === 0;
    if (content instanceof Members) return content.count() === 0;
    return Object.keys(content).length === 0;
  }
  toJSON(): Record<string, unknown> {
    const content = this[this.mode];
    return {mode: this.mode, [this.mode]: content instanceof Members ? content.members : content};
  }
}

/** postman-collection's `Request`, as the six writers read it. */
export class SampleRequest {
  url: SampleUrl;
  method: string;
  headers: Headers;
  body?: SampleBody;
  auth = undefined;
  protocolProfileBehavior = undefined;
  constructor(definition: RequestDefinition) {
    this.url = new SampleUrl(definition.url);
    this.method = definition.method;
    this.headers = new Headers(definition.header.map(({key, value}) => ({key, value})));
    if (definition.body) this.body = new SampleBody(definition.body);
  }
  addHeader(header: {key: string; value: string}): void {
    this.headers.members.push({key: header.key, value: header.value});
  }
  getHeaders({ignoreCase}: {enabled?: boolean; ignoreCase?: boolean} = {}): Record<string, string | string[]> {
    const headers: Record<string, string | string[]> = {};
    for (const {key, value} of this.headers.members) {
      const name = ignoreCase ? key.toLowerCase() : key;
      const before = headers[name];
      headers[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
    }
    return headers;
  }
  toJSON(): Record<string, unknown> {
    return {
      method: this.method,
      header: this.headers.members.map(({key, value}) => ({key, value})),
      ...(this.body ? {body: this.body.toJSON()} : {}),
    };
  }
}
