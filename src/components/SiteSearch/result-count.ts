/** A number of search results as the search box and the search page write it: "1 result", "12 results". */
export function resultCount(count: number): string {
  return `${count} ${count === 1 ? 'result' : 'results'}`;
}
