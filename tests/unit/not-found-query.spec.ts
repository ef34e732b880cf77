import {expect, test} from '@playwright/test';
import {BASE_URL} from '../../config/site-constants';
import {queryOfMissingPath} from '../../src/theme/NotFound/Content/query';

// The not-found page searches the words of the address the reader asked for (src/theme/NotFound/Content).
test('the words of a missing address, without the base URL, suffixes, index and dates', () => {
  const cases: Array<[string, string]> = [
    [`${BASE_URL}configuring-datastore/snowflak`, 'configuring datastore snowflak'],
    [`${BASE_URL}features/rules/extra/`, 'features rules extra'],
    [`${BASE_URL}blog/2031/01/01/no-such-post`, 'blog no such post'],
    [`${BASE_URL}api/delete_everything.html`, 'api delete everything'],
    [`${BASE_URL}product/index.html`, 'product'],
    [`${BASE_URL}Onboarding-Catalog/Kaggle%20Datasets`, 'onboarding catalog kaggle datasets'],
    [`${BASE_URL}bad%E0%A4escape`, 'bad e0 a4escape'],
    [BASE_URL, ''],
  ];
  expect(cases.map(([path]) => [path, queryOfMissingPath(path, BASE_URL)])).toEqual(cases);
});
