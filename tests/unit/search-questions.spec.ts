import {readFileSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {docRoute, markdownFiles} from '../support/content';
import {posts} from '../support/blog';
import {operationsOf} from '../../src/openapi';
import {loadSpec} from '../support/openapi';
import {SEARCH_QUESTIONS, type SearchQuestionKind} from '../support/search-questions';

/** The source file of every doc route and every blog post route. */
const sourceOf = new Map<string, string>([
  ...markdownFiles('docs').map((doc) => [docRoute(doc), doc.file] as [string, string]),
  ...posts.map((post) => [`/docs/blog/${post.slug}`, post.file] as [string, string]),
]);
const operationPages = new Set(operationsOf(loadSpec()).map((operation) => `/docs/api/${operation.slug}`));

const MINIMUM: Record<SearchQuestionKind, number> = {
  'how-to': 1,
  concept: 1,
  reference: 1,
  'api-action': 8,
  error: 4,
  misspelling: 4,
};

function questionsOf(kind: SearchQuestionKind) {
  return SEARCH_QUESTIONS.filter((question) => question.kind === kind);
}

/** Lower-case words of a text: letters, digits, `_`, `.` and `-` inside a word. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9_]+(?:[.-][a-z0-9_]+)*/g) ?? [];
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
function editDistance(a: string, b: string): number {
  const d = Array.from({length: a.length + 1}, (_, i) =>
    Array.from({length: b.length + 1}, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

test('45 to 55 questions, every kind with its minimum count', () => {
  expect(SEARCH_QUESTIONS.length).toBeGreaterThanOrEqual(45);
  expect(SEARCH_QUESTIONS.length).toBeLessThanOrEqual(55);
  for (const [kind, minimum] of Object.entries(MINIMUM) as Array<[SearchQuestionKind, number]>) {
    expect(questionsOf(kind).length, `${kind} questions`).toBeGreaterThanOrEqual(minimum);
  }
});

test('queries are unique and typed as a reader types them: 2 to 6 words, no question mark', () => {
  const seen = new Set<string>();
  for (const {query} of SEARCH_QUESTIONS) {
    const normalized = query.trim().toLowerCase().replace(/\s+/g, ' ');
    expect(seen.has(normalized), `duplicate query "${query}"`).toBe(false);
    seen.add(normalized);
    expect(query, 'no surrounding spaces').toBe(query.trim());
    expect(query).not.toMatch(/\?\s*$/);
    const count = query.split(/\s+/).length;
    expect(count >= 2 && count <= 6, `"${query}" has ${count} words`).toBe(true);
  }
});

test('every doc and blog answer is the route of an existing source file', () => {
  for (const {query, answer, kind} of SEARCH_QUESTIONS) {
    if (kind === 'api-action') continue;
    expect(sourceOf.has(answer), `"${query}": ${answer} is the route of a file under docs/ or blog/`).toBe(true);
    expect(operationPages.has(answer), `"${query}" is answered by a page, not an operation`).toBe(false);
  }
});

test('how-to questions are answered by doc pages', () => {
  for (const {query, answer} of questionsOf('how-to')) {
    expect(sourceOf.get(answer) ?? '', `"${query}": ${answer} is a doc`).toMatch(/^docs\//);
  }
});

test('every api-action answer is an operation page', () => {
  for (const {query, answer} of questionsOf('api-action')) {
    expect(operationPages.has(answer), `"${query}": ${answer} is an operation page`).toBe(true);
  }
});

test('every error query is quoted from the page that answers it', () => {
  for (const {query, answer} of questionsOf('error')) {
    const source = readFileSync(sourceOf.get(answer)!, 'utf8').toLowerCase();
    expect(source.includes(query.toLowerCase()), `"${query}" appears in ${sourceOf.get(answer)}`).toBe(true);
  }
});

test('every misspelling is one typo away from a word of the page that answers it', () => {
  for (const {query, answer} of questionsOf('misspelling')) {
    const vocabulary = new Set(words(readFileSync(sourceOf.get(answer)!, 'utf8')));
    const typos = words(query).filter((word) => !vocabulary.has(word));
    expect(typos, `"${query}" has exactly one word not on ${answer}`).toHaveLength(1);
    const nearest = Math.min(...[...vocabulary].map((word) => editDistance(typos[0], word)));
    expect(nearest, `"${typos[0]}" is one letter dropped, doubled, changed or swapped from a word of ${answer}`).toBe(
      1,
    );
  }
});

test('the set covers every section of the site', () => {
  const answered = new Set(SEARCH_QUESTIONS.map((question) => question.answer));
  const required = [...sourceOf.entries()]
    .filter(([, file]) => /^docs\/(configuring-datastore|features|onboarding-catalog)\//.test(file))
    .map(([route]) => route);
  required.push(
    '/docs/intro',
    '/docs/product/architecture',
    '/docs/product/deployment',
    '/docs/product/glossary',
    '/docs/product/limits-and-quotas',
    '/docs/product/security',
  );
  for (const route of required) expect(answered.has(route), `a question is answered by ${route}`).toBe(true);
  expect(
    SEARCH_QUESTIONS.some(({answer}) => sourceOf.get(answer)?.startsWith('blog/')),
    'a question on a blog post',
  ).toBe(true);
});
