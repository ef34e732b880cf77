// src/upstream/postman-codegens.ts gives postman-code-generators' six snippet writers a request of its own instead
// of postman-collection's `Request` (213 kB gzipped in the browser). This test is what proves the stand-in: every
// sample of every description of the corpus, and of ours, written both ways, static and with a reader's values,
// must be the same text.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- postman-collection's package.json does not point to its declarations
/// <reference path="../../node_modules/postman-collection/types/index.d.ts" />
import {Request as PostmanRequest} from 'postman-collection';
import {expect, test} from '@playwright/test';
import {loadOpenApiDescription, operationsOf, webhooksOf, type JsonObject} from '../../src/openapi';
import {requestTemplate} from '../../src/openapi/request-samples';
import {requestDefinition, type ReaderValues, type RequestTemplate} from '../../src/openapi/sample-code';
import {SampleRequest, SNIPPET_WRITERS, type RequestDefinition} from '../../src/upstream/postman-codegens';
import {OPENAPI_SPEC_PATH} from '../../config/api-reference';
import {corpusEntries, corpusFile} from '../support/openapi-corpus';

const WRITER_OPTIONS = {
  'curl cURL': {multiLine: true, longFormat: false, lineContinuationCharacter: '\\', quoteType: 'single'},
  'java OkHttp': {includeBoilerplate: true},
} as Record<string, Record<string, unknown>>;
const COMMON_OPTIONS = {indentType: 'Space', indentCount: 2, trimRequestBody: true, followRedirect: false};

function written(writer: string, request: unknown): string {
  let snippet = '';
  SNIPPET_WRITERS[writer].convert(request, {...COMMON_OPTIONS, ...WRITER_OPTIONS[writer]}, (error, text) => {
    if (error) throw new Error(String(error));
    snippet = text;
  });
  return snippet;
}

/** What a reader may type into every field of the panel: quotes, spaces, slashes, non-ASCII, a JSON body. */
function readerValues(template: RequestTemplate): ReaderValues {
  const body = template.body;
  return {
    variables: Object.fromEntries(template.variables.map(({name}) => [name, `it's "${name}" é`])),
    path: Object.fromEntries(template.parameters.map(({name}) => [name, "a b/c'd"])),
    query: Object.fromEntries(template.parameters.map(({name}) => [name, 'x,y z'])),
    ...(body?.kind === 'json' || body?.kind === 'form' || body?.kind === 'urlencoded'
      ? {body: JSON.stringify({note: 'it\'s "quoted"\n', count: 2, none: null, list: [true, 'é']})}
      : body?.kind === 'text'
        ? {body: "line one\nit's line two"}
        : {}),
  };
}

/** The differences between the two requests' snippets, at most a few, for the failure message. */
function differences(spec: JsonObject): {compared: number; differing: string[]} {
  const differing: string[] = [];
  let compared = 0;
  for (const operation of [...operationsOf(spec), ...webhooksOf(spec)]) {
    const template = requestTemplate(spec, operation);
    for (const values of [{}, readerValues(template)]) {
      const {definition} = requestDefinition(template, values, {optionalParameters: true});
      for (const writer of Object.keys(SNIPPET_WRITERS)) {
        const ours = written(writer, new SampleRequest(definition));
        const postman = written(
          writer,
          new PostmanRequest(definition as RequestDefinition as unknown as PostmanRequest.definition),
        );
        compared += 1;
        if (ours !== postman && differing.length < 3)
          differing.push(`${operation.operationId} ${writer}:\n--- ours\n${ours}\n--- postman-collection\n${postman}`);
      }
    }
  }
  return {compared, differing};
}

test.describe('the snippet writers write the same samples from our request as from postman-collection', () => {
  test.describe.configure({mode: 'parallel', timeout: 180_000});
  const files = [
    {name: 'Vigil', file: OPENAPI_SPEC_PATH},
    ...corpusEntries().map((entry) => ({name: entry.organisation, file: entry.file})),
  ];
  for (const {name, file} of files) {
    test(`${name} (${file})`, () => {
      const spec = loadOpenApiDescription(file === OPENAPI_SPEC_PATH ? file : corpusFile(file));
      const {compared, differing} = differences(spec);
      expect(compared).toBeGreaterThan(0);
      expect(differing).toEqual([]);
    });
  }
});
