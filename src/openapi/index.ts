// The one model of the OpenAPI description, shared by the build plugins, the Markdown versions and the tests:
// loading and validation, `$ref` resolution, the HTTP methods, the operations and webhooks, the page slugs, the
// examples, the request samples, the page model and its two renderings (MDX page, Markdown version).
export {
  HTTP_METHODS,
  OpenApiSourceError,
  apiPageSlug,
  infoPageSlug,
  isObject,
  dataValuesOf,
  deref,
  givenOperationId,
  loadOpenApiDescription,
  pageIdOf,
  pageSlug,
  pathOperations,
  pointerSegment,
  resolvePointer,
  titleOf,
} from './document';
export type {HttpMethod, Json, JsonObject, OperationEntry} from './document';
export {apiPagesOf, operationsOf, webhooksOf, type ApiOperation} from './operations';
export {
  anchorSegment,
  EMPTY_NAME,
  FIELD_DEPTH,
  objectShape,
  type ObjectPageRef,
  parameterField,
  schemaShape,
  typeLabel,
  type Fact,
  type SchemaField,
  type SchemaShape,
  type SchemaVariant,
  type Segment,
} from './fields';
export {
  mediaExamples,
  parameterExample,
  schemaExample,
  NO_EXAMPLE,
  type Direction,
  type ExampleModel,
} from './examples';
export {
  DEFAULT_ENV_PREFIX,
  REQUEST_SAMPLE_IDS,
  RequestSampleError,
  TOKEN_VARIABLE,
  requestSampleSet,
  requestSamples,
  serverVariableEnv,
} from './request-samples';
export type {RequestSample, RequestSampleOptions, SampleVariable} from './request-samples';
export {
  objectPageModel,
  objectsOf,
  OBJECTS_FOLDER,
  USES_LISTED,
  type ApiObject,
  type ApiObjects,
  type ObjectPageModel,
  type ObjectUses,
} from './objects';
export {
  identityOf,
  pageModel,
  pageModelsBuilt,
  SITE_IDENTITY,
  STATUS_TEXT,
  type ApiIdentity,
  type ApiPageModel,
} from './model';
export {
  braceFreeString,
  generatedPageMdx,
  objectPageData,
  pageData,
  SAMPLE_LANGUAGE_GROUP,
  type ApiObjectData,
  type ApiPageData,
  type Highlighter,
  type PageRenderOptions,
} from './render-page';
export {fieldSignature, objectMarkdown, pageMarkdown, type MarkdownRenderOptions} from './render-markdown';
export {
  descriptionBlocks,
  descriptionHtml,
  descriptionLinkIsText,
  descriptionMarkdown,
  descriptionText,
  htmlMarkdown,
  type DescriptionBlock,
  type MarkdownLinks,
} from './text';
export {proseMarkdown, rootPageMarkdown, tagPageMarkdown} from './render-overview-markdown';
export {
  firstSentence,
  rootPageData,
  tagPageData,
  tocOf,
  type ApiRootData,
  type ApiTagData,
  type OverviewBlock,
  type TocEntry,
} from './render-overview';
