// The wing's check that each bundle-time patch changed the module it is written for: a rule whose upstream
// path moved matches nothing, and the build must then fail instead of shipping without the patch.
import {createRequire} from 'node:module';
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {expect, test} from '@playwright/test';
import {interventionsLeftOut, upstreamPlugins} from '../../src/upstream';

const require = createRequire(join(process.cwd(), 'package.json'));
const {markApplied} = require('./src/upstream/applied.cjs') as {markApplied: (name: string) => void};

/** The wing's last plugin, the check, as Docusaurus would instantiate it. */
function appliedCheck(leftOut: string | undefined): Plugin {
  const plugins = upstreamPlugins({leftOut: interventionsLeftOut(leftOut)});
  const check = plugins.at(-1) as (context: LoadContext) => Plugin;
  return check({} as LoadContext);
}

const postBuild = (plugin: Plugin) => plugin.postBuild!({} as Parameters<NonNullable<Plugin['postBuild']>>[0]);

test('the build fails, naming each patch whose rule matched nothing, until every enabled patch has recorded its rewrite', async () => {
  const check = appliedCheck('route-prefetch,staged-client-entry');
  expect(check.name).toBe('vigil-upstream-applied');
  await expect(postBuild(check)).rejects.toThrow(
    /prism-include-languages, utils-common-tslib, client-site-config, sidebar-category-href, docs-preferred-version, route-components, registry-module-paths, route-chunk-scripts, route-matching, route-matching \(server\), route-index \(matchRoutes\), route-index \(matchRoutes\) \(server\), route-index \(docs layout\), route-index \(docs layout\) \(server\), sidebar-index, sidebar-index \(server\) changed nothing/,
  );
  for (const name of ['prism-include-languages', 'utils-common-tslib', 'client-site-config', 'sidebar-category-href'])
    markApplied(name);
  await expect(postBuild(check)).rejects.toThrow(
    /src\/upstream: docs-preferred-version, route-components, registry-module-paths, route-chunk-scripts, route-matching, route-matching \(server\), route-index \(matchRoutes\), route-index \(matchRoutes\) \(server\), route-index \(docs layout\), route-index \(docs layout\) \(server\), sidebar-index, sidebar-index \(server\) changed nothing/,
  );
  markApplied('docs-preferred-version');
  await expect(postBuild(check)).rejects.toThrow(
    /src\/upstream: route-components, registry-module-paths, route-chunk-scripts, route-matching, route-matching \(server\), route-index \(matchRoutes\), route-index \(matchRoutes\) \(server\), route-index \(docs layout\), route-index \(docs layout\) \(server\), sidebar-index, sidebar-index \(server\) changed nothing/,
  );
  markApplied('route-components');
  markApplied('registry-module-paths');
  // route-chunk-scripts records once it has completed the client manifest, after the browser bundle is emitted.
  markApplied('route-chunk-scripts');
  // route-matching records each bundle apart: a browser bundle patched alone still fails the build.
  markApplied('route-matching');
  await expect(postBuild(check)).rejects.toThrow(
    /src\/upstream: route-matching \(server\), route-index \(matchRoutes\), route-index \(matchRoutes\) \(server\), route-index \(docs layout\), route-index \(docs layout\) \(server\), sidebar-index, sidebar-index \(server\) changed nothing/,
  );
  markApplied('route-matching (server)');
  // route-index and sidebar-index record each bundle apart too, and route-index each of the two modules it rewrites.
  for (const bundle of ['', ' (server)']) {
    markApplied(`route-index (matchRoutes)${bundle}`);
    markApplied(`sidebar-index${bundle}`);
  }
  await expect(postBuild(check)).rejects.toThrow(
    /src\/upstream: route-index \(docs layout\), route-index \(docs layout\) \(server\) changed nothing/,
  );
  markApplied('route-index (docs layout)');
  markApplied('route-index (docs layout) (server)');
  // route-prefetch was left out of this build: its rule is not there, so nothing is expected of it.
  await expect(postBuild(check)).resolves.toBeUndefined();
  await expect(postBuild(appliedCheck(undefined))).rejects.toThrow(/src\/upstream: route-prefetch changed nothing/);
});

test('VIGIL_WITHOUT_UPSTREAM names only performance patches', () => {
  expect([...interventionsLeftOut(' route-prefetch , utils-common-tslib ')]).toEqual([
    'route-prefetch',
    'utils-common-tslib',
  ]);
  expect(() => interventionsLeftOut('announcement-bar-new-id')).toThrow(/unknown announcement-bar-new-id/);
});
