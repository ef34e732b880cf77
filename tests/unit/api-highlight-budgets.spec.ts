// An API page highlights its first EXAMPLE_HIGHLIGHT_BUDGET characters of examples and its first
// SAMPLE_HIGHLIGHT_BUDGET characters of request samples (src/openapi/render-page.ts); the code after is plain text, the
// same code, in one token. The fixture's six samples and three named examples are each about 2,500 characters.
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {EXAMPLE_HIGHLIGHT_BUDGET, SAMPLE_HIGHLIGHT_BUDGET, type ApiPageData} from '../../src/openapi/render-page';
import {generateApiDocs} from '../support/api-generator';
import {codeBlockText, pageDataModule} from '../support/openapi-corpus';

const generated = generateApiDocs('large-request-samples.yaml');
const page = () => {
  expect(generated.status, generated.output).toBe(0);
  const data = pageDataModule(path.join(generated.outputDir, 'create-rule-set.api.page.js')) as ApiPageData;
  const markdown = generated.build!.pages.find((candidate) => candidate.id === 'create-rule-set')!.markdown;
  return {data, markdown};
};

/** How many of the blocks, in page order, fit within `budget` characters together; -1 when all of them fit. */
function fitting(texts: string[], budget: number): number {
  let total = 0;
  return texts.findIndex((text) => (total += text.length) > budget);
}

test('the request samples are highlighted up to the budget, in tab order; the tabs after are plain text', () => {
  const {data, markdown} = page();
  const tabs = data.samples!.tabs.map((tab) => ({label: tab.label, title: tab.code.title, ...codeBlockText(tab.code)}));
  expect(tabs).toHaveLength(6);
  const highlightedTabs = fitting(
    tabs.map((tab) => tab.text),
    SAMPLE_HIGHLIGHT_BUDGET,
  );
  expect(highlightedTabs, 'some tabs are highlighted, some are not').toBeGreaterThan(0);
  expect(tabs.map((tab) => tab.highlighted)).toEqual(tabs.map((_tab, index) => index < highlightedTabs));
  for (const tab of tabs) {
    // The same code as the Markdown version's, line for line, so that the copy button copies it unchanged.
    expect(markdown, tab.label).toContain(`\n${tab.text}\n`);
    expect(tab.text.split('\n').length, tab.label).toBeGreaterThan(10);
    // A plain tab keeps its library's title.
    expect(tab.title, tab.label).toBeTruthy();
  }
});

test('the examples are highlighted up to the budget, in page order; the examples after are plain text', () => {
  const {data, markdown} = page();
  const examples = data.request.body!.media.flatMap((media) => media.examples);
  expect(examples.map((example) => example.summary)).toEqual([
    'Example request body: The strict rules',
    'Example request body: The lenient rules',
    'Example request body: The default rules',
  ]);
  const blocks = examples.map((example) => codeBlockText(example.code!));
  const highlightedExamples = fitting(
    blocks.map(({text}) => text),
    EXAMPLE_HIGHLIGHT_BUDGET,
  );
  expect(highlightedExamples).toBeGreaterThan(0);
  expect(blocks.map(({highlighted}) => highlighted)).toEqual(
    blocks.map((_block, index) => index < highlightedExamples),
  );
  for (const {text} of blocks) expect(markdown).toContain(`\n${text}\n`);
});
