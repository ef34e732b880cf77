// What the content tests (tests/unit/vendor-claims.spec.ts, tests/unit/page-consistency.spec.ts) read of a page and
// assert about it: a page of docs/, its sections and titled code blocks, its tables, and sentences that must or must
// not be there, with failures that show the passage rather than the page.
import {expect} from '@playwright/test';
import {codeBlocks, readMarkdown, withoutCode, type CodeBlock} from './content';

/** The folder of the docs pages. */
export const DOCS = 'docs';

/** The Markdown body (front matter left out) of the page `file` of docs/, a path such as `features/rules.md`. */
export const page = (file: string) => readMarkdown(`${DOCS}/${file}`).body;

/** Prose on one line: line breaks of the Markdown source are spaces to a reader. */
export const prose = (text: string) => withoutCode(text).replace(/\s+/g, ' ');

/** Fails with the passage of `text` that matches `pattern`, so a failure shows the sentence, not the page. */
export function expectAbsent(text: string, pattern: RegExp, what: string) {
  const match = pattern.exec(text);
  expect(match ? text.slice(Math.max(0, match.index - 80), match.index + match[0].length + 80) : null, what).toBeNull();
}

/** Passes when `text` matches `pattern`; a failure names what is missing instead of printing the page. */
export function expectPresent(text: string, pattern: RegExp, what: string) {
  expect(pattern.test(text), `${what}: ${pattern}`).toBe(true);
}

/** The body of the `## heading` section of a Markdown body, up to the next h2. */
export function section(body: string, heading: string): string {
  const parts = body.split(new RegExp(`^## ${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'm'));
  expect(parts.length, `one "## ${heading}" section`).toBe(2);
  return parts[1].split(/^## /m)[0];
}

/** The body of the `### heading` subsection of a Markdown body, up to the next h2 or h3. */
export function subsection(body: string, heading: string): string {
  const parts = body.split(new RegExp(`^### ${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'm'));
  expect(parts.length, `one "### ${heading}" subsection`).toBe(2);
  return parts[1].split(/^#{2,3} /m)[0];
}

/** The one code block of `body` titled `title`. */
export function titled(body: string, title: string): CodeBlock {
  const blocks = codeBlocks(body).filter((block) => block.title === title);
  expect(blocks.length, `one code block titled "${title}"`).toBe(1);
  return blocks[0];
}

/**
 * The cells of the rows of a Markdown or ASCII table: lines that start with `|`, split, trimmed, the header row
 * first; the separator rows (`|---|:---|`) left out.
 */
export function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line.trim().startsWith('|') && !/^\|[-+| :]+\|$/.test(line.trim()))
    .map((line) =>
      line
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((cell) => cell.trim()),
    );
}
