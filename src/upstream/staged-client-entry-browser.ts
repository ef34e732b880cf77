// The entry of the browser bundle (see staged-client-entry.ts). Docusaurus' clientEntry.js imports everything
// it needs at once, so the browser ran every module of the main bundle (React DOM, the route table, the theme's
// layout, the app) in the one task that evaluated the script: 210 to 340 ms on /docs/intro at 4x CPU throttling.
// Here the script's own task runs React DOM, and each of the STAGES below runs in a task of its own, clientEntry.js
// last, which finds the modules evaluated: a module runs once, whoever requires it first. React DOM stays
// in the script's task on purpose: Lighthouse's simulation drops tasks under 10 ms, and a script whose evaluation
// it cannot see counts as needed for the largest paint.
/** The strings the entry compares to load the collation data (tests/e2e/upstream-patches.spec.ts looks for them). */
const COLLATION_WARM_UP = ['vigil-collation', 'vigil-collation-data'] as const;

const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

// Each stage runs in a task of its own, in this order: what a stage requires is evaluated there, and a module runs
// once, whoever requires it first.
const STAGES: (() => unknown)[] = [
  () => require('@generated/routes'),
  // The theme's navbar, then the rest of its layout (through the error boundary, which imports it).
  () => require('@theme/Navbar'),
  () => require('@docusaurus/ErrorBoundary'),
  // The client modules (the theme's and the site's), then the app that renders the routes.
  () => require('@generated/client-modules'),
  () => require('@docusaurus/core/lib/client/App.js'),
  // The first comparison of strings by locale in a page loads the collation data (30 ms at 4x CPU throttling).
  // The theme's docs code sorts with localeCompare when the page hydrates; done here first, that load is a task
  // of its own instead of a part of hydration's. It comes before the entry: the page's route chunks are listed in
  // its HTML (route-chunk-scripts), so they are often there when the entry asks for them, and hydration can start
  // in the entry's own task. The result is used, or the minifier drops the call (it takes localeCompare for free
  // of side effects). A prefix sorts first in every collation.
  () => {
    if (COLLATION_WARM_UP[0].localeCompare(COLLATION_WARM_UP[1]) >= 0) console.warn('Unexpected string collation');
  },
  // Last, the entry itself, which loads the page's route chunks and hydrates.
  () => require('@docusaurus/core/lib/client/clientEntry.js'),
];

require('react-dom/client');

(async () => {
  for (const stage of STAGES) {
    await nextTask();
    stage();
  }
})();
