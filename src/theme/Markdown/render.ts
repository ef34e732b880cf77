import {Marked} from 'marked';

/** CommonMark with GitHub tables, strikethrough and autolinks, and inline HTML, as the theme's renderer reads it. */
const markdown = new Marked({gfm: true, async: false});

/** The HTML of a Markdown string of the API reference (a description, or a line the theme writes). */
export function renderMarkdown(text: string): string {
  return markdown.parse(text) as string;
}
