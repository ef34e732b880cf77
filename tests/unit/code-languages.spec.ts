import {expect, test} from '@playwright/test';
import {operationsOf, requestSamples} from '../../src/openapi';
import {fenceLanguages, markdownFiles} from '../support/content';
import {loadSpec} from '../support/openapi';
import {bundledPrism, grammarsSource} from '../support/prism';

// The build highlights with the Prism grammars of config/code-languages.ts only (src/plugins/static-code-blocks.ts). A
// code block in a language without a grammar renders as plain text: every language the content uses must
// resolve to one, the way the bundle loads them.

/** Code fence languages that are not meant to be highlighted: plain text, and Mermaid diagrams (replaced by their SVG). */
const NOT_HIGHLIGHTED = new Set(['text', 'mermaid']);
/** The API theme shows responses as JSON, or as XML when the body starts with "<". */
const API_RESPONSE_LANGUAGES = ['json', 'xml'];

/** Each fenced code block's language, with the file it is in. */
function fencesInContent(): {file: string; language: string}[] {
  return ['docs', 'blog', 'src/pages'].flatMap((dir) =>
    markdownFiles(dir).flatMap(({file, body}) => fenceLanguages(body).map((language) => ({file, language}))),
  );
}

test('every code fence in docs, posts and pages is in a bundled language', () => {
  const fences = fencesInContent();
  expect(fences.length).toBeGreaterThan(100);
  const missing = fences.filter(({language}) => !NOT_HIGHLIGHTED.has(language) && !bundledPrism.languages[language]);
  expect(missing, 'code fences in a language config/code-languages.ts does not bundle').toEqual([]);
});

test('every API request sample and response language is bundled', () => {
  const spec = loadSpec();
  const sampleLanguages = requestSamples(spec, operationsOf(spec)[0]).map(({language}) => language);
  expect(sampleLanguages.length).toBeGreaterThanOrEqual(6);
  const languages = [...sampleLanguages, ...API_RESPONSE_LANGUAGES];
  expect(languages.filter((language) => !bundledPrism.languages[language])).toEqual([]);
});

test('an unknown language id in config/code-languages.ts fails with the file and the id', () => {
  expect(() => grammarsSource(['json', 'jsonnn'])).toThrow(
    'config/code-languages.ts: jsonnn is not a Prism language id',
  );
});
