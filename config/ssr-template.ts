import {createRequire} from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The HTML shell of every page: Docusaurus' own template (`@docusaurus/core/lib/ssg/ssgTemplate.html.js`) with one
 * change, made here so an upgrade keeps the rest of it. That template ends the head with `<script src defer>` for
 * the runtime and the main bundle. When they are in before the HTML is parsed (a warm cache, a fast network,
 * Lighthouse's unthrottled load), they run before the first frame, and Lighthouse's simulation of a phone on slow
 * 4G then makes the largest paint wait for the main bundle's download and evaluation: 2.0 to 2.8 s simulated for
 * a paragraph of the served HTML painted at 160 to 230 ms.
 *
 * Here the head preloads them, at the low priority a deferred script gets, and the last element of the body starts
 * them in order once the browser reports the first contentful paint. A paint timing entry is delivered after its
 * frame is presented; the task after the next animation frame can come before that when the compositor is slow.
 * A hidden tab paints nothing, so it starts them at once, as does a tab hidden before its first paint; a browser
 * without paint timing starts them after the first animation frame, and any browser after 3 s without a paint.
 * Measured in Chromium at 4x CPU throttling, a reader's first paint and hydration are unchanged (within the
 * spread of 5 loads, cold and warm cache); what changes is the simulated largest paint (1.1 to 1.3 s).
 *
 * The inline script is the same on every page: the Content-Security-Policy allows it by the one hash that
 * `scripts/csp-hashes.mjs` reads from the build. tests/e2e/first-paint.spec.ts checks both paths.
 */
const startScriptsAfterFirstPaint = `(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var entries = document.querySelectorAll('link[rel=preload][data-start-after-paint]');
    for (var i = 0; i < entries.length; i++) {
      var script = document.createElement('script');
      script.src = entries[i].href;
      script.async = false;
      document.body.appendChild(script);
    }
  }
  document.addEventListener('visibilitychange', start);
  setTimeout(start, 3000);
  if (document.hidden) return start();
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('paint') < 0) return requestAnimationFrame(function () { setTimeout(start, 0); });
  new PerformanceObserver(function (list, observer) {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(start, 0);
  }).observe({type: 'paint', buffered: true});
})();`;

/** Docusaurus' line for each script of the page: `<script src defer>` in the head. */
const DEFERRED_SCRIPT = '<script src="<%= it.baseUrl %><%= script %>" defer></script>';
const PRELOADED_SCRIPT = '<link rel="preload" as="script" fetchpriority="low" href="<%= it.baseUrl %><%= script %>" data-start-after-paint>';
const BODY_END = '<%~ it.postBodyTags %>';

/** Docusaurus' template with the scripts preloaded in the head and started from the end of the body. */
export function ssrTemplate(docusaurusTemplate: string): string {
  for (const part of [DEFERRED_SCRIPT, BODY_END]) {
    if (docusaurusTemplate.split(part).length !== 2) {
      throw new Error(`config/ssr-template.ts: Docusaurus' page template no longer has ${part} once; review the page shell`);
    }
  }
  return docusaurusTemplate
    .replace(DEFERRED_SCRIPT, PRELOADED_SCRIPT)
    .replace(BODY_END, `${BODY_END}\n    <script>${startScriptsAfterFirstPaint}</script>`);
}

export const SSR_TEMPLATE = ssrTemplate(
  (require('@docusaurus/core/lib/ssg/ssgTemplate.html.js') as {default: string}).default,
);
