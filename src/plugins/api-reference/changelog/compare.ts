// What changed in the API between two versions of the description: api-smart-diff (npm) finds and classifies the
// changes (breaking, non-breaking, deprecated; prose and examples are its "annotation" and "unclassified", which
// are no change of the API); this module gives it what it reads well and turns each of its diffs into a change in
// words, with the place (operation, parameter, body, response, field) the API reference shows it at.
import {isDeepStrictEqual} from 'node:util';
import {apiCompare, type Diff} from 'api-smart-diff';
import {
  deref,
  HTTP_METHODS,
  isObject,
  pathOperations,
  resolvePointer,
  titleOf,
  type Json,
  type JsonObject,
} from '../../../openapi';
import type {ApiChange, ChangeAction, ChangedOperation} from './model';

/** Where on an operation's page a change is: the anchor resolver (links.ts) finds it on today's page. */
export type ChangeTarget =
  | {
      kind: 'operation' | 'webhook';
      method: string;
      path: string;
      section?:
        | {in: 'parameter'; place: string; name: string}
        | {in: 'request-body'; mediaType?: string}
        | {in: 'response'; status: string; mediaType?: string; header?: string};
      /** Property names down the schema, and the index of a `oneOf`/`anyOf` alternative (a number). */
      field: Array<string | number>;
    }
  | {kind: 'security'};

/** A change in one operation (or none) before its link: what the cache keeps for a pair of versions. */
export type FoundChange = Omit<ApiChange, 'href' | 'operations'> & {operation?: ChangedOperation; target: ChangeTarget};

type OperationTarget = Extract<ChangeTarget, {field: unknown}>;
type Section = OperationTarget['section'];
/** What the changes of one operation share: its name, the classification, the page it is on. */
type Base = Omit<FoundChange, 'action' | 'subject' | 'target'> & {target: OperationTarget};

/** The base's target moved to a section of the page. */
function at(base: Base, section: Section, field: Array<string | number> = []): OperationTarget {
  return {...base.target, section, field};
}

/** The api-smart-diff classifications that are changes of the API. */
const API_CHANGE_TYPES = new Set(['breaking', 'non-breaking', 'deprecated']);

/** Keywords whose value is data: nothing inside is a schema. */
const DATA_KEYWORDS = new Set(['default', 'const', 'enum']);

/** Keywords that say nothing a client or a server checks: prose, examples, extensions. */
const PROSE_KEYWORDS = new Set(['description', 'summary', 'example', 'examples', 'externalDocs', '$comment']);

/** Keywords whose keys are names (of properties, statuses, media types, components…), not keywords. */
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
  'paths',
  'webhooks',
  'pathItems',
  'responses',
  'content',
  'encoding',
  'headers',
  'variables',
  'schemas',
  'parameters',
  'requestBodies',
  'securitySchemes',
  'callbacks',
  'links',
  'mapping',
]);

/**
 * The description as api-smart-diff compares it. Its rules are OpenAPI 3.0's, so a 3.1 type list with `null`
 * (`type: [string, 'null']`) is written as 3.0 says it (`type: string, nullable: true`): without this, our own move
 * from 3.0.3 to 3.1.0 (0f949ea), which changed no API, read as 221 breaking changes. Prose, examples and `x-`
 * extensions are left out: they change no API, and without them most commits leave every operation as it was.
 */
function comparable(node: Json, keysAreNames = false): Json {
  if (Array.isArray(node)) return node.map((item) => comparable(item));
  if (!isObject(node)) return node;
  const copy: JsonObject = {};
  for (const [key, value] of Object.entries<Json>(node)) {
    if (keysAreNames) copy[key] = comparable(value);
    else if (PROSE_KEYWORDS.has(key) || key.startsWith('x-')) continue;
    else copy[key] = DATA_KEYWORDS.has(key) ? value : comparable(value, NAME_MAPS.has(key) && isObject(value));
  }
  if (!keysAreNames && Array.isArray(copy.type) && copy.type.includes('null')) {
    const types = copy.type.filter((type: Json) => type !== 'null');
    if (types.length === 1) {
      copy.type = types[0];
      copy.nullable = true;
    }
  }
  return copy;
}

/** Every local `$ref` under `node` (data included: one too many only costs a comparison). */
function refsUnder(node: Json, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => refsUnder(item, found));
  else if (isObject(node)) {
    for (const [key, value] of Object.entries<Json>(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/')) found.add(value);
      else refsUnder(value, found);
    }
  }
  return found;
}

/** The pointers `node` reaches through `$ref`s, transitively. */
function reachable(document: JsonObject, node: Json): Set<string> {
  const seen = new Set<string>();
  const pending = [...refsUnder(node)];
  while (pending.length) {
    const pointer = pending.pop()!;
    if (seen.has(pointer)) continue;
    seen.add(pointer);
    pending.push(...refsUnder(resolvePointer(document, pointer) ?? null));
  }
  return seen;
}

/**
 * The two descriptions cut to what changed: the path items (or webhooks) whose own text or anything they reference
 * changed, with the components those reach, the security requirements and schemes. api-smart-diff copies
 * every referenced schema into every operation, so on our 103 operations a whole description takes it about 2 s a
 * commit; most commits change a few operations.
 */
function changedParts(
  before: JsonObject,
  after: JsonObject,
  container: 'paths' | 'webhooks',
): {before: JsonObject; after: JsonObject} | undefined {
  const itemsBefore: JsonObject = before[container] ?? {};
  const itemsAfter: JsonObject = after[container] ?? {};
  const names = [...new Set([...Object.keys(itemsBefore), ...Object.keys(itemsAfter)])];
  const changedPointer = new Map<string, boolean>();
  const pointerChanged = (pointer: string) => {
    let changed = changedPointer.get(pointer);
    if (changed === undefined) {
      changed = !isDeepStrictEqual(resolvePointer(before, pointer), resolvePointer(after, pointer));
      changedPointer.set(pointer, changed);
    }
    return changed;
  };
  const kept = names.filter((name) => {
    if (!isDeepStrictEqual(itemsBefore[name], itemsAfter[name])) return true;
    const pointers = new Set([...reachable(before, itemsBefore[name]), ...reachable(after, itemsAfter[name])]);
    return [...pointers].some(pointerChanged);
  });
  const securityChanged =
    container === 'paths' &&
    (!isDeepStrictEqual(before.security, after.security) ||
      !isDeepStrictEqual(before.components?.securitySchemes, after.components?.securitySchemes));
  if (kept.length === 0 && !securityChanged) return undefined;
  const cut = (document: JsonObject, items: JsonObject): JsonObject => {
    const paths: JsonObject = {};
    // api-smart-diff reads `paths`: a webhook's path item goes there under its name as a path.
    for (const name of kept)
      if (items[name] !== undefined) paths[container === 'paths' ? name : `/${name}`] = items[name];
    const components: JsonObject = {securitySchemes: document.components?.securitySchemes ?? {}};
    for (const pointer of reachable(document, paths)) {
      const [, root, kind, name] = pointer.split('/');
      if (root !== 'components' || kind === undefined || name === undefined) continue;
      components[kind] ??= {};
      components[kind][name] = document.components?.[kind]?.[name];
    }
    return {
      openapi: '3.0.3',
      info: {title: 'API', version: '0'},
      ...(container === 'paths' && document.security ? {security: document.security} : {}),
      paths,
      components,
    };
  };
  return {before: cut(before, itemsBefore), after: cut(after, itemsAfter)};
}

function actionOf(diff: Diff): ChangeAction {
  if (diff.type === 'deprecated') return diff.after === false ? 'changed' : 'deprecated';
  return diff.action === 'add' ? 'added' : diff.action === 'remove' ? 'removed' : 'changed';
}

/** A short value for a detail (`string`, `255`); nothing for an object or a long text. */
function shortValue(value: unknown): string | undefined {
  if (value === undefined || (typeof value === 'object' && value !== null)) return undefined;
  const text = JSON.stringify(value);
  return text.length <= 40 ? text : undefined;
}

function detailOf(keyword: string, diff: Diff): string {
  const from = shortValue(diff.before);
  const to = shortValue(diff.after);
  if (from !== undefined && to !== undefined) return `${keyword} ${from} → ${to}`;
  if (to !== undefined) return `${keyword} ${to} added`;
  if (from !== undefined) return `${keyword} ${from} removed`;
  return keyword;
}

type Located = {where?: string; section?: Section};

/**
 * A change inside a schema: `rest` is the diff's path under the schema (`properties/connection/oneOf/3/allOf/0/
 * properties/ssh_tunnel`). Arrays' items and `allOf` parts are where the page lists fields anyway; an alternative
 * of `oneOf`/`anyOf` is a step of its own.
 */
function schemaChange(
  rest: Array<string | number>,
  diff: Diff,
  base: Base,
  located: Located,
  whole: string,
): FoundChange {
  const field: Array<string | number> = [];
  const names: string[] = [];
  let index = 0;
  let keyword: string | undefined;
  while (index < rest.length) {
    const segment = rest[index];
    if (segment === 'properties' && index + 1 < rest.length) {
      field.push(String(rest[index + 1]));
      names.push(String(rest[index + 1]));
      index += 2;
    } else if (segment === 'items') {
      index += 1;
    } else if (segment === 'allOf' && index + 1 < rest.length) {
      index += 2;
    } else if ((segment === 'oneOf' || segment === 'anyOf') && index + 1 < rest.length) {
      field.push(Number(rest[index + 1]));
      index += 2;
    } else {
      keyword = String(segment);
      break;
    }
  }
  const target = at(base, located.section, field);
  const named = names.length ? names.join('.') : undefined;
  const owner = named ? `property ${named} of the ${located.where}` : located.where;
  if (keyword === 'required' && typeof (diff.after ?? diff.before) === 'string') {
    const property = String(diff.after ?? diff.before);
    return {
      ...base,
      action: 'changed',
      subject: 'property',
      name: [...names, property].join('.'),
      detail: diff.action === 'add' ? 'now required' : 'no longer required',
      where: located.where,
      target: {...target, field: [...field, property]},
    };
  }
  if (keyword === 'enum') {
    const value = diff.action === 'remove' ? diff.before : diff.after;
    return {
      ...base,
      action: diff.action === 'remove' ? 'removed' : diff.action === 'add' ? 'added' : 'changed',
      subject: 'enum value',
      name: JSON.stringify(value),
      where: owner,
      target,
    };
  }
  if (keyword === undefined) {
    const last = rest[rest.length - 2];
    return {
      ...base,
      action: actionOf(diff),
      subject: last === 'oneOf' || last === 'anyOf' ? 'alternative' : named ? 'property' : whole,
      name: named,
      where: named ? located.where : undefined,
      target,
    };
  }
  if (keyword === 'deprecated') {
    return {
      ...base,
      action: actionOf(diff),
      subject: named ? 'property' : whole,
      name: named,
      where: named ? located.where : undefined,
      target,
    };
  }
  return {
    ...base,
    action: 'changed',
    subject: named ? 'property' : whole,
    name: named,
    detail: detailOf(keyword, diff),
    where: named ? located.where : undefined,
    target,
  };
}

/** The media type and schema part of a body's diff path: `content/application~1json/schema/…`. */
function bodyChange(
  rest: Array<string | number>,
  diff: Diff,
  base: Base,
  located: Located & {whole: string},
): FoundChange {
  const [content, mediaType, schema, ...inner] = rest;
  const section = located.section
    ? {...located.section, ...(mediaType !== undefined ? {mediaType: String(mediaType)} : {})}
    : undefined;
  if (content === 'content' && mediaType !== undefined && schema === undefined) {
    return {
      ...base,
      action: actionOf(diff),
      subject: 'media type',
      name: String(mediaType),
      where: located.where,
      target: at(base, section),
    };
  }
  if (content === 'content' && schema === 'schema') {
    return schemaChange(inner, diff, base, {...located, section}, located.whole);
  }
  return {
    ...base,
    action: actionOf(diff),
    subject: located.whole,
    detail: content === undefined ? undefined : detailOf(String(content), diff),
    target: at(base, section),
  };
}

/** The operation or webhook at `path` and `method`, as the description that has it names it. */
function operationOf(
  kind: 'operation' | 'webhook',
  path: string,
  method: string,
  documents: JsonObject[],
): ChangedOperation {
  for (const document of documents) {
    for (const entry of pathOperations(document)) {
      if (entry.kind === kind && entry.path === path && entry.method === method) {
        return {kind, method, path, title: titleOf(entry)};
      }
    }
  }
  return {kind, method, path, title: kind === 'webhook' ? path : `${method.toUpperCase()} ${path}`};
}

/** One api-smart-diff diff under `paths` (webhooks put there under `/name`) as changes in words. */
function operationChanges(
  diff: Diff,
  kind: 'operation' | 'webhook',
  before: JsonObject,
  after: JsonObject,
): FoundChange[] {
  const [, rawPath, second, ...rest] = diff.path;
  const container = kind === 'operation' ? 'paths' : 'webhooks';
  const path = kind === 'webhook' ? String(rawPath).slice(1) : String(rawPath);
  // A webhook's request is what the API sends and its responses what it expects: for the reader, who receives
  // it, the breaking and the safe changes are those of an operation the other way round.
  const reversed = kind === 'webhook' && second !== undefined && rest.length > 0 && diff.type !== 'deprecated';
  const breaking = (diff.type === 'breaking') !== reversed;
  const itemOf = (document: JsonObject) => deref(document, document[container]?.[path]);
  const methods = (document: JsonObject) => HTTP_METHODS.filter((method) => isObject(itemOf(document)?.[method]));
  const documents = diff.action === 'remove' ? [before, after] : [after, before];
  const base = (method: string): Base => ({
    breaking,
    operation: operationOf(kind, path, method, documents),
    target: {kind, method, path, field: []},
  });
  if (second === undefined) {
    // A whole path item: each of its operations.
    return methods(diff.action === 'remove' ? before : after).map((method) => ({
      ...base(method),
      action: actionOf(diff),
      subject: kind,
    }));
  }
  if (second === 'parameters') {
    return methods(after).flatMap((method) => parameterChange(rest, diff, base(method), documents, [container, path]));
  }
  if (!(HTTP_METHODS as readonly string[]).includes(String(second))) {
    return methods(after).map((method) => ({
      ...base(method),
      action: 'changed',
      subject: kind,
      detail: detailOf(String(second), diff),
    }));
  }
  const method = String(second);
  const own = base(method);
  const [part, key, ...inner] = rest;
  if (part === undefined) return [{...own, action: actionOf(diff), subject: kind}];
  if (part === 'deprecated') return [{...own, action: actionOf(diff), subject: kind}];
  if (part === 'parameters') return parameterChange([key, ...inner], diff, own, documents, [container, path, method]);
  if (part === 'requestBody') {
    return [
      key === undefined
        ? {...own, action: actionOf(diff), subject: 'request body', target: at(own, {in: 'request-body'})}
        : bodyChange([key, ...inner], diff, own, {
            where: 'request body',
            section: {in: 'request-body'},
            whole: 'request body',
          }),
    ];
  }
  if (part === 'responses' && key !== undefined) {
    const status = String(key);
    const section = {in: 'response' as const, status};
    const [headers, header, ...headerRest] = inner;
    if (headers === 'headers' && header !== undefined) {
      const located = {where: `response ${status}`, section: {...section, header: String(header)}};
      if (headerRest.length === 0) {
        return [
          {
            ...own,
            action: actionOf(diff),
            subject: 'response header',
            name: String(header),
            where: located.where,
            target: at(own, located.section),
          },
        ];
      }
      const [schema, ...schemaRest] = headerRest;
      return [
        schema === 'schema'
          ? schemaChange(schemaRest, diff, own, located, `response header ${String(header)}`)
          : {
              ...own,
              action: 'changed',
              subject: 'response header',
              name: String(header),
              where: located.where,
              detail: detailOf(String(schema), diff),
              target: at(own, located.section),
            },
      ];
    }
    if (inner.length === 0) {
      return [{...own, action: actionOf(diff), subject: 'response', name: status, target: at(own, section)}];
    }
    return [bodyChange(inner, diff, own, {where: `response ${status}`, section, whole: `response ${status}`})];
  }
  if (part === 'security') return [{...own, action: 'changed', subject: 'security requirements'}];
  if (part === 'callbacks' && key !== undefined) {
    return [{...own, action: inner.length ? 'changed' : actionOf(diff), subject: 'callback', name: String(key)}];
  }
  return [{...own, action: 'changed', subject: kind, detail: detailOf(String(part), diff)}];
}

/** A change of a parameter (`rest` starts at its index in the operation's or the path item's list). */
function parameterChange(
  rest: Array<string | number>,
  diff: Diff,
  base: Base,
  documents: JsonObject[],
  owner: string[],
): FoundChange[] {
  const [index, keyword, ...inner] = rest;
  const parameter = documents
    .map((document) => {
      let node: JsonObject | undefined = document;
      for (const key of owner) node = isObject(node?.[key]) ? deref(document, node[key]) : undefined;
      const list: unknown = node?.parameters;
      return Array.isArray(list) ? deref(document, list[Number(index)] as JsonObject) : undefined;
    })
    .find((found) => found !== undefined);
  if (!parameter) return [];
  const place = String(parameter.in);
  const name = String(parameter.name);
  const subject = `${place} parameter`;
  const target = at(base, {in: 'parameter', place, name});
  if (keyword === undefined) return [{...base, action: actionOf(diff), subject, name, target}];
  if (keyword === 'schema') {
    return [
      schemaChange(inner, diff, {...base, target}, {where: `${subject} ${name}`, section: target.section}, subject),
    ].map((change) => (change.subject === subject ? {...change, name} : change));
  }
  if (keyword === 'deprecated') return [{...base, action: actionOf(diff), subject, name, target}];
  return [{...base, action: 'changed', subject, name, detail: detailOf(String(keyword), diff), target}];
}

/** A change of the security requirements every operation shares, or of a security scheme. */
function securityChange(diff: Diff): FoundChange[] {
  const [root, kind, name, ...rest] = diff.path;
  const base = {breaking: diff.type === 'breaking', target: {kind: 'security' as const}};
  if (root === 'security') return [{...base, action: 'changed', subject: 'security requirements of every operation'}];
  if (root === 'components' && kind === 'securitySchemes' && name !== undefined) {
    return [
      rest.length === 0
        ? {...base, action: actionOf(diff), subject: 'security scheme', name: String(name)}
        : {
            ...base,
            action: 'changed',
            subject: 'security scheme',
            name: String(name),
            detail: detailOf(rest.join('.'), diff),
          },
    ];
  }
  return [];
}

/** The same change said twice (a property and its `required` flag in one shared schema listed under two keys). */
function distinct(changes: FoundChange[]): FoundChange[] {
  const byKey = new Map<string, FoundChange>();
  for (const change of changes) {
    const {breaking, ...rest} = change;
    const key = JSON.stringify(rest);
    const known = byKey.get(key);
    if (known) known.breaking ||= breaking;
    else byKey.set(key, {...change});
  }
  return [...byKey.values()];
}

/**
 * The changes of the API from `before` to `after` (two parsed descriptions, OpenAPI 3.0 or 3.1), in the order of
 * the description: operations, then webhooks, then security. Prose, examples and extensions are no change.
 */
export function apiChanges(before: JsonObject, after: JsonObject): FoundChange[] {
  const changes: FoundChange[] = [];
  // Both in 3.0's words and without prose first, so that a part that only moved to 3.1 or got new words is no change.
  const before30 = comparable(before) as JsonObject;
  const after30 = comparable(after) as JsonObject;
  for (const container of ['paths', 'webhooks'] as const) {
    const parts = changedParts(before30, after30, container);
    if (!parts) continue;
    const kind = container === 'paths' ? 'operation' : 'webhook';
    for (const diff of apiCompare(parts.before, parts.after).diffs) {
      if (!API_CHANGE_TYPES.has(diff.type)) continue;
      if (diff.path[0] === 'paths') changes.push(...operationChanges(diff, kind, before, after));
      else if (container === 'paths') changes.push(...securityChange(diff));
    }
  }
  return distinct(changes);
}
