/** A run of an excerpt's text, whether it is a matched word, and whether it is code (absent when it is not). */
export interface ExcerptPart {
  text: string;
  marked: boolean;
  code?: true;
}

const ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'"};

function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#39|#x27);/g, (_, name: string) => ENTITIES[name] ?? '');
}

/**
 * An excerpt as the search makes it (the page's text HTML-escaped, matched words in `<mark>`, words of code in
 * `<code>`: ./page-text.ts) split into runs of plain text, so it renders as text: no markup from a page reaches
 * the search results as HTML.
 */
export function excerptParts(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  let marked = false;
  let code = false;
  for (const [index, piece] of excerpt.split(/<(\/?(?:mark|code))>/).entries()) {
    if (index % 2 === 1) {
      if (piece.endsWith('mark')) marked = !piece.startsWith('/');
      else code = !piece.startsWith('/');
    } else if (piece !== '') {
      parts.push({text: decode(piece), marked, ...(code && {code: true as const})});
    }
  }
  return parts;
}
