// What the search box and the search page write: result counts, and excerpts whose code is code.
import {expect, test} from '@playwright/test';
import {excerptParts} from '../../src/components/SiteSearch/excerpt';
import {excerptHtml, excerptWindow} from '../../src/components/SiteSearch/page-text';
import {resultCount} from '../../src/components/SiteSearch/result-count';

test('a count of results is singular for one result, plural otherwise', () => {
  expect(resultCount(0)).toBe('0 results');
  expect(resultCount(1)).toBe('1 result');
  expect(resultCount(2)).toBe('2 results');
  expect(resultCount(12)).toBe('12 results');
});

/**
 * A page's text: 11 words of prose, a code block of two lines (words 11 to 18 and 19 to 26; each line a range,
 * as the indexer records them), then prose.
 */
const words = [
  ...'Grant the role read access with these statements in a worksheet:'.split(' '),
  ...'GRANT USAGE ON DATABASE ANALYTICS TO ROLE VIGIL_ROLE;'.split(' '),
  ...'GRANT SELECT ON ALL TABLES TO ROLE VIGIL_ROLE;'.split(' '),
  ...'Then check the grants.'.split(' '),
];
const CODE: Array<[number, number]> = [
  [11, 19],
  [19, 27],
];

test('the excerpt marks each run of code words as code, its matched words marked inside it', () => {
  expect(words).toHaveLength(31);
  const html = excerptHtml(words.slice(7, 31), 7, new Set([12, 27]), ['usage', 'then'], CODE);
  expect(html).toBe(
    'statements in a worksheet: <code>GRANT <mark>USAGE</mark> ON DATABASE ANALYTICS TO ROLE VIGIL_ROLE; GRANT SELECT ON ALL TABLES TO ROLE VIGIL_ROLE;</code> <mark>Then</mark> check the grants.',
  );
  expect(excerptParts(html)).toEqual([
    {text: 'statements in a worksheet: ', marked: false},
    {text: 'GRANT ', marked: false, code: true},
    {text: 'USAGE', marked: true, code: true},
    {
      text: ' ON DATABASE ANALYTICS TO ROLE VIGIL_ROLE; GRANT SELECT ON ALL TABLES TO ROLE VIGIL_ROLE;',
      marked: false,
      code: true,
    },
    {text: ' ', marked: false},
    {text: 'Then', marked: true},
    {text: ' check the grants.', marked: false},
  ]);
  // Text that looks like markup stays text.
  expect(excerptParts('<code>&lt;code&gt;x</code>')).toEqual([{text: '<code>x', marked: false, code: true}]);
  // A page without code: no code in its excerpt.
  expect(excerptHtml(['grant', 'usage'], 0, new Set([0]), ['grant'], [])).toBe('<mark>grant</mark> usage');
});

test('an excerpt starts at the start of the line of code it would cut, when its matches still fit', () => {
  // 8 words from word 22, in the middle of the second line, with a match at 24: it starts with the line, at 19.
  expect(excerptWindow({start: 22, length: 8}, [24], CODE, 0)).toEqual({start: 19, length: 8});
  // Matches at 22 and 29: starting at 19 would leave 29 out, so the excerpt stays.
  expect(excerptWindow({start: 22, length: 8}, [22, 29], CODE, 0)).toEqual({start: 22, length: 8});
  // Not before the start of the part of the page the excerpt is kept in (a heading's section).
  expect(excerptWindow({start: 22, length: 8}, [24], CODE, 20)).toEqual({start: 22, length: 8});
  // An excerpt of prose is left as it is.
  expect(excerptWindow({start: 0, length: 8}, [3], CODE, 0)).toEqual({start: 0, length: 8});
});

test('an excerpt ends before the line of code it would cut, when its matches and half its words are left', () => {
  // Words 7 to 22 end inside the second line (19 to 26), the match at 12: it ends before the line.
  expect(excerptWindow({start: 7, length: 16}, [12], CODE, 0)).toEqual({start: 7, length: 12});
  // A match in the cut line keeps the line.
  expect(excerptWindow({start: 7, length: 16}, [12, 20], CODE, 0)).toEqual({start: 7, length: 16});
  // Less than half of the excerpt would be left (2 of 8 words): it keeps its words.
  expect(excerptWindow({start: 9, length: 8}, [10], CODE, 0)).toEqual({start: 9, length: 8});
});
