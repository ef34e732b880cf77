import type {ApiReferencePluginOptions} from '../src/plugins/api-pages';
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
export const API_ROUTE_BASE_PATH = 'api';
/** The downloadable copies of the description, served at <base URL>openapi/vigil-api.{yaml,json}. */
export const OPENAPI_DOWNLOAD = {downloadDir: 'static/openapi', downloadName: 'vigil-api'};

export const apiReferenceOptions: ApiReferencePluginOptions = {
  specPath: OPENAPI_SPEC_PATH,
  outputDir: API_DOCS_DIR,
  routeBasePath: API_ROUTE_BASE_PATH,
  ...OPENAPI_DOWNLOAD,
  downloads: [
    {label: 'YAML', href: `${BASE_URL}openapi/${OPENAPI_DOWNLOAD.downloadName}.yaml`},
    {label: 'JSON', href: `${BASE_URL}openapi/${OPENAPI_DOWNLOAD.downloadName}.json`},
  ],
  render: {
    baseUrl: BASE_URL,
    authenticationHelp: '/api#authentication',
    // Code blocks of the pages, highlighted as the site's fenced code blocks are (src/plugins/static-code-blocks.ts).
    highlight: loadHighlighterSync({languages: CODE_LANGUAGES, themes: codeThemes, magicComments: MAGIC_COMMENTS}),
  },
};
