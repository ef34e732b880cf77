// The samples the "your values" panel writes in the browser (src/openapi/sample-code.ts), from the request template
// of an operation of our description and the values a reader types.
import {expect, test} from '@playwright/test';
import {operationsOf, serverVariableEnv, TOKEN_VARIABLE, type ApiOperation} from '../../src/openapi';
import {requestSampleSet, requestTemplate} from '../../src/openapi/request-samples';
import {sampleCode, type RequestSample} from '../../src/openapi/sample-code';
import {loadSpec} from '../support/openapi';

const spec = loadSpec();
const operations = operationsOf(spec);
const INSTANCE = serverVariableEnv('instance');
const codeOf = (samples: RequestSample[], id: string) => samples.find((sample) => sample.id === id)!.code;

function find(predicate: (operation: ApiOperation) => boolean, what: string): ApiOperation {
  const operation = operations.find(predicate);
  if (!operation) throw new Error(`no operation ${what} in the OpenAPI description`);
  return operation;
}
const withPath = find((op) => op.parameters.some((parameter) => parameter.in === 'path'), 'with a path parameter');
const pathName = String(withPath.parameters.find((parameter) => parameter.in === 'path')!.name);
const withBody = find(
  (op) => Object.keys(op.definition.requestBody?.content ?? {}).includes('application/json'),
  'with a JSON body',
);
const withOptionalQuery = find(
  (op) => op.parameters.some((parameter) => parameter.in === 'query' && !parameter.required),
  'with an optional query parameter',
);
const optionalName = String(
  withOptionalQuery.parameters.find((parameter) => parameter.in === 'query' && !parameter.required)!.name,
);

test('without values, the panel writes exactly the static samples of the page', () => {
  for (const operation of operations) {
    const {samples, template} = requestSampleSet(spec, operation);
    expect(sampleCode(template, {}), operation.operationId).toEqual(samples);
  }
});

test('typed values replace what the samples read from the environment, and only that', () => {
  const template = requestTemplate(spec, withPath);
  const samples = sampleCode(template, {variables: {[TOKEN_VARIABLE]: 'vgl_abc', [INSTANCE]: 'acme'}});
  const curl = codeOf(samples, 'curl');
  expect(curl).toContain('https://acme.vigil.example/api/v1/');
  expect(curl).toContain("-H 'Authorization: Bearer vgl_abc'");
  expect(curl).not.toContain('$VIGIL');
  // Nothing is read from the environment any more, so Python imports no `os`.
  expect(codeOf(samples, 'python')).not.toContain('import os');
  // A value left blank is still read from the environment.
  const blank = sampleCode(template, {variables: {[TOKEN_VARIABLE]: '  ', [INSTANCE]: 'acme'}});
  expect(codeOf(blank, 'curl')).toContain('Bearer $VIGIL_TOKEN');
});

test('a path parameter is percent-encoded in every language; quotes in a token are escaped by each writer', () => {
  const samples = sampleCode(requestTemplate(spec, withPath), {
    path: {[pathName]: "a b/c'd"},
    variables: {[TOKEN_VARIABLE]: "it's"},
  });
  for (const sample of samples) expect(sample.code, sample.id).toContain('/a%20b%2Fc%27d');
  expect(codeOf(samples, 'curl')).toContain("'Authorization: Bearer it'\\''s'");
  expect(codeOf(samples, 'python')).toContain("'Authorization': 'Bearer it\\'s'");
});

test('an optional query parameter is sent once the reader gives it a value; a list is one value per item', () => {
  const template = requestTemplate(spec, withOptionalQuery);
  const parameter = template.parameters.find((candidate) => candidate.name === optionalName)!;
  expect(codeOf(sampleCode(template, {}), 'curl')).not.toContain(`${optionalName}=`);
  const curl = codeOf(sampleCode(template, {query: {[optionalName]: 'x, y'}}), 'curl');
  if (parameter.array && parameter.explode) expect(curl).toContain(`${optionalName}=x&${optionalName}=y`);
  else if (parameter.array) expect(curl).toContain(`${optionalName}=x,y`);
  else expect(curl).toContain(`${optionalName}=x%2C%20y`);
});

test('a body that is not JSON is a SyntaxError; a valid one is what every sample sends', () => {
  const template = requestTemplate(spec, withBody);
  expect(() => sampleCode(template, {body: '{"name": '})).toThrow(SyntaxError);
  const samples = sampleCode(template, {body: '{"name":"orders check","limit":null}'});
  expect(codeOf(samples, 'curl')).toContain('"name": "orders check"');
  expect(codeOf(samples, 'python')).toContain('"limit": None');
  expect(codeOf(samples, 'ruby')).toContain('"limit": nil');
});

test("a reader's text that holds the placeholder token is written as text", () => {
  const samples = sampleCode(requestTemplate(spec, withPath), {
    path: {[pathName]: 'vigilsampleplaceholder0x'},
  });
  expect(codeOf(samples, 'curl')).toContain('/vigilsampleplaceholder0x');
  expect(codeOf(samples, 'curl')).toContain('$VIGIL_TOKEN');
});
