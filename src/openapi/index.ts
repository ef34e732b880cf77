// The one model of the OpenAPI description, shared by the build plugins, the Markdown versions and the tests:
// loading and validation, `$ref` resolution, the HTTP methods, the operations, the page slugs and the request samples.
export {HTTP_METHODS, OpenApiSourceError, deref, loadOpenApiDescription, mediaTypeExample, pathOperations, resolvePointer} from './document';
export type {HttpMethod, Json, JsonObject} from './document';
export {operationsOf, type ApiOperation} from './operations';
export {apiPageSlug, infoPageSlug} from './slugs';
export {anchorSegment, parameterField, schemaShape, typeLabel, type Direction, type SchemaField, type SchemaShape, type SchemaVariant} from './fields';
export {REQUEST_SAMPLE_IDS, RequestSampleError, TOKEN_VARIABLE, requestSampleVariables, requestSamples, schemaExample, serverVariableEnv} from './request-samples';
export type {RequestSample, RequestSampleOptions} from './request-samples';
