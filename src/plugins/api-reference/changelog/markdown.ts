// The changelog page's Markdown version (its `.md` twin, `llms.txt`'s API section and `llms-api-full.txt`), from the
// same data as the page. Names from the description are code spans, so no text of it becomes Markdown syntax.
import {
  changelogPageTitle,
  changeWords,
  entryDay,
  entryTitle,
  operationLabel,
  otherYears,
  taggedOperationsLead,
  type ApiChange,
  type ChangelogPage,
  type Words,
} from './model';
import {countedNote} from './pages';

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

/** What a change is in: its operations, linked, or their count per tag (changelogPages). */
function changePlaces(change: ApiChange, origin: string): string {
  const operations = change.operations.map((operation) => {
    const label = codeSpan(operationLabel(operation));
    return operation.href ? `[${label}](${origin}${operation.href})` : label;
  });
  const tags = (change.tags ?? []).map(({label, href, count}) => {
    const name = inline([label]);
    return `${href ? `[${name}](${origin}${href})` : name} (${count})`;
  });
  if (tags.length) return `: ${taggedOperationsLead(change.tags!)}: ${tags.join(', ')}`;
  return operations.length ? `: ${operations.join(', ')}` : '';
}

/** The Markdown of a page of the changelog; `origin` makes its links absolute (`https://vigil.example`). */
export function changelogMarkdown(page: ChangelogPage, origin: string): string {
  const parts = [
    `# ${changelogPageTitle(page)}`,
    inline([page.coverage.note]),
    `Atom feed: ${origin}${page.feedUrl}. ${countedNote(page)} ${origin}${page.jsonUrl}`,
  ];
  const others = otherYears(page);
  if (others.length) parts.push(`Other years: ${others.map(({year, url}) => `[${year}](${origin}${url})`).join(', ')}`);
  for (const group of page.versions) {
    parts.push(`## Version ${inline([group.version])}`);
    for (const entry of group.entries) {
      parts.push(`### ${entryDay(entry)}: ${entryTitle(entry)}${entry.breaking ? ' (breaking)' : ''}`);
      if (entry.start) continue;
      parts.push(
        entry.changes
          .map((change) => {
            const sentence = inline(changeWords(change));
            const linked = change.href ? `[${sentence}](${origin}${change.href})` : sentence;
            return `- ${change.breaking ? '**Breaking:** ' : ''}${linked}${changePlaces(change, origin)}.`;
          })
          .join('\n'),
      );
    }
  }
  return `${parts.join('\n\n')}\n`;
}
