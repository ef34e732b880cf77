import type * as OpenApiPlugin from 'docusaurus-plugin-openapi-docs';
import type {OpenApiPluginOptions} from '../src/upstream/openapi-plugin';
import {apiPageGenerators, pluginSpecPath} from '../src/plugins/api-pages';
import {loadHighlighterSync} from '../src/plugins/static-code-blocks';
import {CODE_LANGUAGES, MAGIC_COMMENTS} from './code-languages';
import {codeThemes} from './prism-themes';
import {BASE_URL} from './site-constants';

/**
 * The single source of the API reference. VIGIL_OPENAPI_SPEC and VIGIL_API_DOCS_DIR exist for the tests,
 * which generate from fixture files into a scratch folder.
 */
export const OPENAPI_SPEC_PATH = process.env.VIGIL_OPENAPI_SPEC ?? 'openapi/vigil-api.yaml';
/** Where the generated pages go: their own docs plugin instance, so ordinary pages never load the API theme. */
export const API_DOCS_DIR = process.env.VIGIL_API_DOCS_DIR ?? 'api';
/** The downloadable copies of the description, served at <base URL>openapi/vigil-api.{yaml,json}. */
export const OPENAPI_DOWNLOAD = {downloadDir: 'static/openapi', downloadName: 'vigil-api'};
export const API_DOCS_PLUGIN_ID = 'api';

export const openApiPluginOptions = {
  id: 'openapi',
  docsPluginId: API_DOCS_PLUGIN_ID,
  config: {
    vigil: {
      specPath: pluginSpecPath(OPENAPI_SPEC_PATH),
      outputDir: API_DOCS_DIR,
      infoTemplate: 'openapi/templates/info.mustache',
      downloadUrl: `${BASE_URL}openapi/vigil-api.yaml`,
      hideSendButton: true,
      markdownGenerators: apiPageGenerators(OPENAPI_SPEC_PATH, {
        baseUrl: BASE_URL,
        authenticationHelp: '/api#authentication',
        // Code blocks of the pages, highlighted as the site's fenced code blocks are (src/plugins/static-code-blocks.ts).
        highlight: loadHighlighterSync({languages: CODE_LANGUAGES, themes: codeThemes, magicComments: MAGIC_COMMENTS}),
      }),
      sidebarOptions: {
        groupPathsBy: 'tag',
        categoryLinkSource: 'tag',
        sidebarCollapsed: true,
      },
    } satisfies OpenApiPlugin.Options,
  },
} satisfies OpenApiPluginOptions;

/** Request samples shown on every operation page; icons are served by the site (see src/css/api-reference.css). */
export const apiLanguageTabs = [
  {highlight: 'bash', language: 'curl', logoClass: 'curl'},
  {highlight: 'python', language: 'python', logoClass: 'python', variant: 'requests'},
  {highlight: 'javascript', language: 'nodejs', logoClass: 'nodejs', variant: 'axios'},
  {highlight: 'go', language: 'go', logoClass: 'go', variant: 'native'},
];

/**
 * The API theme's `themeConfig.api`. Requests are never sent from the reference (hideSendButton), so there are
 * no credentials to keep; with persistence off the API pages never touch browser storage for them and render
 * where storage is blocked.
 */
export const apiThemeOptions = {authPersistence: false as const};
