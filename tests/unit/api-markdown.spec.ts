import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {join} from 'node:path';
import {createElement} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {expect, test} from '@playwright/test';
import {renderMarkdown} from '../../src/theme/Markdown/render';
import {type JsonObject} from '../../src/openapi';
import {loadSpec} from '../support/openapi';

// The API reference renders the Markdown of descriptions at run time with `marked` (src/theme/Markdown)
// instead of the theme's react-markdown, remark-gfm and rehype-raw. Both must give readers the same
// document for every string the theme renders that way.

const require = createRequire(join(process.cwd(), 'package.json'));

/** The theme's getQualifierMessage ("Possible values: ...", limits, patterns), with its Translate stubbed. */
function themeQualifierMessage(): (schema: JsonObject) => string | undefined {
  const file = require.resolve('docusaurus-theme-openapi-docs/lib/markdown/schema.js');
  const fileRequire = createRequire(file);
  const module = {exports: {} as {getQualifierMessage: (schema: JsonObject) => string | undefined}};
  const translate = ({message}: {message: string}) => message;
  const load = (id: string) => (id === '@docusaurus/Translate' ? {translate} : fileRequire(id));
  new Function('exports', 'require', 'module', readFileSync(file, 'utf8'))(module.exports, load, module);
  return module.exports.getQualifierMessage;
}

/** Where the generated pages put a description into MDX, compiled at build time instead of at run time. */
function renderedByMdx(path: string[]): boolean {
  return (
    (path.length === 1 && path[0] === 'info') ||
    (path.length === 2 && path[0] === 'tags') ||
    (path.length === 3 && path[0] === 'paths' && path[2] !== 'parameters')
  );
}

/** Every Markdown string of the OpenAPI file the theme renders at run time, with where it is. */
function runtimeMarkdown(spec: JsonObject): Map<string, string> {
  const qualifierMessage = themeQualifierMessage();
  const found = new Map<string, string>();
  const walk = (node: unknown, path: string[]) => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, [...path, String(index)]));
      return;
    }
    if (!node || typeof node !== 'object') return;
    const object = node as JsonObject;
    const qualifier = qualifierMessage(object);
    if (qualifier) found.set(qualifier, `qualifier of ${path.join('.')}`);
    for (const [key, value] of Object.entries(object)) {
      if (typeof value === 'string' && key === 'description' && !renderedByMdx(path))
        found.set(value, [...path, key].join('.'));
      if (typeof value === 'string' && key === 'summary' && path.at(-2) === 'examples')
        found.set(value, [...path, key].join('.'));
      walk(value, [...path, key]);
    }
  };
  walk(spec, []);
  return found;
}

const RUNTIME_MARKDOWN = runtimeMarkdown(loadSpec());

test('descriptions render to the same document with marked as with the theme renderer', async ({page}) => {
  const {default: ReactMarkdown} = await import('react-markdown');
  const {default: rehypeRaw} = await import('rehype-raw');
  const {default: remarkGfm} = await import('remark-gfm');
  const strings = RUNTIME_MARKDOWN;
  expect(strings.size).toBeGreaterThan(300);
  expect([...strings.values()].filter((where) => where.startsWith('qualifier')).length).toBeGreaterThan(20);

  const pairs = [...strings].map(([text, where]) => ({
    where,
    theme: renderToStaticMarkup(
      createElement(ReactMarkdown, {rehypePlugins: [rehypeRaw], remarkPlugins: [remarkGfm]}, text),
    ),
    site: renderMarkdown(text),
  }));
  // Compare the documents a browser builds from both, whitespace between elements aside.
  await page.setContent('<!doctype html><body></body>');
  const different = await page.evaluate((renderings) => {
    const documentOf = (html: string) => {
      const template = document.createElement('template');
      template.innerHTML = html;
      return template.innerHTML.replace(/>\s+</g, '><').trim();
    };
    return renderings
      .map(({where, theme, site}) => ({where, theme: documentOf(theme), site: documentOf(site)}))
      .filter(({theme, site}) => theme !== site);
  }, pairs);
  expect(different).toEqual([]);
});

test('no description rendered at run time has a code fence or an admonition, which the theme drew with its own components', () => {
  const offending = [...RUNTIME_MARKDOWN].filter(([text]) => /^\s*(```|~~~|:::)/m.test(text)).map(([, where]) => where);
  expect(offending).toEqual([]);
});
