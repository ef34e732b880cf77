import path from 'node:path';
import type {ApiReferencePluginOptions} from '../src/plugins/api-reference';
import {API_ROUTE_BASE_PATH} from '../src/utils/api-manifest';
import {SITE_IDENTITY, type ApiIdentity} from '../src/openapi';
import {loadHighlighterSync} from '../src/plugins/static-code-blocks';
import {CODE_LANGUAGES, MAGIC_COMMENTS} from './code-languages';
import {codeThemes} from './prism-themes';
import {BASE_URL} from './site-constants';

/**
 * The single source of the API reference. VIGIL_OPENAPI_SPEC and VIGIL_API_DOCS_DIR exist for the tests and for
 * building another organisation's description in place of ours.
 */
export const OPENAPI_SPEC_PATH = process.env.VIGIL_OPENAPI_SPEC ?? 'openapi/vigil-api.yaml';
/** Where the generated pages go: their own docs plugin instance (gitignored, written at each build). */
export const API_DOCS_DIR = process.env.VIGIL_API_DOCS_DIR ?? 'api';
export const API_DOCS_PLUGIN_ID = 'api';
/**
 * Built from our description, the pages speak of Vigil and their samples read VIGIL_TOKEN and VIGIL_INSTANCE, as
 * the docs export them; built from another organisation's (VIGIL_OPENAPI_SPEC), both come from that description.
 */
export const API_IDENTITY: ApiIdentity | undefined = process.env.VIGIL_OPENAPI_SPEC ? undefined : SITE_IDENTITY;
export {API_ROUTE_BASE_PATH};
/**
 * The downloadable copies of the description, served at <base URL>openapi/vigil-api.{yaml,json} (another
 * organisation's description: under its own file name).
 */
export const OPENAPI_DOWNLOAD = {
  downloadDir: 'static/openapi',
  downloadName: process.env.VIGIL_OPENAPI_SPEC
    ? path.basename(OPENAPI_SPEC_PATH).replace(/\.(ya?ml|json)(\.gz)?$/i, '')
    : 'vigil-api',
};

/** The root page's download links of the copies named `name`. */
export function downloadsOf(name: string): Array<{label: string; href: string}> {
  return [
    {label: 'YAML', href: `${BASE_URL}openapi/${name}.yaml`},
    {label: 'JSON', href: `${BASE_URL}openapi/${name}.json`},
  ];
}

export const apiReferenceOptions: Omit<ApiReferencePluginOptions, 'rehypePlugins'> = {
  specPath: OPENAPI_SPEC_PATH,
  docsPluginId: API_DOCS_PLUGIN_ID,
  outputDir: API_DOCS_DIR,
  routeBasePath: API_ROUTE_BASE_PATH,
  ...OPENAPI_DOWNLOAD,
  downloads: downloadsOf(OPENAPI_DOWNLOAD.downloadName),
  identity: API_IDENTITY,
  render: {
    baseUrl: BASE_URL,
    // Our description's own Authentication section; another description's security schemes on its root page.
    authenticationHelp: API_IDENTITY ? '/api#authentication' : '/api#security-schemes',
    // Code blocks of the pages, highlighted as the site's fenced code blocks are (src/plugins/static-code-blocks.ts).
    highlight: loadHighlighterSync({languages: CODE_LANGUAGES, themes: codeThemes, magicComments: MAGIC_COMMENTS}),
  },
};
