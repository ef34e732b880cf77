/** Fenced code blocks and inline code spans: left exactly as written. */
const CODE = /(^```[^\n]*\n[\s\S]*?^```[ \t]*$|`[^`\n]+`)/gm;

/**
 * Makes Markdown from the OpenAPI description safe to embed in MDX: outside code, `<` and braces become
 * character references, so `<table>` or `{prefix}` in a description reach the reader as text instead of
 * opening JSX or an expression, and a colon before a letter is escaped, so `sts:ExternalId` stays text
 * instead of opening a Markdown directive.
 */
export function escapeMdxText(markdown: string | undefined): string | undefined {
  if (markdown === undefined) {
    return undefined;
  }
  return markdown
    .split(CODE)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part
            .replace(/</g, '&lt;')
            .replace(/\{/g, '&#123;')
            .replace(/\}/g, '&#125;')
            .replace(/:(?=[A-Za-z:])/g, '\\:'),
    )
    .join('');
}

/**
 * Links from the API root to the downloadable description point at static files, which are no route:
 * `pathname://` makes Docusaurus keep the URL as written and leave it out of the broken-link check.
 */
export function withStaticDownloadLinks(markdown: string, baseUrl: string): string {
  const base = baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return markdown.replace(new RegExp(`\\]\\((${base}openapi/[^)\\s]+)\\)`, 'g'), '](pathname://$1)');
}
