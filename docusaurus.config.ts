import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {footer} from './config/footer';
import {navbar} from './config/navbar';
import {CODE_LANGUAGES, MAGIC_COMMENTS} from './config/code-languages';
import {codeThemes} from './config/prism-themes';
import {apiReferenceOptions} from './config/api-reference';
import {
  BASE_URL,
  EDIT_URL,
  SITE_SUMMARY,
  SITE_TAGLINE,
  SITE_TITLE,
  announcementIdFromEnv,
  machineAccessNotes,
  siteUrlFromEnv,
} from './config/site-constants';
import {
  interventionsLeftOut,
  upstreamClientModules,
  upstreamCss,
  upstreamPlugins,
  upstreamSsrTemplate,
} from './src/upstream';
import {rehypeStaticCodeBlocks, staticCodeBlocksPlugin} from './src/plugins/static-code-blocks';
import {apiReferencePlugin} from './src/plugins/api-reference';
import {markdownTwinsPlugin} from './src/plugins/markdown-twins';
import {searchIndexPlugin} from './src/plugins/search-index';
import {socialMetaPlugin} from './src/plugins/social-meta';
import {fontsPlugin} from './src/plugins/fonts';
import {offscreenBlocksPlugin} from './src/plugins/offscreen-blocks';
import {rehypeStackedTables} from './src/plugins/stacked-tables';
import remarkMermaidSvg, {withLightDiagramsOnly} from './src/plugins/mermaid-svg';
import remarkSetupValues from './src/plugins/setup-values';

const announcementId = announcementIdFromEnv(process.env.ANNOUNCEMENT_ID);

/**
 * Every change this site makes to another package's code or markup: src/upstream/README.md says what each
 * patches, why, and when to delete it. VIGIL_WITHOUT_UPSTREAM leaves performance patches out, to measure them.
 */
const leftOut = interventionsLeftOut(process.env.VIGIL_WITHOUT_UPSTREAM);
const upstream = {
  plugins: upstreamPlugins({leftOut}),
  clientModules: upstreamClientModules,
  css: upstreamCss,
  ssrTemplate: upstreamSsrTemplate({leftOut}),
};

/**
 * Every content plugin highlights its code fences at build time (src/plugins/static-code-blocks.ts) and labels
 * each table cell with its column's header, for the stacked tables of phones (src/plugins/stacked-tables.ts).
 */
const rehypePlugins = [
  [rehypeStaticCodeBlocks, {languages: CODE_LANGUAGES, themes: codeThemes, magicComments: MAGIC_COMMENTS}],
  rehypeStackedTables,
];

/**
 * The API reference (src/plugins/api-reference): its pages, sidebar, changelog and manifest, from the OpenAPI
 * description; the Markdown versions plugin lists and writes its pages' Markdown.
 */
const apiReference = apiReferencePlugin({...apiReferenceOptions, rehypePlugins});

const config: Config = {
  title: SITE_TITLE,
  tagline: SITE_TAGLINE,
  favicon: 'img/favicon.svg',
  url: siteUrlFromEnv(process.env.SITE_URL),
  baseUrl: BASE_URL,
  titleDelimiter: '|',
  ssrTemplate: upstream.ssrTemplate,
  trailingSlash: undefined,

  // The specification asks for warnings; tests/build/build-log.spec.ts fails the suite on any of them.
  onBrokenLinks: 'warn',
  onBrokenMarkdownLinks: 'warn',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',

  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: {
      en: {label: 'English', direction: 'ltr', htmlLang: 'en', calendar: 'gregory', path: 'en'},
    },
  },

  future: {
    // The benchmark (npm run bench) builds with VIGIL_BUNDLER=webpack to compare with the default bundler.
    experimental_faster: process.env.VIGIL_BUNDLER !== 'webpack',
  },

  presets: [
    [
      'classic',
      {
        docs: {
          routeBasePath: '/',
          sidebarPath: './sidebars.ts',
          editUrl: EDIT_URL,
          tags: 'tags.yml',
          onInlineTags: 'throw',
          // Mermaid diagrams as the SVGs of `npm run diagrams` (src/plugins/mermaid-svg).
          beforeDefaultRemarkPlugins: [remarkMermaidSvg],
          // The reader's names in setup commands: fails the build on a bad `your_values` declaration of a page.
          remarkPlugins: [remarkSetupValues],
          lastVersion: 'current',
          versions: {current: {label: 'Next'}},
          rehypePlugins,
        },
        blog: {
          routeBasePath: 'blog',
          path: 'blog',
          editUrl: EDIT_URL,
          showReadingTime: true,
          blogTitle: 'Blog',
          blogDescription:
            'Articles from the Vigil team on data quality, data contracts and real-time data observability.',
          blogSidebarTitle: 'All posts',
          blogSidebarCount: 'ALL',
          authorsMapPath: 'authors.yml',
          tags: 'tags.yml',
          onInlineTags: 'throw',
          onInlineAuthors: 'throw',
          onUntruncatedBlogPosts: 'throw',
          beforeDefaultRemarkPlugins: [remarkMermaidSvg],
          feedOptions: {
            type: ['rss', 'atom'],
            title: `${SITE_TITLE} blog`,
            description: `Articles from the ${SITE_TITLE} team on data quality and real-time data observability`,
            copyright: `Copyright © 2025 ${SITE_TITLE}`,
            xslt: false,
            createFeedItems: async ({defaultCreateFeedItems, ...params}) =>
              (await defaultCreateFeedItems(params)).map((item) => ({
                ...item,
                content: item.content && withLightDiagramsOnly(item.content),
              })),
          },
          rehypePlugins,
        },
        pages: {rehypePlugins},
        theme: {
          // The design tokens first: every sheet after them reads them (src/css/tokens.css).
          customCss: ['./src/css/tokens.css', './src/css/custom.css', './src/css/responsive.css', ...upstream.css],
        },
        sitemap: {
          lastmod: null,
          changefreq: null,
          priority: null,
        },
      } satisfies Preset.Options,
    ],
  ],

  clientModules: upstream.clientModules,

  plugins: [
    apiReference,
    staticCodeBlocksPlugin({themes: codeThemes}),
    ...upstream.plugins,
    socialMetaPlugin,
    // The self-hosted fonts: their @font-face rules and the text font's preload (npm run fonts makes them).
    fontsPlugin,
    // Blocks far below the fold laid out when the reader nears them, and the reader's place kept on back and reload.
    offscreenBlocksPlugin,
    searchIndexPlugin,
    markdownTwinsPlugin({
      summary: SITE_SUMMARY,
      apiPages: apiReference.markdownPages,
      apiSectionTitle: 'API Reference',
      blogSectionTitle: 'Blog',
      otherSectionTitle: 'Optional',
      notes: machineAccessNotes,
    }),
  ],

  themeConfig: {
    image: 'img/vigil-social-card.png',
    metadata: [
      {
        name: 'keywords',
        content:
          'data observability, data quality, data contracts, data monitoring, anomaly detection, Snowflake, BigQuery, Databricks, Kafka',
      },
      {name: 'twitter:card', content: 'summary_large_image'},
    ],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: false,
    },
    announcementBar: {
      id: announcementId,
      content: `The Vigil API reference now covers every v1 operation. <a href="${BASE_URL}api">Browse the API reference</a>.`,
      isCloseable: true,
    },
    docs: {
      sidebar: {
        hideable: false,
        autoCollapseCategories: false,
      },
      versionPersistence: 'localStorage',
    },
    tableOfContents: {
      minHeadingLevel: 2,
      maxHeadingLevel: 3,
    },
    navbar,
    footer,
    prism: {
      // The stock GitHub and Dracula themes, with token colors darkened or lightened to AA contrast.
      theme: codeThemes.light,
      darkTheme: codeThemes.dark,
      // The grammars are config/code-languages.ts, bundled by src/upstream/prism-languages.ts.
      additionalLanguages: [],
      magicComments: [...MAGIC_COMMENTS],
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
