/**
 * The word of `vocabulary` (the site's words, most frequent first) closest to a misspelt `word`: one edit
 * away (a letter added, dropped, changed, or two neighbours swapped) for words of up to 5 letters, two for
 * longer ones; the most frequent on a tie. Undefined when none is that close; words under 4 letters are
 * never corrected.
 */
export function closestWord(word: string, vocabulary: readonly string[]): string | undefined {
  if (word.length < 4) return undefined;
  const limit = word.length <= 5 ? 1 : 2;
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of vocabulary) {
    if (Math.abs(candidate.length - word.length) >= bestDistance) continue;
    const distance = editDistance(word, candidate, bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
      if (distance === 1) break;
    }
  }
  return best;
}

/**
 * The optimal-string-alignment distance between `a` and `b` (insertions, deletions, substitutions and swaps of
 * neighbours), or `stop` as soon as it cannot be less than `stop`.
 */
export function editDistance(a: string, b: string, stop = Infinity): number {
  let before: number[] = [];
  let previous = Array.from({length: b.length + 1}, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2] + 1);
      current.push(value);
      rowMinimum = Math.min(rowMinimum, value);
    }
    if (rowMinimum >= stop) return stop;
    before = previous;
    previous = current;
  }
  return previous[b.length];
}
