import {expect, test} from '@playwright/test';
import type {Root} from 'hast';
import {toHtml} from 'hast-util-to-html';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {gfmFromMarkdown} from 'mdast-util-gfm';
import {toHast} from 'mdast-util-to-hast';
import {gfm} from 'micromark-extension-gfm';
import {descriptionHtml} from '../../src/openapi/text';
import {STACKED_TABLE_CLASS, rehypeStackedTables} from '../../src/plugins/stacked-tables';

// Tables read as cards on a phone (src/css/responsive.css): each cell must carry its column's header.

const FIELDS = `| Field | Type | Meaning |
| --- | --- | --- |
| \`type\` | string | Selects the *Kafka* schema |
| \`port\` | integer | |
`;

/** A Markdown table as the docs plugin hands it to its rehype plugins. */
function docsTable(markdown: string): string {
  const hast = toHast(fromMarkdown(markdown, {extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()]})) as Root;
  rehypeStackedTables()(hast);
  return toHtml(hast);
}

test('each body cell of a docs table is labelled with its column header, and the table marked for stacking', () => {
  const html = docsTable(FIELDS);
  expect(html).toContain(`<table class="${STACKED_TABLE_CLASS}" role="table">`);
  expect(html).toContain('<td role="cell" data-label="Field"><code>type</code></td>');
  expect(html).toContain('<td role="cell" data-label="Meaning">Selects the <em>Kafka</em> schema</td>');
  expect(html).toContain('<th role="columnheader">Meaning</th>');
  expect(html.match(/data-label=/g)).toHaveLength(6);
});

test('a header cell spanning columns names each of them; a table without a header row is left alone', () => {
  const tree: Root = {
    type: 'root',
    children: [
      {
        type: 'element',
        tagName: 'table',
        properties: {},
        children: [
          {
            type: 'element',
            tagName: 'thead',
            properties: {},
            children: [
              {
                type: 'element',
                tagName: 'tr',
                properties: {},
                children: [
                  {type: 'element', tagName: 'th', properties: {colSpan: 2}, children: [{type: 'text', value: 'Port'}]},
                  {type: 'element', tagName: 'th', properties: {}, children: [{type: 'text', value: 'Use'}]},
                ],
              },
            ],
          },
          {
            type: 'element',
            tagName: 'tbody',
            properties: {},
            children: [
              {
                type: 'element',
                tagName: 'tr',
                properties: {},
                children: ['9092', 'TLS', 'brokers'].map((value) => ({
                  type: 'element' as const,
                  tagName: 'td',
                  properties: {},
                  children: [{type: 'text' as const, value}],
                })),
              },
            ],
          },
        ],
      },
      {
        type: 'element',
        tagName: 'table',
        properties: {},
        children: [{type: 'element', tagName: 'tr', properties: {}, children: []}],
      },
    ],
  };
  rehypeStackedTables()(tree);
  const html = toHtml(tree);
  expect(html).toContain('data-label="Port">9092</td><td role="cell" data-label="Port">TLS</td>');
  expect(html).toContain('data-label="Use">brokers</td>');
  expect(html).toContain('<table><tr></tr></table>');
});

test('a table in an API description is labelled the same way', () => {
  const html = descriptionHtml(FIELDS, '/docs/');
  expect(html).toContain(`class="${STACKED_TABLE_CLASS}"`);
  expect(html).toContain('data-label="Type">integer</td>');
});
