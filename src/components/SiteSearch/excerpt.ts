/** A run of an excerpt's text, and whether it is a matched word. */
export interface ExcerptPart {
  text: string;
  marked: boolean;
}

const ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'"};

function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#39|#x27);/g, (_, name: string) => ENTITIES[name] ?? '');
}

/**
 * An excerpt as Pagefind gives it (the page's text HTML-escaped, matched words in `<mark>`) split into runs of
 * plain text, so it renders as text: no markup from a page reaches the search results as HTML.
 */
export function excerptParts(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  for (const [index, run] of excerpt.split(/<\/?mark>/).entries()) {
    if (run !== '') parts.push({text: decode(run), marked: index % 2 === 1});
  }
  return parts;
}
