// The request panel's coupling to docusaurus-theme-openapi-docs 4.7.1 and docusaurus-plugin-openapi-docs 4.7.1
// internals: the plugin's private encoding of the operation in the page's `api` front matter, and the redux store
// the theme's ApiItem builds for its ApiExplorer (neither is a documented API). src/components/RequestBuilder
// renders the theme's ApiExplorer with them; tests/e2e/api-reference.spec.ts sends a request through the panel.
import {createAuth} from '@theme/ApiExplorer/Authorization/slice';
import {createPersistenceMiddleware} from '@theme/ApiExplorer/persistenceMiddleware';
import {createStoreWithState} from '@theme/ApiItem/store';

export type Operation = {
  parameters?: Array<{in: 'path' | 'query' | 'header' | 'cookie'}>;
  requestBody?: {content?: Record<string, unknown>};
  responses?: Record<string, {content?: Record<string, unknown>}>;
  servers?: unknown[];
  security?: unknown;
  securitySchemes?: unknown;
};

/** The operation the API plugin stores in the page's `api` front matter: zlib-deflated JSON in base64. */
export async function operationOf(encoded: string): Promise<Operation> {
  const bytes = Uint8Array.from(atob(encoded), (character) => character.charCodeAt(0));
  const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
  return JSON.parse(await new Response(inflated).text()) as Operation;
}

/**
 * The request panel's initial state, as the API theme's ApiItem builds it (docusaurus-theme-openapi-docs
 * 4.7.1, lib/theme/ApiItem/index.js): parameters by place, the first request and 2xx response content
 * types, the servers and the auth state; nothing persisted (themeConfig.api.authPersistence is false).
 */
export function storeFor(operation: Operation, options: unknown) {
  const accept = Object.entries(operation.responses ?? {})
    .filter(([status]) => /^2\d\d$/.test(status))
    .flatMap(([, response]) => Object.keys(response.content ?? {}));
  const contentTypes = Object.keys(operation.requestBody?.content ?? {});
  const params = {path: [], query: [], header: [], cookie: []} as Record<string, unknown[]>;
  operation.parameters?.forEach((parameter) => params[parameter.in].push(parameter));
  return createStoreWithState(
    {
      accept: {value: accept[0], options: accept},
      contentType: {value: contentTypes[0], options: contentTypes},
      server: {value: undefined, options: operation.servers ?? []},
      response: {value: undefined},
      body: {type: 'empty'},
      params,
      auth: createAuth({security: operation.security, securitySchemes: operation.securitySchemes, options}),
      schemaSelection: {selections: {}},
    },
    [createPersistenceMiddleware(options)],
  );
}
