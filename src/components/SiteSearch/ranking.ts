import type {SearchSection} from '../SearchableContent/sections';
import {coverage, type SearchTerms} from './query';

/** What the index knows of a page before its text is loaded (`outline.json`, written by tools/search-index.mjs). */
export interface PageOutline {
  section: SearchSection;
  title: string;
  /** Its h2 and h3 headings, but those every page of its kind has ("Responses", "200 OK"). */
  headings: string[];
  /** The page defines the site's terms, one heading each. */
  glossary?: boolean;
}

/** A page some of the query's words matched: how many of them, and the sum of Pagefind's scores for each. */
export interface MatchedPage {
  id: string;
  held: number;
  score: number;
}

/**
 * How much an API reference page counts against a doc page: the docs answer tasks and questions, the API
 * reference the calls, so an operation comes first when the reader names the API, or when its words match
 * clearly better.
 */
export const API_WEIGHT = {namesApi: 1.5, asksQuestion: 0.25, otherwise: 0.4};
/** How much a page gains when its title, or one of its headings, holds the query's words (by the square of their share). */
export const TITLE_WEIGHT = 3;
export const HEADING_WEIGHT = 3;
/** How much a glossary entry named by the term gains for a question that asks what the term means. */
export const DEFINITION_WEIGHT = 4;

/**
 * The pages that hold at least half of the query's words, best first. A page's rank is the sum of its words'
 * scores, times the square of the share of the words it holds, times the weight of its section for this kind
 * of query, raised when its title or a heading holds the words, and for a definition asked, when it is the
 * glossary entry of the term.
 */
export function rankPages(
  pages: Iterable<MatchedPage>,
  outline: Readonly<Record<string, PageOutline>>,
  query: SearchTerms,
): Array<MatchedPage & {section: SearchSection; rank: number}> {
  const {terms} = query;
  const enough = Math.max(1, Math.ceil(terms.length / 2));
  const ranked = [];
  for (const page of pages) {
    if (page.held < enough) continue;
    const known = outline[page.id];
    const section = known?.section ?? 'Docs';
    const sectionWeight =
      section !== 'API'
        ? 1
        : query.namesApi
          ? API_WEIGHT.namesApi
          : query.asksQuestion
            ? API_WEIGHT.asksQuestion
            : API_WEIGHT.otherwise;
    const inTitle = known ? coverage(known.title, terms) : 0;
    const inHeading = Math.max(0, ...(known?.headings ?? []).map((heading) => coverage(heading, terms)));
    const defines = query.asksDefinition && known?.glossary === true && inHeading === 1 ? DEFINITION_WEIGHT : 1;
    const rank =
      page.score *
      (page.held / terms.length) ** 2 *
      sectionWeight *
      (1 + TITLE_WEIGHT * inTitle ** 2 + HEADING_WEIGHT * inHeading ** 2) *
      defines;
    ranked.push({...page, section, rank});
  }
  return ranked.sort((a, b) => b.rank - a.rank);
}
