import {existsSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {authors, blogTags, posts, proseWords} from '../support/blog';

test('the authors are exactly the team personas of the brief, each with a page', () => {
  expect(Object.keys(authors).sort()).toEqual(['vigil-engineering', 'vigil-product', 'vigil-team']);
  expect(authors['vigil-team'].name).toBe('The Vigil Team');
  expect(authors['vigil-engineering'].name).toBe('Vigil Engineering');
  expect(authors['vigil-product'].name).toBe('Vigil Product');
  for (const author of Object.values(authors)) expect(author.page).toBe(true);
});

test('the tags are exactly data, data-monitoring, real-time and vigil, each described', () => {
  expect(Object.keys(blogTags).sort()).toEqual(['data', 'data-monitoring', 'real-time', 'vigil']);
  expect(blogTags.vigil.label).toBe('Vigil');
  for (const tag of Object.values(blogTags)) expect(tag.description.length).toBeGreaterThan(20);
});

test('five posts dated over 2024 and 2025', () => {
  expect(posts).toHaveLength(5);
  expect(new Set(posts.map((post) => post.date.slice(0, 4)))).toEqual(new Set(['2024', '2025']));
});

for (const post of posts) {
  test(`${post.file}: 800-1,600 words, truncated, described, with a social image`, () => {
    const words = proseWords(post.body);
    expect(words, 'prose words').toBeGreaterThanOrEqual(800);
    expect(words, 'prose words').toBeLessThanOrEqual(1600);
    expect(post.body).toContain('{/* truncate */}');
    expect(post.description.length).toBeGreaterThan(40);
    expect(post.image).toMatch(/^\/img\/blog\/.+\.png$/);
    expect(existsSync(`static${post.image}`), `static${post.image}`).toBe(true);
    expect(post.body, 'links into the docs or the API reference').toMatch(
      /\]\(\/(intro|configuring-datastore|onboarding-catalog|features|product|api)/,
    );
  });
}
