/**
 * The API reference's manifest: what the build made of the OpenAPI description, published beside its pages for
 * programs (the docs MCP server) so that none works out slugs, tags or file names again. Written by the API reference
 * plugin (src/plugins/api-reference/manifest.ts) from its one build object. Every path is relative to the site's base
 * path (`api/get-dataset`, served at `/docs/api/get-dataset`), so a reader of a copy of the build served elsewhere
 * still finds each file.
 */

/** Where the API reference lives under the base path: the route of its docs plugin instance. */
export const API_ROUTE_BASE_PATH = 'api';

/** The manifest's own path under the base path. */
export const API_MANIFEST_FILE = `${API_ROUTE_BASE_PATH}/manifest.json`;

/** One page of the API reference. */
export type ApiManifestPage = {
  /** The page's id: the last segment of its path. */
  slug: string;
  kind: 'root' | 'tag' | 'operation' | 'webhook' | 'changelog' | 'object';
  title: string;
  /** The page and its Markdown version, under the base path. */
  page: string;
  markdown: string;
  /** An operation's or a webhook's HTTP method (lower case), path (a webhook: its name) and operationId. */
  method?: string;
  path?: string;
  operationId?: string;
  /** Its first tag (its group in the sidebar) and every tag it has. */
  tag?: string;
  tags?: string[];
  /** The summary the description gives it. */
  summary?: string;
  /** An object's schema name in `components.schemas`: `Dataset`. */
  schema?: string;
};

export type ApiManifest = {
  /** The description's title and `info.version`. */
  title: string;
  version: string;
  /** The server URLs of the description, as written (with their `{variables}`). */
  servers: string[];
  /** The tags with a page, in the order of the sidebar. */
  tags: string[];
  /** The published description (YAML and JSON) and the changelog's data and feed, under the base path. */
  files: {descriptionJson?: string; descriptionYaml?: string; changelogJson?: string; changelogFeed?: string};
  /** Every page, in the order of the sidebar. */
  pages: ApiManifestPage[];
};
