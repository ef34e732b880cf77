import {
  pageMarkdown,
  pageModel,
  SITE_IDENTITY,
  type ApiIdentity,
  type ApiOperation,
  type JsonObject,
} from '../../openapi';

/** Formats Markdown text of the description; links made absolute. */
export type DescriptionFormatter = (markdown: string) => Promise<string>;

/** A server URL with its variables set to their defaults: the first server's, or the one given. */
export function serverUrl(spec: JsonObject, url?: string): string {
  const servers = (spec.servers ?? []) as JsonObject[];
  const server = url === undefined ? servers[0] : (servers.find((candidate) => candidate.url === url) ?? {url});
  if (!server) {
    return '';
  }
  return String(server.url).replace(/\{([^}]+)\}/g, (whole, name: string) =>
    String(server.variables?.[name]?.default ?? whole),
  );
}

/**
 * The Markdown of one page of the API reference (an operation or a webhook): the model the page is rendered
 * from (src/openapi/model.ts), rendered as Markdown (src/openapi/render-markdown.ts).
 */
export async function operationMarkdown(
  spec: JsonObject,
  operation: ApiOperation,
  file: string,
  formatDescription: DescriptionFormatter,
  summary = '',
  pageUrl = '',
  identity: ApiIdentity = SITE_IDENTITY,
): Promise<string> {
  const model = pageModel(spec, operation, file, identity);
  return pageMarkdown(model, {pageUrl, serverUrl: serverUrl(spec, operation.server), formatDescription, summary});
}
