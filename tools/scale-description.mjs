// @ts-check
// A description of any number of operations, made of the real operations of the test corpus
// (tests/fixtures/openapi-corpus): what the API reference must hold at scale (npm run bench -- --scale). Operations
// are taken from each source in turn, copied as often as it takes, each copy under its own path, operationId and
// tags; each source's components keep their shapes (nested objects, anyOf and oneOf, examples, enums, callbacks)
// under names prefixed with the source's, and its webhooks are copied with the operations.
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {gunzipSync} from 'node:zlib';
import yaml from 'js-yaml';

const CORPUS_DIR = 'tests/fixtures/openapi-corpus';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const COMPONENT_KINDS = [
  'schemas',
  'responses',
  'parameters',
  'examples',
  'requestBodies',
  'headers',
  'links',
  'callbacks',
  'pathItems',
];

/**
 * The sources, OpenAPI 3 descriptions of the corpus with the shapes the reference renders: nested objects, anyOf
 * and discriminators, webhooks and many tags (OpenAI), deep trees and callbacks (Okta), large bodies (Box), long
 * lists (Discord, InfluxData), examples (Discourse, Redocly, Scalar, RTCKit). Swagger 2.0 descriptions (Slack's,
 * Docker's) are left out: their references name `#/definitions`. Stripe's is left out too: each of its pages lists
 * its expandable objects to the field budget, which is a measure of its own (the corpus builds).
 */
export const SCALE_SOURCES = [
  'openai-openapi.yaml.gz',
  'okta-management-minimal.yaml.gz',
  'box-openapi.json.gz',
  'discord-openapi.json.gz',
  'influxdb-oss.yml.gz',
  'discourse-openapi.json.gz',
  'rtckit-eqivo-openapi.yaml',
  'redocly-redoc-demo-openapi-3-1.yaml',
  'scalar-galaxy-3.1.yaml',
];

/**
 * @typedef {Record<string, any>} Json
 * @typedef {{key: string, spec: Json, operations: Array<{path: string, method: string, definition: Json, pathItem: Json}>, webhooks: Array<[string, Json]>}} Source
 */

/** @param {string} file @returns {Json} */
function readDescription(file) {
  const bytes = readFileSync(join(CORPUS_DIR, file));
  const text = (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
  return /** @type {Json} */ (yaml.load(text, {json: true}));
}

/**
 * Every `$ref` to a component of the source renamed to its prefixed name; other values copied as they are.
 * @returns {any}
 */
function prefixRefs(/** @type {unknown} */ node, /** @type {string} */ key) {
  if (Array.isArray(node)) return node.map((item) => prefixRefs(item, key));
  if (node === null || typeof node !== 'object') return node;
  /** @type {Json} */
  const copy = {};
  for (const [name, value] of Object.entries(node)) {
    copy[name] =
      name === '$ref' && typeof value === 'string'
        ? value.replace(
            /^#\/components\/([^/]+)\/([^/]+)/,
            (_, kind, component) => `#/components/${kind}/${key}_${component}`,
          )
        : prefixRefs(value, key);
  }
  return copy;
}

/** @param {string} file @returns {Source} */
function sourceOf(file) {
  const key = file.replace(/[^a-z0-9]+.*$/i, '');
  const spec = readDescription(file);
  const operations = [];
  for (const [path, pathItem] of Object.entries(spec.paths ?? {})) {
    for (const method of METHODS) {
      if (pathItem?.[method]) operations.push({path, method, definition: pathItem[method], pathItem});
    }
  }
  const webhooks = Object.entries(spec.webhooks ?? spec['x-webhooks'] ?? {});
  return {key, spec, operations, webhooks};
}

/**
 * The operations of a path item, and of their callbacks, with the description's one security scheme in place of
 * their source's (whose schemes are not copied); an operation without any keeps none.
 * @param {Json} pathItem
 */
function withOwnSecurity(pathItem) {
  for (const method of METHODS) {
    const operation = pathItem?.[method];
    if (!operation || typeof operation !== 'object') continue;
    if (Array.isArray(operation.security) && operation.security.length) operation.security = [{bearerAuth: []}];
    for (const callback of Object.values(operation.callbacks ?? {}))
      for (const item of Object.values(callback ?? {})) withOwnSecurity(item);
  }
  return pathItem;
}

/** The sources, read once per process (they are copied, never changed). @type {Source[] | undefined} */
let sources;

/** The path item a local `$ref` of `spec` names (`#/components/pathItems/…`). @returns {Json} */
function pathItemOf(/** @type {Json} */ spec, /** @type {string} */ ref) {
  /** @type {any} */
  let node = spec;
  for (const segment of ref.replace(/^#\//, '').split('/'))
    node = node?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
  if (!node || typeof node !== 'object') throw new Error(`${ref} names no path item`);
  return node;
}

/** A name safe in an operationId and a tag: letters, digits and dashes. */
const slug = (/** @type {string} */ text) => text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');

/**
 * An OpenAPI 3.1 description of `operations` operations (and the webhooks of the sources, one copy per round), made
 * from SCALE_SOURCES. A round copies every operation of every source once; the copies of round r live under
 * `/r<r>/<source>` and carry the tags of their source followed by ` <r>`, so a description of 5,000 operations has
 * about a hundred tags a round.
 * @param {number} operations
 * @returns {Json}
 */
export function scaleDescription(operations) {
  sources ??= SCALE_SOURCES.map(sourceOf);
  /** @type {Json} */
  const components = Object.fromEntries(COMPONENT_KINDS.map((kind) => [kind, {}]));
  components.securitySchemes = {bearerAuth: {type: 'http', scheme: 'bearer'}};
  for (const {key, spec} of sources) {
    for (const kind of COMPONENT_KINDS) {
      for (const [name, value] of Object.entries(spec.components?.[kind] ?? {})) {
        const copy = prefixRefs(value, key);
        if (kind === 'pathItems') withOwnSecurity(copy);
        if (kind === 'callbacks') for (const item of Object.values(copy ?? {})) withOwnSecurity(item);
        components[kind][`${key}_${name}`] = copy;
      }
    }
  }
  /** @type {Json} */
  const paths = {};
  /** @type {Json} */
  const webhooks = {};
  /** @type {Set<string>} */
  const tags = new Set();
  let made = 0;
  for (let round = 1; made < operations; round += 1) {
    for (const {key, spec, operations: list, webhooks: hooks} of sources) {
      for (const {path, method, definition, pathItem} of list) {
        if (made >= operations) break;
        const copy = prefixRefs(definition, key);
        const sourceTags = Array.isArray(copy.tags) && copy.tags.length ? copy.tags : [key];
        copy.tags = sourceTags.map((/** @type {string} */ tag) => `${tag} ${round}`);
        copy.tags.forEach((/** @type {string} */ tag) => tags.add(tag));
        copy.operationId = `${slug(definition.operationId ?? `${method} ${path}`)}-${key}-${round}`;
        // The security schemes of the sources are not copied: every operation takes the description's one.
        withOwnSecurity({[method]: copy});
        copy.security = [{bearerAuth: []}];
        const item = (paths[`/r${round}/${key}${path}`] ??= {
          ...(pathItem.parameters ? {parameters: prefixRefs(pathItem.parameters, key)} : {}),
        });
        item[method] = copy;
        made += 1;
      }
      for (const [name, item] of hooks) {
        // A webhook that references a shared path item gets a copy of it, which takes the round's operationIds.
        const target = typeof item?.$ref === 'string' ? pathItemOf(spec, item.$ref) : item;
        const copy = withOwnSecurity(prefixRefs(target, key));
        for (const method of METHODS) {
          if (!copy[method]) continue;
          copy[method].operationId = `${slug(copy[method].operationId ?? name)}-${key}-${round}`;
          copy[method].tags = [`${key} webhooks ${round}`];
        }
        webhooks[`${name}-${key}-${round}`] = copy;
      }
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Scale',
      version: '1.0.0',
      description: `${operations} operations made of the real operations of ${SCALE_SOURCES.length} public descriptions.`,
    },
    servers: [{url: 'https://api.scale.example/v1'}],
    security: [{bearerAuth: []}],
    tags: [...tags].map((name) => ({name})),
    paths,
    webhooks,
    components,
  };
}
