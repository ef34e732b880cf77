import {deref, pathOperations, type HttpMethod, type JsonObject} from './document';
import {apiPageSlug} from './slugs';

export type ApiOperation = {
  operationId: string;
  method: HttpMethod;
  path: string;
  /** Slug of the operation's page in the API reference. */
  slug: string;
  /** The first tag: the sidebar category of the page. */
  tag: string | undefined;
  tags: string[];
  summary: string;
  description: string;
  definition: JsonObject;
  /** Parameters of the path item and of the operation, the operation's winning on the same name and place. */
  parameters: JsonObject[];
};

/** The operations of a description loaded by loadOpenApiDescription, in file order. */
export function operationsOf(spec: JsonObject, file?: string): ApiOperation[] {
  const operations: ApiOperation[] = [];
  for (const {path, method, pathItem, definition} of pathOperations(spec, file)) {
    const shared = ((pathItem.parameters ?? []) as JsonObject[]).map((parameter) => deref(spec, parameter, file) as JsonObject);
    const own = ((definition.parameters ?? []) as JsonObject[]).map((parameter) => deref(spec, parameter, file) as JsonObject);
    const key = (parameter: JsonObject) => `${parameter.in}:${parameter.name}`;
    const ownKeys = new Set(own.map(key));
    const tags = (definition.tags ?? []) as string[];
    operations.push({
      operationId: definition.operationId,
      method,
      path,
      slug: apiPageSlug(definition.operationId),
      tag: tags[0],
      tags,
      summary: definition.summary ?? '',
      description: definition.description ?? '',
      definition,
      parameters: [...shared.filter((parameter) => !ownKeys.has(key(parameter))), ...own],
    });
  }
  return operations;
}
