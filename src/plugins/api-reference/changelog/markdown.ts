// The changelog page's Markdown version (its `.md` twin, `llms.txt`'s API section and `llms-api-full.txt`), from the
// same data as the page. Names from the description are code spans, so no text of it becomes Markdown syntax.
import {changeWords, entryDay, entryTitle, operationLabel, type ApiChangelog, type Words} from './model';

/** A code span that holds any text: a fence longer than the longest run of backticks inside. */
function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text.replace(/\s+/g, ' ')}${pad}${fence}`;
}

function inline(words: Words): string {
  return words
    .map((word) =>
      typeof word === 'string' ? word.replace(/[\\`*_[\]<>#|]/g, (character) => `\\${character}`) : codeSpan(word.code),
    )
    .join('');
}

/** The Markdown of the changelog; `origin` makes its links absolute (`https://vigil.example`). */
export function changelogMarkdown(changelog: ApiChangelog, origin: string): string {
  const parts = [`# ${changelog.title}`, inline([changelog.coverage.note]), `Atom feed: ${origin}${changelog.feedUrl}`];
  for (const group of changelog.versions) {
    parts.push(`## Version ${inline([group.version])}`);
    for (const entry of group.entries) {
      parts.push(`### ${entryDay(entry)}: ${entryTitle(entry)}${entry.breaking ? ' (breaking)' : ''}`);
      if (entry.start) continue;
      parts.push(
        entry.changes
          .map((change) => {
            const operations = change.operations.map((operation) => {
              const label = codeSpan(operationLabel(operation));
              return operation.href ? `[${label}](${origin}${operation.href})` : label;
            });
            const sentence = inline(changeWords(change));
            const linked = change.href ? `[${sentence}](${origin}${change.href})` : sentence;
            return `- ${change.breaking ? '**Breaking:** ' : ''}${linked}${operations.length ? `: ${operations.join(', ')}` : ''}.`;
          })
          .join('\n'),
      );
    }
  }
  return `${parts.join('\n\n')}\n`;
}
