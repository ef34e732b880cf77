import {siteRequire} from './wing-files';

/** Where @docusaurus/core 3.7.0 keeps the page template it renders every page with (`ssrTemplate` overrides it). */
const UPSTREAM_TEMPLATE = '@docusaurus/core/lib/ssg/ssgTemplate.html.js';
const PRE_BODY_TAGS = '<%~ it.preBodyTags %>';
const STYLESHEETS = '<% it.stylesheets.forEach(';

/**
 * Stops the build when the tags a plugin puts before the body are more than inline scripts: in the head, the HTML
 * parser would end the head at the first other element, and the page's style sheet and scripts would follow in the
 * body. Eta code, run for every page.
 */
const ONLY_SCRIPTS = `<% { const other = it.preBodyTags.replace(/<script\\b[^>]*>[\\s\\S]*?<\\/script>/gi, '').trim(); if (other) { throw new Error('src/upstream/head-inline-scripts.ts: a plugin puts markup other than inline scripts before the body (' + other.slice(0, 160) + '); the page template moves those tags into the head, where it does not belong'); } } %>`;

/**
 * Docusaurus' page template with the tags plugins put at the start of the body (theme-classic's inline script,
 * which sets the color mode and the announcement bar's state before the first paint) moved into the head, before
 * the style sheet. A parser-inserted script waits for every style sheet above it to load before it runs, and the
 * HTML parser waits for the script: at the start of the body, the page's whole body was parsed only once the
 * style sheet had arrived, in chunks, each laid out and painted in a task of its own after the first paint. Above
 * the style sheet the script runs at once, the parser reads the whole body while the style sheet downloads, and
 * the page is laid out once, for its first paint. Why and what it gains: src/upstream/README.md.
 *
 * Fails the build when the installed template no longer has the two places it moves the tags between.
 */
export function headInlineScriptsTemplate(): string {
  const template = (siteRequire(UPSTREAM_TEMPLATE) as {default: string}).default;
  const body = template.indexOf(PRE_BODY_TAGS);
  const stylesheets = template.indexOf(STYLESHEETS);
  if (body === -1 || stylesheets === -1 || stylesheets > body || template.indexOf(PRE_BODY_TAGS, body + 1) !== -1) {
    throw new Error(
      `src/upstream/head-inline-scripts.ts: ${UPSTREAM_TEMPLATE} no longer renders ${PRE_BODY_TAGS} once, after the style sheets (${STYLESHEETS}…); see src/upstream/README.md`,
    );
  }
  const withoutBodyTags = template.slice(0, body) + template.slice(body + PRE_BODY_TAGS.length);
  return (
    withoutBodyTags.slice(0, stylesheets) +
    `${ONLY_SCRIPTS}\n    ${PRE_BODY_TAGS}\n    ` +
    withoutBodyTags.slice(stylesheets)
  );
}
