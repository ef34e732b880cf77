import {coverage, wordsOf} from './query';

/** A heading of a page that a search matched under: its text, its link and the text around the match. */
export interface Heading {
  title: string;
  url: string;
  excerpt: string;
}

/** What Pagefind reports of each part of a page a search matched: the page's top, or a heading with an id. */
export interface MatchedPart {
  title: string;
  url: string;
  excerpt: string;
  locations?: number[];
  anchor?: {id: string};
}

/**
 * The heading to show for a page a search found: among the parts of the page whose heading holds a word of
 * the query that the page's title does not, the one whose heading holds the most of the query's words, then
 * the one with the most matches in its text (the earlier on a tie). A page whose title names all the words, or
 * whose matches are under headings that name something else (an operation page's "200 OK"), shows alone.
 */
export function bestHeading(
  pageUrl: string,
  pageTitle: string,
  parts: MatchedPart[],
  searched: string,
): Heading | undefined {
  const terms = wordsOf(searched).filter((term) => coverage(pageTitle, [term]) === 0);
  let best: {part: MatchedPart; held: number; matches: number} | undefined;
  for (const part of parts) {
    if (!part.anchor || part.url === pageUrl) continue;
    const held = coverage(part.title, terms);
    const matches = part.locations?.length ?? 0;
    if (held === 0) continue;
    if (!best || held > best.held || (held === best.held && matches > best.matches)) best = {part, held, matches};
  }
  return best && {title: best.part.title, url: best.part.url, excerpt: best.part.excerpt};
}
