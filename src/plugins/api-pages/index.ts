import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {createInfoPageMD, createTagPageMD, type MarkdownGenerator} from '../../upstream/openapi-plugin';
import {
  apiPagesOf,
  dataValuesOf,
  loadOpenApiDescription,
  OpenApiSourceError,
  pageMdx,
  pageModel,
  type ApiOperation,
  type Json,
  type JsonObject,
  type PageRenderOptions,
} from '../../openapi';
import {escapeMdxText, withStaticDownloadLinks} from '../mdx-safe-descriptions';

/** `{` and `<` as character references: the plugin's template writes scheme descriptions and scopes into MDX as they are. */
function asText(text: string): string {
  return text.replace(/[{}<]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Security schemes whose descriptions and scope descriptions stay text in the API root page's MDX. */
function textOnlySchemes<T extends Record<string, JsonObject>>(schemes: T): T {
  return Object.fromEntries(
    Object.entries(schemes).map(([key, scheme]) => [
      key,
      {
        ...scheme,
        ...(typeof scheme.description === 'string' ? {description: asText(scheme.description)} : {}),
        ...(scheme.flows
          ? {
              flows: Object.fromEntries(
                Object.entries<JsonObject>(scheme.flows).map(([flow, definition]) => [
                  flow,
                  {
                    ...definition,
                    scopes: Object.fromEntries(
                      Object.entries<string>(definition.scopes ?? {}).map(([scope, text]) => [
                        scope,
                        asText(String(text)),
                      ]),
                    ),
                  },
                ]),
              ),
            }
          : {}),
      },
    ]),
  ) as T;
}

/**
 * The API plugin's page generators (its `markdownGenerators` option): operation and webhook pages written from
 * the site's own model of the OpenAPI file (src/openapi/model.ts, rendered by src/openapi/render-page.ts); the API
 * root and tag pages by the plugin's templates, fed with descriptions that are text whatever characters they hold.
 * A page that cannot be rendered fails generation with the file, the JSON pointer and the problem.
 */
export function apiPageGenerators(specPath: string, options: PageRenderOptions): MarkdownGenerator {
  let model: {spec: JsonObject; pages: Map<string, ApiOperation>} | undefined;
  const load = () => {
    if (!model) {
      const spec = loadOpenApiDescription(specPath);
      model = {spec, pages: new Map(apiPagesOf(spec, specPath).map((operation) => [operation.slug, operation]))};
    }
    return model;
  };
  return {
    createApiPageMD: (page) => {
      const {spec, pages} = load();
      const operation = pages.get(page.id);
      if (!operation) {
        throw new OpenApiSourceError(
          specPath,
          `the plugin made a page "${page.id}" (${page.api.method?.toUpperCase()} ${page.api.path}) that matches no operation or webhook of the model`,
        );
      }
      return pageMdx(pageModel(spec, operation, specPath), options);
    },
    createInfoPageMD: (page) =>
      createInfoPageMD({
        ...page,
        info: {
          ...page.info,
          description: withStaticDownloadLinks(escapeMdxText(page.info.description) ?? '', options.baseUrl),
        },
        securitySchemes: page.securitySchemes && textOnlySchemes(page.securitySchemes),
      }),
    createTagPageMD: (page) =>
      createTagPageMD({...page, tag: {...page.tag, description: escapeMdxText(page.tag.description)}}),
  };
}

/**
 * The components of the API reference pages (`theme/`), which the generated pages import as
 * `@theme/ApiReferencePage`: the pages' generator and their components are one plugin, apart from the site's
 * shared components.
 */
export function apiPagesThemePlugin(): Plugin {
  return {name: 'vigil-api-pages', getThemePath: () => path.join(__dirname, 'theme')};
}

/** Whether `value` holds an object with a `$ref` key, at any depth. */
function holdsReferenceKey(value: Json): boolean {
  if (Array.isArray(value)) return value.some(holdsReferenceKey);
  if (typeof value !== 'object' || value === null) return false;
  return '$ref' in value || Object.values<Json>(value).some(holdsReferenceKey);
}

/**
 * The description as the API plugin reads it: the loaded one, in which every operation and webhook has the page
 * id and the title the site's model gives it (document.ts, completeOperationIds), `paths` exists, a Swagger 2.0
 * file is OpenAPI 3.0 and `x-webhooks` are `webhooks`, written as JSON into the build cache. Returns its path,
 * for the plugin's `specPath`.
 */
export function pluginSpecPath(specPath: string): string {
  const target = path.join(
    'node_modules',
    '.cache',
    'vigil-openapi',
    `${path.basename(specPath).replace(/\.(ya?ml|json)(\.gz)?$/i, '')}.json`,
  );
  mkdirSync(path.dirname(target), {recursive: true});
  const document = loadOpenApiDescription(specPath);
  // The plugin resolves every `$ref` key of its copy, those inside example values and defaults too
  // (json-schema-ref-parser), and drops the whole description when one points nowhere: such values stay out of its
  // copy. It renders none of them (the pages are the model's), so nothing it shows changes.
  for (const {holder, key} of [...dataValuesOf(document)]) {
    if (holdsReferenceKey(holder[key])) delete holder[key];
  }
  // The plugin takes every other key of a path item for an operation: extensions (`x-vault-sudo: true`) stay out.
  const copy = {
    ...document,
    ...Object.fromEntries(
      (['paths', 'webhooks'] as const)
        .filter((container) => document[container])
        .map((container) => [
          container,
          Object.fromEntries(
            Object.entries<JsonObject>(document[container]).map(([key, item]) => [
              key,
              Object.fromEntries(Object.entries(item ?? {}).filter(([name]) => !name.startsWith('x-'))),
            ]),
          ),
        ]),
    ),
  };
  writeFileSync(target, JSON.stringify(copy));
  return target;
}
