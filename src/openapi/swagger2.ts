// Swagger 2.0 descriptions, read as the OpenAPI 3.0 description swagger2openapi (from oas-kit; the converter Redoc
// and docusaurus-plugin-openapi-docs use) converts them to: `formData` parameters become a request body,
// `definitions` become `components/schemas`, `host`/`basePath`/`schemes` become `servers`.
//
// The converter only answers through a promise, and loadOpenApiDescription is synchronous (the site's
// configuration and the API plugin's page generators call it synchronously). The conversion runs in a worker
// thread that the loader waits for (Atomics.wait), so the loader stays synchronous: only a Swagger 2.0 file
// pays for it (the worker starts and loads the converter: about 0.1 s, and 0.4 s for Docker's 470 KB description).
import {createRequire} from 'node:module';
import {join} from 'node:path';
import {MessageChannel, receiveMessageOnPort, Worker} from 'node:worker_threads';
import type {Json, JsonObject} from './document';

const siteRequire = createRequire(join(process.cwd(), 'package.json'));

/** How long a conversion may take before the loader gives up (Docker's 470 KB description converts in 0.4 s). */
const CONVERSION_TIMEOUT_MS = 120_000;

/**
 * The worker: converts the document it is given and posts back `{openapi}` or `{error}`, then wakes the loader.
 * `patch` repairs what the converter knows how to (a missing response description, a path parameter not marked
 * required); `warnOnly` turns what it cannot convert without loss into an `x-s2o-warning` beside the part
 * concerned instead of a failure (the loader reports them); `anchors` accepts YAML aliases; `refSiblings:
 * 'preserve'` keeps the keys the file writes beside a `$ref`.
 */
const WORKER_SOURCE = `
const {workerData} = require('node:worker_threads');
const state = new Int32Array(workerData.state);
const finish = (message) => {
  try {
    workerData.port.postMessage(message);
  } catch (error) {
    workerData.port.postMessage({error: 'the converted description cannot be passed back: ' + error.message});
  }
  Atomics.store(state, 0, 1);
  Atomics.notify(state, 0);
};
try {
  const {convertObj} = require(workerData.converter);
  convertObj(workerData.document, {
    patch: true,
    warnOnly: true,
    anchors: true,
    refSiblings: 'preserve',
    direct: true,
    // The source text, which nothing of the conversion reads: without it, the converter writes the document as YAML.
    text: '{}',
  }).then(
    (openapi) => finish({openapi}),
    (error) => finish({error: String((error && error.message) || error)}),
  );
} catch (error) {
  finish({error: String((error && error.message) || error)});
}
`;

/** What the converter could not carry over without loss, where (a JSON pointer into the converted document). */
export type ConversionWarning = {pointer: string; problem: string};

/** Removes the converter's `x-s2o-warning` notes from the converted document and returns them. */
function takeWarnings(node: Json, where: string, found: ConversionWarning[]): void {
  if (Array.isArray(node)) {
    node.forEach((item, index) => takeWarnings(item, `${where}/${index}`, found));
  } else if (typeof node === 'object' && node !== null) {
    if (typeof node['x-s2o-warning'] === 'string') {
      found.push({pointer: where, problem: node['x-s2o-warning']});
      delete node['x-s2o-warning'];
    }
    for (const [key, value] of Object.entries<Json>(node)) {
      takeWarnings(value, `${where}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, found);
    }
  }
}

/**
 * The OpenAPI 3.0 form of a Swagger 2.0 description (`swagger: "2.0"`), and the converter's warnings. Throws an
 * Error with the converter's message when it cannot convert the description.
 */
export function convertSwagger2(document: JsonObject): {openapi: JsonObject; warnings: ConversionWarning[]} {
  const state = new Int32Array(new SharedArrayBuffer(4));
  const {port1, port2} = new MessageChannel();
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {converter: siteRequire.resolve('swagger2openapi'), document, state: state.buffer, port: port2},
    transferList: [port2],
  });
  try {
    if (Atomics.wait(state, 0, 0, CONVERSION_TIMEOUT_MS) === 'timed-out') {
      throw new Error(`the conversion did not finish within ${CONVERSION_TIMEOUT_MS / 1000} seconds`);
    }
    const reply = receiveMessageOnPort(port1)?.message as {openapi?: JsonObject; error?: string} | undefined;
    if (!reply?.openapi) throw new Error(reply?.error ?? 'the converter gave no document');
    const warnings: ConversionWarning[] = [];
    takeWarnings(reply.openapi, '#', warnings);
    return {openapi: reply.openapi, warnings};
  } finally {
    port1.close();
    void worker.terminate();
  }
}
