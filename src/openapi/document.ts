import {readFileSync} from 'node:fs';
import {isDeepStrictEqual} from 'node:util';
import yaml from 'js-yaml';
import kebabCase from 'lodash/kebabCase';
import {convertSwagger2, type ConversionWarning} from './swagger2';

/** The keys of a path item that hold an operation. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type Json = null | boolean | number | string | Json[] | JsonObject;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonObject = {[key: string]: any};

/** The description cannot be rendered: names the file, where in it (a JSON pointer) and the problem. */
export class OpenApiSourceError extends Error {
  constructor(file: string, problem: string, pointer?: string) {
    super(`Invalid OpenAPI description ${file}${pointer ? ` at ${pointer}` : ''}: ${problem}`);
    this.name = 'OpenApiSourceError';
  }
}

/** A JSON pointer segment: `/` and `~` escaped (`/datasets/{id}` -> `~1datasets~1{id}`). */
export function pointerSegment(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A JSON object: not null, not an array. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The file each loaded description was read from, so errors about it can name it. */
const sourceFiles = new WeakMap<JsonObject, string>();

function sourceFileOf(document: JsonObject): string {
  return sourceFiles.get(document) ?? '(not read from a file)';
}

/** The node a local JSON pointer (`#/components/schemas/Dataset`) names, or undefined. */
export function resolvePointer(document: Json, pointer: string): Json | undefined {
  let node: Json | undefined = document;
  for (const raw of pointer.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) {
      node = node[Number(key)];
    } else if (isObject(node)) {
      node = Object.prototype.hasOwnProperty.call(node, key) ? node[key] : undefined;
    } else {
      return undefined;
    }
  }
  return node;
}

/**
 * What a node of the description is, for finding its references: an object of keywords (a schema, an operation,
 * a response…), an Example Object (its `value` is data), a Link Object (its `parameters` and `requestBody` are
 * data) or a Callback Object (its keys are runtime expressions, each holding a path item).
 */
type NodeKind = 'keywords' | 'example' | 'link' | 'callback';

/** Keywords whose value is data (an example, a default, the allowed values): a `$ref` inside is data too. */
const LITERAL_KEYWORDS = new Set(['example', 'default', 'const', 'enum']);

/**
 * Keywords whose value maps names (properties, status codes, paths, webhooks, media types, components…) to
 * nodes, and what each of those nodes is: a property or a response named `default` or `example` is a node, not
 * data. `parameters` and `examples` are read by their value (OpenAPI gives both shapes).
 */
const NAME_MAPS = new Map<string, NodeKind>([
  ['properties', 'keywords'],
  ['patternProperties', 'keywords'],
  ['dependentSchemas', 'keywords'],
  ['dependencies', 'keywords'],
  ['$defs', 'keywords'],
  ['definitions', 'keywords'],
  ['paths', 'keywords'],
  ['webhooks', 'keywords'],
  ['x-webhooks', 'keywords'],
  ['pathItems', 'keywords'],
  ['responses', 'keywords'],
  ['content', 'keywords'],
  ['encoding', 'keywords'],
  ['headers', 'keywords'],
  ['variables', 'keywords'],
  ['schemas', 'keywords'],
  ['requestBodies', 'keywords'],
  ['securitySchemes', 'keywords'],
  ['parameters', 'keywords'],
  ['examples', 'example'],
  ['links', 'link'],
  ['callbacks', 'callback'],
]);

/**
 * The specification extensions the site reads. Any other `x-` value is opaque, as OpenAPI says of extensions: a `$ref`
 * inside it is no reference (Spotify's description has `x-spotify-policy-list` entries whose `$ref`s point at nothing
 * in the file, and builds).
 */
const EXTENSIONS_READ = new Set(['x-webhooks', 'x-codeSamples', 'x-code-samples', 'x-tagGroups']);

/** A `$ref` that OpenAPI reads as a reference, or a value that is data (`holder[key]`), and where it is. */
type Site =
  | {type: 'reference'; ref: string; where: string; holder: JsonObject}
  | {type: 'data'; key: string; where: string; holder: JsonObject};

/**
 * The references and the data of `node`, as OpenAPI reads them. Data are `example`, the `value` of an Example
 * Object, a Schema's `examples` list, `default`, `const`, `enum`, a Link's `parameters` and `requestBody`: an
 * object with a `$ref` key inside them is a value like any other, not a reference. Extensions the site does not read
 * (EXTENSIONS_READ) hold neither.
 */
function* sitesOf(node: Json, where: string, kind: NodeKind = 'keywords'): Generator<Site> {
  if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) {
      yield* sitesOf(item, `${where}/${index}`, kind);
    }
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries<Json>(node)) {
    const at = `${where}/${pointerSegment(key)}`;
    const names = NAME_MAPS.get(key);
    if (key === '$ref' && typeof value === 'string') {
      yield {type: 'reference', ref: value, where, holder: node};
    } else if (key.startsWith('x-') && !EXTENSIONS_READ.has(key)) {
      continue;
    } else if (kind === 'callback') {
      yield* sitesOf(value, at);
    } else if (
      LITERAL_KEYWORDS.has(key) ||
      (kind === 'example' && key === 'value') ||
      (kind === 'link' && (key === 'parameters' || key === 'requestBody')) ||
      (key === 'examples' && Array.isArray(value))
    ) {
      yield {type: 'data', key, where: at, holder: node};
    } else if (names && isObject(value)) {
      for (const [name, child] of Object.entries<Json>(value)) {
        yield* sitesOf(child, `${at}/${pointerSegment(name)}`, names);
      }
    } else {
      yield* sitesOf(value, at);
    }
  }
}

/** Every `$ref` of `node` that OpenAPI reads as a reference (none inside data: sitesOf). */
function* refsOf(node: Json, where: string): Generator<{ref: string; where: string; holder: JsonObject}> {
  for (const site of sitesOf(node, where)) if (site.type === 'reference') yield site;
}

/**
 * The values of a description that are data, not description (sitesOf): examples, defaults, `const` and `enum`
 * values, a Link's parameters and request body, each as `holder[key]` with its JSON pointer.
 */
export function* dataValuesOf(document: JsonObject): Generator<{holder: JsonObject; key: string; where: string}> {
  for (const site of sitesOf(document, '#')) if (site.type === 'data') yield site;
}

/**
 * Follows local `$ref`s from `node` to the node they end at. Throws an OpenApiSourceError naming the file
 * when a reference does not resolve or the references loop.
 */
export function deref(
  document: JsonObject,
  node: JsonObject | undefined,
  file = sourceFileOf(document),
): JsonObject | undefined {
  let current = node;
  const seen = new Set<string>();
  while (current && typeof current.$ref === 'string') {
    const ref: string = current.$ref;
    const target = seen.has(ref) || !ref.startsWith('#/') ? undefined : resolvePointer(document, ref);
    if (!isObject(target)) {
      throw new OpenApiSourceError(file, `cannot resolve $ref ${ref}`);
    }
    seen.add(ref);
    current = target;
  }
  return current;
}

/** One operation of the description: under `paths`, or a webhook under `webhooks` (3.1; 3.0's `x-webhooks` once loaded). */
export type OperationEntry = {
  kind: 'operation' | 'webhook';
  /** The path template, or the webhook's name. */
  path: string;
  method: HttpMethod;
  pathItem: JsonObject;
  definition: JsonObject;
  /** Where it is: `#/paths/~1datasets/get`, `#/webhooks/alertRaised/post`. */
  pointer: string;
};

/** Every operation of the description, in file order, with its path item (references followed); then the webhooks. */
export function* pathOperations(document: JsonObject, file = sourceFileOf(document)): Generator<OperationEntry> {
  for (const kind of ['operation', 'webhook'] as const) {
    const container = kind === 'operation' ? 'paths' : 'webhooks';
    for (const [path, rawItem] of Object.entries<Json>(document[container] ?? {})) {
      const pathItem = isObject(rawItem) ? deref(document, rawItem, file) : undefined;
      if (!pathItem) continue;
      for (const method of HTTP_METHODS) {
        const definition = pathItem[method];
        if (isObject(definition)) {
          yield {kind, path, method, pathItem, definition, pointer: `#/${container}/${pointerSegment(path)}/${method}`};
        }
      }
    }
  }
}

/**
 * The most bytes of UTF-8 a page id has. The id names the page's files (`<id>.api.page.js` beside its MDX, its
 * Markdown version `<id>.md`), and a file name has at most 255 bytes: LumApps' description names a schema in 683
 * characters (its fields' names joined), whose object page could not be written.
 */
export const MAX_PAGE_ID_BYTES = 100;

/** Letters that name a text: an FNV-1a hash of it in base 26 (letters only, so kebab-case leaves it whole). */
function letterHash(text: string): string {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  let letters = '';
  for (let index = 0; index < 7; index += 1, hash = Math.floor(hash / 26))
    letters += String.fromCharCode(97 + (hash % 26));
  return letters;
}

/**
 * A page id of at most MAX_PAGE_ID_BYTES: `id` itself, or its start (whole characters, no hyphen at its end) and a
 * hash of all of it, so that two long names with the same start keep two pages.
 */
export function boundedPageId(id: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(id).length <= MAX_PAGE_ID_BYTES) return id;
  const hash = letterHash(id);
  let start = '';
  for (const character of id) {
    if (encoder.encode(start + character).length > MAX_PAGE_ID_BYTES - hash.length - 1) break;
    start += character;
  }
  return `${start.replace(/-+$/, '')}-${hash}`;
}

/**
 * The slug of a page named `name` (an operationId, a summary, a webhook's name): kebab-cased as the API plugin
 * does (lodash kebabCase, whose words split camelCase: `getS3Bucket` -> `get-s-3-bucket`), so an ASCII name keeps
 * the slug readers bookmarked; Latin letters lose their diacritics (`Créer un compte` -> `creer-un-compte`,
 * Vietnamese and Romanian letters too), compatibility forms become plain letters (`ﬁ` -> `fi`, full-width `ｇ` ->
 * `g`), and letters of scripts that have no ASCII form stay (`ユーザー一覧`, URL-encoded by the browser). Anything
 * that is neither a letter, a mark nor a digit (an emoji, punctuation) is left out, so the slug may be empty: the
 * caller then names the page by its method and path.
 */
export function pageSlug(name: string): string {
  const plain = name
    .normalize('NFKD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC');
  return boundedPageId(
    kebabCase(plain)
      .replace(/[^\p{L}\p{M}\p{N}-]+/gu, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^-|-$/g, ''),
  );
}

/** The page id of a tag, as the API reference has always named it: its name, kebab-cased (`getS3Bucket` -> `get-s-3-bucket`). */
export function apiPageSlug(name: string): string {
  return boundedPageId(kebabCase(name));
}

/** The page id of the API root: the title, its first space hyphenated, lower-cased, kebab-cased (`Vigil API` -> `vigil-api`). */
export function infoPageSlug(title: string): string {
  return boundedPageId(kebabCase(title.replace(' ', '-').toLowerCase()));
}

/**
 * The page id of an operation or webhook: the slug of its operationId, else of its summary, else (a webhook) of
 * its name. In a loaded description every operation and webhook has an operationId (completeOperationIds), whose
 * kebab-case is that same id.
 */
export function pageIdOf(entry: OperationEntry): string {
  return pageSlug(
    entry.definition.operationId ?? entry.definition.summary ?? (entry.kind === 'webhook' ? entry.path : ''),
  );
}

/**
 * The operationIds the file gives operations whose operationId the loader replaced (two ids making the same page
 * id, or one the API plugin would turn into another page id), and `undefined` for operations it gave one to.
 */
const givenOperationIds = new WeakMap<JsonObject, string | undefined>();

/** The operationId an operation has in the file, or undefined when it has none. */
export function givenOperationId(definition: JsonObject): string | undefined {
  return givenOperationIds.has(definition) ? givenOperationIds.get(definition) : definition.operationId;
}

function hasText(value: Json | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * The title of an operation's or webhook's page: its summary, else its operationId as the file gives it, else
 * `METHOD /path` (a webhook: its name). A loaded description has it as the summary of each operation and webhook.
 */
export function titleOf(entry: OperationEntry): string {
  const {summary} = entry.definition;
  if (hasText(summary)) return summary;
  const operationId = givenOperationId(entry.definition);
  if (hasText(operationId)) return operationId;
  return entry.kind === 'webhook' ? entry.path : `${entry.method.toUpperCase()} ${entry.path}`;
}

/**
 * Whether `id` is a fixed point of kebab-case, so that the operationId the loader writes and the page id agree
 * (the rule the API reference's ids have followed since its first version).
 */
function pluginAgrees(id: string): boolean {
  return apiPageSlug(id) === id;
}

/**
 * Gives every operation and webhook its page id (pageIdOf: the slug of its operationId, else its summary, else a
 * webhook's name) and makes sure the API plugin derives the same: the id is written into the document as its
 * operationId where the file gives none, and where the plugin would kebab-case the file's operationId into
 * another id (`Créer un compte`: the plugin keeps the accents). An operation with neither operationId nor summary,
 * whose summary another page already took, or whose name has no slug (an emoji), is named by its method and path
 * (`post-streams`), so that no page is lost; so is the second of two operations whose operationIds make the same
 * page id. givenOperationId keeps what the file says. Then every operation and webhook without a summary (or with
 * an empty one) gets its title (titleOf) as its summary, the API plugin's page title.
 */
function completeOperationIds(document: JsonObject, file: string): void {
  const entries = [...pathOperations(document, file)];
  const hasOperationId = ({definition}: OperationEntry) =>
    typeof definition.operationId === 'string' && definition.operationId !== '';
  const taken = new Map<string, string>();
  const renamed: OperationEntry[] = [];
  const given = new Map<string, OperationEntry>();
  for (const entry of entries.filter(hasOperationId)) {
    const operationId: string = entry.definition.operationId;
    const twin = given.get(operationId);
    if (twin) {
      const where = (other: OperationEntry) =>
        `${other.kind === 'webhook' ? 'webhook ' : ''}${other.method.toUpperCase()} ${other.path}`;
      throw new OpenApiSourceError(
        file,
        `duplicate operationId "${operationId}" on ${where(twin)} and ${where(entry)} (operationIds are unique)`,
        entry.pointer,
      );
    }
    given.set(operationId, entry);
    const id = pageSlug(operationId);
    if (id === '' || taken.has(id) || !pluginAgrees(id)) {
      // Two operationIds that differ only in case or punctuation (`getPet`, `get_pet`) would share one page.
      givenOperationIds.set(entry.definition, operationId);
      renamed.push(entry);
    } else {
      taken.set(id, entry.pointer);
      if (apiPageSlug(operationId) !== id) {
        givenOperationIds.set(entry.definition, operationId);
        entry.definition.operationId = id;
      }
    }
  }
  for (const entry of [...renamed, ...entries.filter((entry) => !hasOperationId(entry))]) {
    if (renamed.includes(entry)) delete entry.definition.operationId;
    else givenOperationIds.set(entry.definition, undefined);
    const fallback = pageSlug(`${entry.method} ${entry.path}`);
    let id = pageIdOf(entry);
    if (id === '' || taken.has(id) || !pluginAgrees(id)) id = fallback;
    for (let suffix = 2; taken.has(id); suffix += 1) id = `${fallback}-${suffix}`;
    entry.definition.operationId = id;
    taken.set(id, entry.pointer);
  }
  for (const entry of entries) {
    if (!hasText(entry.definition.summary)) entry.definition.summary = titleOf(entry);
  }
}

/**
 * Reads `x-webhooks`, the OpenAPI 3.0 convention for what 3.1 calls `webhooks`, as webhooks: moved into
 * `webhooks` (merged with those it has; a name in both with the same definition is one webhook, with two different
 * definitions an error naming both), `x-webhooks` removed so that nothing renders
 * them twice, references into it following it.
 */
function readExtensionWebhooks(document: JsonObject, file: string): void {
  const extension = document['x-webhooks'];
  if (extension === undefined) return;
  if (!isObject(extension)) {
    throw new OpenApiSourceError(file, '"x-webhooks" must map webhook names to path items', '#/x-webhooks');
  }
  if (document.webhooks !== undefined && !isObject(document.webhooks)) {
    throw new OpenApiSourceError(file, '"webhooks" must map webhook names to path items', '#/webhooks');
  }
  const webhooks: JsonObject = document.webhooks ?? {};
  for (const [name, item] of Object.entries<Json>(extension)) {
    if (Object.prototype.hasOwnProperty.call(webhooks, name)) {
      // A description may carry its webhooks under both keys on purpose, for tools that read only one: the same
      // definition twice is one webhook.
      if (isDeepStrictEqual(webhooks[name], item)) continue;
      throw new OpenApiSourceError(
        file,
        `webhook "${name}" is defined differently under "webhooks" (#/webhooks/${pointerSegment(name)}) and "x-webhooks" (#/x-webhooks/${pointerSegment(name)}): keep one definition, or make both the same`,
        `#/x-webhooks/${pointerSegment(name)}`,
      );
    }
    webhooks[name] = item;
  }
  document.webhooks = webhooks;
  delete document['x-webhooks'];
  for (const {ref, holder} of refsOf(document, '#')) {
    if (ref === '#/x-webhooks' || ref.startsWith('#/x-webhooks/'))
      holder.$ref = `#/webhooks${ref.slice('#/x-webhooks'.length)}`;
  }
}

/** The Swagger 2.0 files whose conversion warnings were printed: once each. */
const warnedFiles = new Set<string>();

/**
 * Prints what swagger2openapi could not convert without loss (a `collectionFormat` OpenAPI 3.0 has no style
 * for…), once per file. Its notes about references it could not resolve are left out: it reads those inside
 * example values and defaults too, which are data, and one that does not resolve elsewhere fails the load anyway.
 */
function warnConversion(file: string, warnings: ConversionWarning[]): void {
  const shown = warnings.filter(({problem}) => !/^(Could not resolve reference|direct \$ref not found) /.test(problem));
  if (shown.length === 0 || warnedFiles.has(file)) return;
  warnedFiles.add(file);
  const listed = shown.slice(0, 10).map(({pointer, problem}) => `\n  ${problem} (at ${pointer})`);
  console.warn(
    `OpenAPI description ${file}: swagger2openapi converted this Swagger 2.0 file to OpenAPI 3.0 with ${shown.length} warning(s) (pointers into the converted description):${listed.join('')}${shown.length > 10 ? `\n  and ${shown.length - 10} more` : ''}`,
  );
}

/**
 * Parses and checks the OpenAPI description before any page is generated from it: YAML or JSON syntax, the
 * version (OpenAPI 3.0 or 3.1; Swagger 2.0 is converted to OpenAPI 3.0 by swagger2openapi first), every `$ref`
 * resolving inside the file (those inside example values, defaults and the like are data: OpenAPI reads none of
 * them), `x-webhooks` read as `webhooks`, one page id per operation and webhook (completeOperationIds) and a
 * title for each (its summary).
 * Throws an OpenApiSourceError naming the file, the JSON pointer and the problem.
 */
export function loadOpenApiDescription(file: string): JsonObject {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new OpenApiSourceError(file, `cannot be read (${(error as Error).message})`);
  }
  let parsed: Json;
  try {
    parsed = yaml.load(text, {filename: file, json: true}) as Json;
  } catch (error) {
    throw new OpenApiSourceError(file, `YAML syntax error: ${(error as Error).message}`);
  }
  if (!isObject(parsed)) {
    throw new OpenApiSourceError(file, 'the document is not a YAML mapping');
  }
  let document: JsonObject = parsed;
  // YAML reads an unquoted `swagger: 2.0` as the number 2; the converter accepts both.
  const swagger2 = document.openapi === undefined && (document.swagger === '2.0' || document.swagger === 2);
  if (swagger2) {
    let conversion: ReturnType<typeof convertSwagger2>;
    try {
      conversion = convertSwagger2(document);
    } catch (error) {
      throw new OpenApiSourceError(
        file,
        `swagger2openapi cannot convert this Swagger 2.0 description to OpenAPI 3.0: ${(error as Error).message}`,
      );
    }
    document = conversion.openapi;
    warnConversion(file, conversion.warnings);
  } else if (typeof document.openapi !== 'string' || !/^3\.(0|1)\.\d+$/.test(document.openapi)) {
    throw new OpenApiSourceError(
      file,
      document.openapi === undefined && document.swagger !== undefined
        ? `"swagger" must be "2.0" (or the file an OpenAPI 3.0.x or 3.1.x description with "openapi"), got ${JSON.stringify(document.swagger)}`
        : `"openapi" must be a 3.0.x or 3.1.x version, got ${JSON.stringify(document.openapi ?? null)}`,
      document.openapi === undefined && document.swagger !== undefined ? '#/swagger' : '#/openapi',
    );
  }
  try {
    checkDocument(document, file);
  } catch (error) {
    if (swagger2 && error instanceof OpenApiSourceError && error.message.includes(' #/')) {
      error.message += ' (the pointer is into the OpenAPI 3.0 form swagger2openapi converted this Swagger 2.0 file to)';
    }
    throw error;
  }
  sourceFiles.set(document, file);
  return document;
}

/**
 * The longest text a description may hold in one string (a description, an example, a pattern), in characters: past
 * it, a build would run out of memory. Measured with one operation whose description is N characters of Markdown
 * (paragraphs, tables, lists, links, code), whole site builds of 2 pages on a 2-core machine: 100,000 characters
 * 19 s and 622 MB, 800,000 37 s and 775 MB, 1,600,000 62 s and 1.10 GB, 3,200,000 148 s and 1.37 GB (the cost of a
 * character doubles as the heap nears the 1,200 MB `npm run build` gives it), 6,400,000 out of memory. The build
 * object alone is linear in the text, whatever it holds (prose, brackets, backticks, `<`, base64: at most 5 s per
 * 100,000 characters). Real descriptions hold up to 169,704 characters in one operation's description.
 */
export const MAX_STRING_LENGTH = 1_000_000;

/** The first string of the document longer than MAX_STRING_LENGTH, with its pointer. */
function overlongString(
  node: Json,
  pointer: string,
  seen = new Set<object>(),
): {pointer: string; length: number} | undefined {
  if (typeof node === 'string') return node.length > MAX_STRING_LENGTH ? {pointer, length: node.length} : undefined;
  if (node === null || typeof node !== 'object' || seen.has(node)) return undefined;
  seen.add(node);
  for (const [key, value] of Object.entries(node)) {
    const found = overlongString(value as Json, `${pointer}/${pointerSegment(key)}`, seen);
    if (found) return found;
  }
  return undefined;
}

/** The checks and completions of loadOpenApiDescription on a parsed OpenAPI 3.0 or 3.1 document. */
function checkDocument(document: JsonObject, file: string): void {
  if (!isObject(document.paths) && !isObject(document.webhooks) && !isObject(document['x-webhooks'])) {
    throw new OpenApiSourceError(file, 'it has neither a "paths" nor a "webhooks" object');
  }
  document.paths ??= {};
  const overlong = overlongString(document, '#');
  if (overlong) {
    throw new OpenApiSourceError(
      file,
      `a string of ${overlong.length.toLocaleString('en')} characters, over the limit of ${MAX_STRING_LENGTH.toLocaleString('en')} (src/openapi/document.ts, MAX_STRING_LENGTH): move a file out of the description and link to it`,
      overlong.pointer,
    );
  }

  const dangling: string[] = [];
  for (const {ref, where} of refsOf(document, '#')) {
    if (!ref.startsWith('#')) {
      dangling.push(
        `${ref} at ${where} (a reference to another file: bundle the description into one file first, with \`npx redocly bundle\`)`,
      );
    } else if (ref !== '#' && resolvePointer(document, ref) === undefined) {
      dangling.push(`${ref} at ${where}`);
    }
  }
  if (dangling.length > 0) {
    throw new OpenApiSourceError(
      file,
      `unresolved $ref: ${dangling.slice(0, 10).join('; ')}${dangling.length > 10 ? `; and ${dangling.length - 10} more` : ''}`,
    );
  }

  readExtensionWebhooks(document, file);
  completeOperationIds(document, file);
}
