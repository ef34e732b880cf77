import type {Plugin, PluginConfig} from '@docusaurus/types';
import {clientSiteConfigPlugin} from './client-site-config';
import {docsPreferredVersionPlugin} from './docs-preferred-version';
import {headInlineScriptsTemplate} from './head-inline-scripts';
import {postmanCodegensPlugin} from './postman-codegens-plugin';
import {prismLanguagesPlugin} from './prism-languages';
import {registryModulePathsPlugin} from './registry-module-paths';
import {routeChunkScriptsPlugin} from './route-chunk-scripts';
import {routeComponentsPlugin} from './route-components';
import {routeIndexPlugin} from './route-index';
import {routeMatchingPlugin} from './route-matching';
import {routePrefetchPlugin} from './route-prefetch';
import {sidebarCategoryHrefPlugin} from './sidebar-category-href';
import {sidebarIndexPlugin} from './sidebar-index';
import {stagedClientEntryPlugin} from './staged-client-entry';
import {utilsCommonTslibPlugin} from './utils-common-tslib';
import {siteRequire} from './wing-files';

const {appliedInterventions} = siteRequire('./src/upstream/applied.cjs') as {appliedInterventions: () => Set<string>};

/**
 * The interventions that only make pages lighter or faster, by name. Each can be left out of a build to measure
 * what it gains (VIGIL_WITHOUT_UPSTREAM, README.md); the site works the same without any of them.
 */
export const PERFORMANCE_INTERVENTIONS = [
  'prism-languages',
  'utils-common-tslib',
  'route-prefetch',
  'staged-client-entry',
  'client-site-config',
  'sidebar-category-href',
  'docs-preferred-version',
  'route-components',
  'registry-module-paths',
  'head-inline-scripts',
  'route-chunk-scripts',
  'route-matching',
  'route-index',
  'sidebar-index',
] as const;
type PerformanceIntervention = (typeof PERFORMANCE_INTERVENTIONS)[number];

/** The interventions a comma-separated VIGIL_WITHOUT_UPSTREAM leaves out; an unknown name stops the build. */
export function interventionsLeftOut(setting: string | undefined): Set<PerformanceIntervention> {
  const names = (setting ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(PERFORMANCE_INTERVENTIONS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new Error(
      `VIGIL_WITHOUT_UPSTREAM: unknown ${unknown.join(', ')} (known: ${PERFORMANCE_INTERVENTIONS.join(', ')})`,
    );
  }
  return new Set(names as PerformanceIntervention[]);
}

type WingOptions = {
  /** Names of PERFORMANCE_INTERVENTIONS to leave out, for measurement only. */
  leftOut: Set<PerformanceIntervention>;
};

/** A plugin of the wing, the names its loaders record when they have run (applied.cjs), and whether it may be left out. */
type Intervention = {plugin: PluginConfig; records: string[]; name?: PerformanceIntervention};

function interventions(): Intervention[] {
  return [
    {
      name: 'prism-languages',
      plugin: prismLanguagesPlugin(),
      records: ['prism-include-languages'],
    },
    {name: 'utils-common-tslib', plugin: utilsCommonTslibPlugin, records: ['utils-common-tslib']},
    {name: 'route-prefetch', plugin: routePrefetchPlugin, records: ['route-prefetch']},
    {name: 'staged-client-entry', plugin: stagedClientEntryPlugin, records: []},
    {name: 'client-site-config', plugin: clientSiteConfigPlugin, records: ['client-site-config']},
    {name: 'sidebar-category-href', plugin: sidebarCategoryHrefPlugin, records: ['sidebar-category-href']},
    {name: 'docs-preferred-version', plugin: docsPreferredVersionPlugin, records: ['docs-preferred-version']},
    {name: 'route-components', plugin: routeComponentsPlugin, records: ['route-components']},
    {name: 'registry-module-paths', plugin: registryModulePathsPlugin, records: ['registry-module-paths']},
    {name: 'route-chunk-scripts', plugin: routeChunkScriptsPlugin, records: ['route-chunk-scripts']},
    {
      name: 'route-matching',
      plugin: routeMatchingPlugin,
      records: ['route-matching', 'route-matching (server)'],
    },
    {
      name: 'route-index',
      plugin: routeIndexPlugin,
      records: [
        'route-index (matchRoutes)',
        'route-index (matchRoutes) (server)',
        'route-index (docs layout)',
        'route-index (docs layout) (server)',
      ],
    },
    {name: 'sidebar-index', plugin: sidebarIndexPlugin, records: ['sidebar-index', 'sidebar-index (server)']},
    {plugin: postmanCodegensPlugin, records: []},
  ];
}

/** Fails the build when a loader of the wing never ran: the upstream file it rewrites has moved or been renamed. */
function appliedCheckPlugin(expected: string[]) {
  return function upstreamApplied(): Plugin {
    return {
      name: 'vigil-upstream-applied',
      async postBuild() {
        const applied = appliedInterventions();
        const missing = expected.filter((name) => !applied.has(name));
        if (missing.length > 0) {
          throw new Error(
            `src/upstream: ${missing.join(', ')} changed nothing in this build; the module each rewrites is no longer where its rule looks (see src/upstream/README.md)`,
          );
        }
      },
    };
  };
}

/** Every plugin of the wing, then the check that each of their loaders ran. */
export function upstreamPlugins(options: WingOptions): PluginConfig[] {
  const kept = interventions().filter(({name}) => !name || !options.leftOut.has(name));
  return [...kept.map(({plugin}) => plugin), appliedCheckPlugin(kept.flatMap(({records}) => records))];
}

/**
 * The page template every page is rendered with (`ssrTemplate`): Docusaurus' own with the inline scripts it puts
 * at the start of the body moved into the head (`head-inline-scripts.ts`), or Docusaurus' own when that is left out.
 */
export function upstreamSsrTemplate(options: WingOptions): string | undefined {
  return options.leftOut.has('head-inline-scripts') ? undefined : headInlineScriptsTemplate();
}

/** Client modules of the wing: the announcement bar of a new id shown to a reader who dismissed an earlier one. */
export const upstreamClientModules = ['./src/upstream/announcement-bar-new-id.ts'];

/** Style sheets of the wing, after the site's own: none since the API theme left. */
export const upstreamCss: string[] = [];
