import type {BlockTokens} from '../code-tokens';
import {occurrences, valueProblem, type BlockDeclaration, type SetupValueName, type SqlDialect} from './declaration';
import {quoteValue, type QuoteContext} from './quote';

/**
 * A command with the reader's values in place of its default names, quoted for where each default stands
 * (./quote.ts). The code blocks (src/components/SetupValues/use-filled-tokens.ts) and any component that prints a
 * command of a setup page (the grant checker) go through fillCommand; it runs in the browser only, in the chunk
 * that loads when the reader has values.
 */

/** The reader's values by name; an empty or missing value leaves its default. */
export type SetupValues = Partial<Record<SetupValueName, string>>;

/** A default left in place, and why: the control lists these. */
export type FillProblem = {name: SetupValueName; value: string; problem: string};

type Replacement = {start: number; end: number; text: string};

const SHELL_LANGUAGES = new Set(['bash', 'sh', 'shell', 'zsh']);

/**
 * The quoting context of every offset of `code`: a small lexer per language that knows only quotes and comments.
 * SQL: '…' (with '' and, in dialects with backslash escapes, \'), "…", `…`, -- and /* *\/ comments. Shell: '…'
 * (no escapes), "…" (backslash escapes), # comments at the start of a word. JSON: "…" with backslash escapes.
 * Other languages are all bare.
 */
function contexts(code: string, language: string, sql: SqlDialect | undefined): QuoteContext[] {
  const result: QuoteContext[] = new Array(code.length).fill('bare');
  const isSql = language === 'sql';
  const isShell = SHELL_LANGUAGES.has(language);
  const isJson = language === 'json';
  if (!isSql && !isShell && !isJson) return result;
  const backslashInSingle = isSql && sql !== undefined && sql !== 'postgresql' && sql !== 'redshift';
  let state: QuoteContext = 'bare';
  for (let at = 0; at < code.length; at += 1) {
    const character = code[at];
    if (state === 'bare') {
      if (isSql && character === '-' && code[at + 1] === '-') state = 'comment';
      else if (isSql && character === '/' && code[at + 1] === '*') state = 'comment';
      else if (isShell && character === '#' && (at === 0 || /\s/.test(code[at - 1]))) state = 'comment';
      else if (character === "'" && !isJson) state = 'single';
      else if (character === '"') state = 'double';
      else if (character === '`' && !isJson) state = 'backtick';
      else if (isShell && character === '\\') at += 1;
      result[at] = state === 'comment' ? 'comment' : 'bare';
      continue;
    }
    result[at] = state;
    if (state === 'comment') {
      const blockComment = isSql && code.lastIndexOf('/*', at) > code.lastIndexOf('\n', at);
      if (blockComment ? character === '/' && code[at - 1] === '*' : character === '\n') state = 'bare';
    } else if (state === 'single') {
      if (backslashInSingle && character === '\\') at += 1;
      else if (character === "'") state = 'bare';
    } else if (state === 'double') {
      if ((isShell || isJson || (isSql && sql !== undefined && backslashInSingle)) && character === '\\') at += 1;
      else if (character === '"') state = 'bare';
    } else if (state === 'backtick') {
      if (character === '`') state = 'bare';
    }
  }
  return result;
}

/** The replacements of the defaults of `declaration` in `code`, and the defaults left for a reason. */
function replacements(
  code: string,
  declaration: BlockDeclaration,
  values: SetupValues,
): {replacements: Replacement[]; problems: FillProblem[]} {
  const found: Replacement[] = [];
  const problems: FillProblem[] = [];
  let contextOf: QuoteContext[] | undefined;
  for (const [name, defaultName] of Object.entries(declaration.names) as [SetupValueName, string][]) {
    const value = values[name]?.trim();
    if (!value || value === defaultName) continue;
    const invalid = valueProblem(name, value);
    if (invalid) {
      problems.push({name, value, problem: invalid});
      continue;
    }
    for (const start of occurrences(code, defaultName)) {
      contextOf ??= contexts(code, declaration.language, declaration.sql);
      const quoted = quoteValue(value, {
        language: declaration.language,
        sql: declaration.sql,
        context: contextOf[start],
      });
      if ('problem' in quoted) problems.push({name, value, problem: quoted.problem});
      else found.push({start, end: start + defaultName.length, text: quoted.text});
    }
  }
  // Two defaults never overlap (a default is a whole name); sorted, they apply from the end.
  found.sort((a, b) => a.start - b.start);
  return {replacements: found, problems};
}

/**
 * `code` with the reader's values in place of the defaults the block declares, and the defaults it had to leave
 * (their value cannot be written safely there). For a component that prints a command of a setup page:
 * `fillCommand(statement, {language: 'sql', sql: 'snowflake', names: {role: 'VIGIL_ROLE'}}, values)`.
 */
export function fillCommand(
  code: string,
  declaration: BlockDeclaration,
  values: SetupValues,
): {code: string; problems: FillProblem[]} {
  const {replacements: found, problems} = replacements(code, declaration, values);
  let filled = code;
  for (const {start, end, text} of [...found].reverse()) filled = filled.slice(0, start) + text + filled.slice(end);
  return {code: filled, problems};
}

/**
 * The tokens of a block highlighted at build time (src/plugins/static-code-blocks.ts) with the reader's values in
 * place of the defaults: a value takes the class of the token its default started in, and the tokens around it
 * keep theirs. The lines' text joined with line breaks is the block's code, as the copy button copies it.
 */
export function fillTokens(
  tokens: BlockTokens,
  declaration: BlockDeclaration,
  values: SetupValues,
): {tokens: BlockTokens; problems: FillProblem[]} {
  const [classLists, lines] = tokens;
  const texts = lines.map((line) => line.filter((_, index) => index % 2 === 1).join(''));
  const code = texts.join('\n');
  const {replacements: found, problems} = replacements(code, declaration, values);
  if (found.length === 0) return {tokens, problems};
  let lineStart = 0;
  let next = 0;
  const filledLines = lines.map((line, lineIndex) => {
    const lineEnd = lineStart + texts[lineIndex].length;
    const inLine: Replacement[] = [];
    while (next < found.length && found[next].start < lineEnd) inLine.push(found[next++]);
    const offset = lineStart;
    lineStart = lineEnd + 1;
    if (inLine.length === 0) return line;
    const filled: (number | string)[] = [];
    let position = offset;
    let pending = 0;
    for (let at = 0; at < line.length; at += 2) {
      const classIndex = line[at] as number;
      const text = String(line[at + 1]);
      const tokenEnd = position + text.length;
      let cursor = position;
      while (pending < inLine.length && inLine[pending].start < tokenEnd) {
        const replacement = inLine[pending];
        // A default that started in an earlier token has its value there; here only its rest is skipped.
        if (replacement.start >= cursor) {
          if (replacement.start > cursor)
            filled.push(classIndex, text.slice(cursor - position, replacement.start - position));
          filled.push(classIndex, replacement.text);
        }
        cursor = Math.max(cursor, Math.min(replacement.end, tokenEnd));
        if (replacement.end > tokenEnd) break;
        pending += 1;
      }
      if (cursor < tokenEnd) filled.push(classIndex, text.slice(cursor - position));
      position = tokenEnd;
    }
    return filled;
  });
  return {tokens: [classLists, filledLines], problems};
}
