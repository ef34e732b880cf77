/**
 * What a search looks for in the words a reader typed: the words that tell pages apart, without the words of
 * a question ("how do I …", "what is …") that every page holds, and what the reader is after.
 */
export interface SearchTerms {
  terms: string[];
  /** The query names the API ("api", "endpoint", "operation"; not "API token" or "API key"): an operation is wanted. */
  namesApi: boolean;
  /** The query is a question ("how do I …", "what …", "can …"): a doc page is wanted. */
  asksQuestion: boolean;
  /** The query asks what a term means ("what is …", "define …", "… meaning"): a glossary entry is wanted. */
  asksDefinition: boolean;
}

/**
 * Left out of a search: the words of a question, and the product's name, which is on every page. A query
 * made only of them is searched as typed.
 */
const IGNORED = new Set(
  'a an and are as at be by can define definition do does for from how i in into is it meaning means my of on or our per should that the this to via vs versus what whats when where which who why will with without vigil'.split(
    ' ',
  ),
);

/** Words that name the API itself; they say which section to favour rather than which page. */
const API_WORDS = new Set(['api', 'apis', 'endpoint', 'endpoints', 'operation', 'operations', 'rest']);
/** After an API word, these make it the name of a credential ("API token"), which the docs explain. */
const CREDENTIALS = new Set(['token', 'tokens', 'key', 'keys']);

const QUESTION = /^(how|what|whats|why|when|where|which|can|should|is|are|do|does)\b/;
const DEFINITION = /^(what is|what are|what's|whats|define)\b|\b(meaning|definition)\b/;

/** The words of a text as the index splits them: letters, digits and underscores, lower case. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
}

/**
 * True when two words are the same or differ only in an ending of up to 4 letters after a common start of 4
 * or more ("grants" and "grant", "rotate" and "rotation"; not "data" and "datastore").
 */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common += 1;
  return common >= 4 && a.length - common <= 4 && b.length - common <= 4;
}

/** The share of `terms` that `text` holds (0 to 1). */
export function coverage(text: string, terms: readonly string[]): number {
  if (terms.length === 0) return 0;
  const words = wordsOf(text);
  return terms.filter((term) => words.some((word) => sameWord(word, term))).length / terms.length;
}

export function searchTerms(query: string): SearchTerms {
  const typed = query.trim().toLowerCase();
  const words = wordsOf(typed);
  const meaningful = words.filter((word) => !IGNORED.has(word));
  const namesCredential = (index: number) => CREDENTIALS.has(meaningful[index + 1] ?? '');
  const namesApi = meaningful.some((word, index) => API_WORDS.has(word) && !namesCredential(index));
  const pageWords = meaningful.filter((word, index) => !API_WORDS.has(word) || namesCredential(index));
  const terms = pageWords.length > 0 ? pageWords : meaningful.length > 0 ? meaningful : words;
  return {
    terms: [...new Set(terms)],
    namesApi,
    asksQuestion: QUESTION.test(typed),
    asksDefinition: DEFINITION.test(typed),
  };
}
