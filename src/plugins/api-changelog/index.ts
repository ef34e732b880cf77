import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import type {LoadContext, Plugin, PluginModule} from '@docusaurus/types';
import {OpenApiSourceError} from '../../openapi';
import {apiDescription, type ApiReferencePluginOptions} from '../api-pages';
import {atomFeed} from './atom';
import {buildChangelog} from './changelog';
import {changeLinker} from './links';
import type {ApiChangelog} from './model';

export {changelogMarkdown} from './markdown';
export type {ApiChangelog} from './model';

export const CHANGELOG_PLUGIN_NAME = 'vigil-api-changelog';
/** The changelog's page id in the API docs instance: its route is `<base URL>api/changelog`. */
export const CHANGELOG_PAGE_ID = 'changelog';
/** The files the build writes beside the page: the Atom feed, and the JSON the docs MCP server reads. */
export const CHANGELOG_FEED_FILE = 'atom.xml';
export const CHANGELOG_JSON_FILE = 'changes.json';

/** The changelog a build loaded, for the plugins that render it again (the Markdown twins). */
export function changelogOf(plugins: Array<{name: string; content: unknown}>): ApiChangelog | undefined {
  return plugins.find((plugin) => plugin.name === CHANGELOG_PLUGIN_NAME)?.content as ApiChangelog | undefined;
}

/**
 * The API changelog: when the plugin is made, right after the API reference's (which empties the API docs folder and
 * loads the description), it reads the description's history from git, writes the page (changelog.mdx, whose only
 * data is changelog.json beside it: no text of the description is MDX) into the API docs folder, and says in the
 * build's log what history it covers; after the build it writes the Atom feed and the JSON beside the page.
 */
export function apiChangelogPlugin(options: ApiReferencePluginOptions): PluginModule {
  return (context: LoadContext): Plugin => {
    const {siteDir, baseUrl} = context;
    const specFile = path.resolve(siteDir, options.specPath);
    const outputDir = path.resolve(siteDir, options.outputDir);
    const {spec, pages} = apiDescription(options.specPath);
    if (pages.some((page) => page.slug === CHANGELOG_PAGE_ID)) {
      throw new OpenApiSourceError(
        options.specPath,
        `an operation's page id is "${CHANGELOG_PAGE_ID}", the API changelog's: give it another operationId`,
      );
    }
    const apiBase = `${baseUrl}${options.routeBasePath}/`;
    const pageUrl = `${apiBase}${CHANGELOG_PAGE_ID}`;
    const help = options.render.authenticationHelp;
    const {changelog, stats} = buildChangelog({
      specFile,
      cacheDir: path.join(siteDir, 'node_modules', '.cache', CHANGELOG_PLUGIN_NAME),
      url: pageUrl,
      feedUrl: `${pageUrl}/${CHANGELOG_FEED_FILE}`,
      jsonUrl: `${pageUrl}/${CHANGELOG_JSON_FILE}`,
      linkOf: changeLinker({
        spec,
        specFile: options.specPath,
        apiBase,
        securityHref: help ? `${baseUrl}${help.replace(/^\//, '')}` : undefined,
        identity: options.identity,
        render: options.render,
      }),
    });
    const {coverage} = changelog;
    console.log(
      `[INFO] API changelog: ${coverage.source === 'git' ? (coverage.shallow ? 'SHALLOW CLONE, partial history. ' : '') : 'NO HISTORY. '}${coverage.note} ` +
        `${(stats.milliseconds / 1000).toFixed(1)} s (${(stats.cpuMilliseconds / 1000).toFixed(1)} s of processor), ${stats.fromCache} of ${stats.compared} comparisons from the cache.`,
    );
    mkdirSync(outputDir, {recursive: true});
    writeFileSync(path.join(outputDir, `${CHANGELOG_PAGE_ID}.json`), JSON.stringify(changelog));
    const frontMatter = yaml.dump(
      {
        id: CHANGELOG_PAGE_ID,
        title: changelog.title,
        description:
          'Every change to the API, from the history of its OpenAPI description: added, changed, deprecated and removed operations, parameters, fields and values, breaking changes marked.',
        sidebar_label: 'Changelog',
        hide_table_of_contents: true,
        custom_edit_url: null,
      },
      {lineWidth: -1},
    );
    writeFileSync(
      path.join(outputDir, `${CHANGELOG_PAGE_ID}.mdx`),
      [
        `---\n${frontMatter}---`,
        `import ApiChangelog from '@theme/ApiChangelog';`,
        `import changelog from './${CHANGELOG_PAGE_ID}.json';`,
        '',
        `# ${changelog.title}`,
        '',
        '<ApiChangelog changelog={changelog} />',
        '',
      ].join('\n'),
    );
    return {
      name: CHANGELOG_PLUGIN_NAME,
      getThemePath: () => path.join(__dirname, 'theme'),
      getPathsToWatch: () => [specFile],
      loadContent: async () => changelog,
      async postBuild({outDir, siteConfig}) {
        const dir = path.join(outDir, options.routeBasePath, CHANGELOG_PAGE_ID);
        mkdirSync(dir, {recursive: true});
        const origin = siteConfig.url.replace(/\/+$/, '');
        writeFileSync(path.join(dir, CHANGELOG_FEED_FILE), atomFeed(changelog, origin, siteConfig.title));
        writeFileSync(path.join(dir, CHANGELOG_JSON_FILE), `${JSON.stringify(changelog, null, 1)}\n`);
      },
    };
  };
}
