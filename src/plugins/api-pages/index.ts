import {createInfoPageMD, createTagPageMD} from 'docusaurus-plugin-openapi-docs/lib/markdown';
import type {MarkdownGenerator} from 'docusaurus-plugin-openapi-docs/src/types';
import {loadOpenApiDescription, operationsOf, OpenApiSourceError, type ApiOperation, type JsonObject} from '../../openapi';
import {escapeMdxText, withStaticDownloadLinks} from '../mdx-safe-descriptions';
import {operationPageMdx} from './operation-page';

/**
 * The API plugin's page generators (its `markdownGenerators` option): operation pages written by
 * operationPageMdx from the site's own model of the OpenAPI file; the API root and tag pages by the plugin's
 * templates, fed with descriptions that are text whatever characters they hold.
 */
export function apiPageGenerators(specPath: string): MarkdownGenerator {
  let model: {spec: JsonObject; operations: Map<string, ApiOperation>; serverUrl: string} | undefined;
  const load = () => {
    if (!model) {
      const spec = loadOpenApiDescription(specPath);
      model = {
        spec,
        operations: new Map(operationsOf(spec, specPath).map((operation) => [operation.operationId, operation])),
        serverUrl: String((spec.servers as JsonObject[] | undefined)?.[0]?.url ?? ''),
      };
    }
    return model;
  };
  return {
    createApiPageMD: (page) => {
      const {spec, operations, serverUrl} = load();
      const operation = operations.get(page.api.operationId ?? '');
      if (!operation) {
        throw new OpenApiSourceError(specPath, `${page.api.method?.toUpperCase()} ${page.api.path} has no operationId the site can find`);
      }
      return operationPageMdx(spec, operation, serverUrl);
    },
    createInfoPageMD: (page) =>
      createInfoPageMD({...page, info: {...page.info, description: withStaticDownloadLinks(escapeMdxText(page.info.description) ?? '')}}),
    createTagPageMD: (page) => createTagPageMD({...page, tag: {...page.tag, description: escapeMdxText(page.tag.description)}}),
  };
}
