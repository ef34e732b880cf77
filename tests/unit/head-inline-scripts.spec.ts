// The page template of src/upstream/head-inline-scripts.ts, rendered as Docusaurus renders every page: the tags
// plugins put before the body go into the head above the style sheets, and markup other than inline scripts
// (Google Tag Manager's <noscript> iframe, for one) stops the build with a message naming the template.
import {createRequire} from 'node:module';
import {join} from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {expect, test} from '@playwright/test';
import {headInlineScriptsTemplate} from '../../src/upstream/head-inline-scripts';

const require = createRequire(join(process.cwd(), 'package.json'));
const {compileSSGTemplate} = require('@docusaurus/core/lib/ssg/ssgTemplate.js') as {
  compileSSGTemplate: (template: string) => Promise<(data: Record<string, unknown>) => string>;
};
const {loadHtmlTags} = require('@docusaurus/core/lib/server/htmlTags.js') as {
  loadHtmlTags: (options: {plugins: Array<Pick<Plugin, 'injectHtmlTags'>>; router: string}) => Record<string, string>;
};
const gtmPlugin = require('@docusaurus/plugin-google-tag-manager').default as (
  context: unknown,
  options: {containerId: string},
) => Pick<Plugin, 'injectHtmlTags'>;

/** One page rendered with the template, from the tags the given plugins inject. */
async function renderPage(plugins: Array<Pick<Plugin, 'injectHtmlTags'>>): Promise<string> {
  const render = await compileSSGTemplate(headInlineScriptsTemplate());
  const tags = loadHtmlTags({plugins, router: 'browser'});
  return render({
    ...tags,
    appHtml: '<main>page</main>',
    baseUrl: '/docs/',
    htmlAttributes: 'lang="en"',
    bodyAttributes: '',
    metaAttributes: [],
    scripts: ['assets/js/main.js'],
    stylesheets: ['assets/css/styles.css'],
    noIndex: false,
    version: '3.7.0',
  });
}

const themeScript: Pick<Plugin, 'injectHtmlTags'> = {
  injectHtmlTags: () => ({
    preBodyTags: [{tagName: 'script', innerHTML: 'document.documentElement.setAttribute("data-theme","light")'}],
  }),
};

test('the inline scripts plugins put before the body are rendered in the head, above the style sheet', async () => {
  const html = await renderPage([themeScript]);
  const script = html.indexOf('<script>document.documentElement.setAttribute("data-theme","light")</script>');
  const styleSheet = html.indexOf('<link rel="stylesheet" href="/docs/assets/css/styles.css"');
  expect(script).toBeGreaterThan(-1);
  expect(styleSheet).toBeGreaterThan(script);
  expect(html.indexOf('</head>')).toBeGreaterThan(styleSheet);
  expect(html).toMatch(/<body\s*>\s*<div id="__docusaurus"><main>page<\/main><\/div>/);
});

test("markup other than inline scripts before the body stops the build, naming the template and the markup (Google Tag Manager's noscript iframe)", async () => {
  // The plugin injects its tags in production builds only. The worker's NODE_ENV is given back as it was: an
  // unset one stays unset (assigning undefined to process.env would store the string "undefined").
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  let gtm: Pick<Plugin, 'injectHtmlTags'>;
  try {
    gtm = gtmPlugin({}, {containerId: 'GTM-ABC123'});
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  await expect(renderPage([themeScript, gtm])).rejects.toThrow(
    /src\/upstream\/head-inline-scripts\.ts: a plugin puts markup other than inline scripts before the body \(.*<noscript><iframe src="https:\/\/www\.googletagmanager\.com\/ns\.html\?id=GTM-ABC123"/,
  );
});
