// Short texts of the model (src/openapi/fields.ts) as Markdown for a page's Markdown version (the page itself
// renders them with React, src/openapi/prose.ts): every value is text, put in a code span of enough backticks.
// escapeHtml is for the one HTML string Docusaurus takes, a table of contents entry's `value`.
import type {Json} from './document';
import type {Fact, Segment} from './fields';

const HTML_ESCAPES: Record<string, string> = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);
}

/** A code span for any text, however many backticks it holds; on one line (a code span cannot break a table or list). */
export function codeSpan(text: string): string {
  const flat = text.replace(/\r?\n/g, ' ');
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((match) => match[0].length));
  const ticks = '`'.repeat(longest + 1);
  const padded = flat.startsWith('`') || flat.endsWith('`') || flat.startsWith(' ') ? ` ${flat} ` : flat;
  return `${ticks}${padded}${ticks}`;
}

/** Markdown text that stays text: the characters that would start Markdown syntax are escaped. */
export function markdownText(text: string): string {
  // An underscore inside a word (`dataset_id`) starts no emphasis in CommonMark: only one at a word's edge is escaped.
  return text.replace(/[\\`*[\]<>|#]/g, '\\$&').replace(/(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/g, '\\_');
}

export function segmentMarkdown(segment: Segment, pageUrl: string): string {
  if (typeof segment === 'string') return markdownText(segment);
  if ('code' in segment) return codeSpan(segment.code);
  const url = segment.link.startsWith('#') ? `${pageUrl}${segment.link}` : segment.link;
  const target = /^[^\s()<>]+$/.test(url) ? url : `<${url.replace(/[<>]/g, encodeURIComponent)}>`;
  return `[${markdownText(segment.text)}](${target})`;
}

export function factMarkdown(fact: Fact, pageUrl: string): string {
  return fact.map((segment) => segmentMarkdown(segment, pageUrl)).join('');
}

/** A fenced code block that no line of its content can close. */
export function fenced(language: string, code: string, meta = ''): string {
  const longest = Math.max(2, ...[...code.matchAll(/^`{3,}/gm)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}${meta ? ` ${meta}` : ''}\n${code}\n${fence}`;
}

/** An example value as the text of a code block, and the language that highlights it. */
export function exampleCode(value: Json, contentType: string): {language: string; code: string} {
  if (typeof value === 'string' && !/json/i.test(contentType)) {
    return {language: /xml|html/i.test(contentType) ? 'markup' : 'text', code: value};
  }
  return {language: 'json', code: JSON.stringify(value, null, 2) ?? 'null'};
}

/** The Prism language of an `x-codeSamples` entry's `lang`, among those the site bundles, else plain text. */
export function codeSampleLanguage(lang: string): string {
  const known: Record<string, string> = {
    curl: 'bash',
    shell: 'bash',
    sh: 'bash',
    bash: 'bash',
    javascript: 'javascript',
    js: 'javascript',
    node: 'javascript',
    nodejs: 'javascript',
    'node.js': 'javascript',
    python: 'python',
    py: 'python',
    go: 'go',
    golang: 'go',
    java: 'java',
    ruby: 'ruby',
    rb: 'ruby',
    json: 'json',
    sql: 'sql',
  };
  return known[lang.toLowerCase()] ?? 'text';
}
