// The API pages' own sentences are data (src/openapi/prose.ts), rendered by React: no module of the pipeline writes
// HTML in a string, and the only HTML a page's data holds is a description's, sanitised (src/openapi/text.ts).
import {readdirSync, readFileSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {apiPagesOf, pageModel, type JsonObject} from '../../src/openapi';
import {pageData} from '../../src/openapi/render-page';
import {rootPageData} from '../../src/openapi/render-overview';
import {loadSpec} from '../support/openapi';

/** An HTML element's start or end tag inside a string or template literal of the source. */
const TAG_IN_LITERAL = /['"`][^'"`\n]*<\/?(?:p|a|code|ul|ol|li|dl|dt|dd|br|div|span|strong|em|pre)\b[^'"`\n]*['"`]/;

test('no module of the API pipeline writes HTML in a string, except the Markdown converter of descriptions', () => {
  const modules = [
    ...readdirSync('src/openapi')
      .filter((file) => file.endsWith('.ts'))
      .map((file) => `src/openapi/${file}`),
    ...readdirSync('src/plugins/api-reference')
      .filter((file) => file.endsWith('.ts'))
      .map((file) => `src/plugins/api-reference/${file}`),
  ];
  expect(modules.length).toBeGreaterThan(10);
  const offending = modules
    // text.ts turns a description's Markdown into sanitised HTML: that is its job.
    .filter((file) => file !== 'src/openapi/text.ts')
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({line: line.trim(), where: `${file}:${index + 1}`}))
        .filter(({line}) => !line.startsWith('//') && !line.startsWith('*') && TAG_IN_LITERAL.test(line)),
    )
    .map(({where, line}) => `${where}: ${line}`);
  expect(offending).toEqual([]);
});

test('the check finds HTML written in a string', () => {
  expect(TAG_IN_LITERAL.test('return `<p>${text}</p>`;')).toBe(true);
  expect(TAG_IN_LITERAL.test('const link = \'<a href="x">\';')).toBe(true);
  expect(TAG_IN_LITERAL.test("return {paragraph: ['Media type ', {code: type}]};")).toBe(false);
});

/** Every `html` of a page's data, and where it is. */
function htmlValues(value: unknown, path: string, found: Array<{path: string; parent: JsonObject}>) {
  if (value === null || typeof value !== 'object') return found;
  for (const [key, child] of Object.entries(value)) {
    if (key === 'html') found.push({path: `${path}/${key}`, parent: value as JsonObject});
    else htmlValues(child, `${path}/${key}`, found);
  }
  return found;
}

test("a page's data holds HTML only as a description block of its own ({html}), never beside other text", () => {
  const spec = loadSpec();
  const pages = apiPagesOf(spec);
  const options = {baseUrl: '/docs/', highlight: () => ({}) as never};
  const data = [
    rootPageData(spec, options),
    ...pages.map((page) => pageData(pageModel(spec, page, 'openapi/vigil-api.yaml'), options)),
  ];
  const holders = data.flatMap((page, index) => htmlValues(page, `#${index}`, []));
  expect(holders.length, 'descriptions as HTML').toBeGreaterThan(pages.length);
  // A prose block {html} or an overview block {kind: 'html', html}: nothing else shares the object.
  const mixed = holders.filter(
    ({parent}) => Object.keys(parent).filter((key) => key !== 'html' && key !== 'kind').length > 0,
  );
  expect(mixed.map(({path}) => path)).toEqual([]);
});
