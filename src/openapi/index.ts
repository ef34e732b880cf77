// The one model of the OpenAPI description, shared by the build plugins, the Markdown versions and the tests:
// loading and validation, `$ref` resolution, the HTTP methods, the operations and the page slugs.
export {HTTP_METHODS, OpenApiSourceError, deref, loadOpenApiDescription, pathOperations, resolvePointer} from './document';
export type {HttpMethod, Json, JsonObject} from './document';
export {operationsOf, type ApiOperation} from './operations';
export {apiPageSlug, infoPageSlug} from './slugs';
export {anchorIdsOf, anchorSegment, parameterField, schemaShape, typeLabel, type Direction, type SchemaField, type SchemaShape, type SchemaVariant} from './fields';
export {requestSamples, type RequestSample} from './request-samples';
