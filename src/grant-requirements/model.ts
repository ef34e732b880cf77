/**
 * What a datastore page's "Check the grants" proves, as data: each requirement of the page's Grant access, the
 * page's own statements that put it in place (default names, as the page prints them, so that the reader's names
 * are substituted where the page substitutes them), and a reading of the check's output that names the missing
 * requirements. tests/unit/grant-requirements.spec.ts proves that every statement here is one of the page's and
 * that every grant statement of the page has its requirement.
 */

export type StatementLanguage = 'sql' | 'bash' | 'json';

export type Statement = {
  language: StatementLanguage;
  code: string;
  /**
   * A statement that sets where the next ones run (`USE ROLE`, the shell variables the commands read): listed
   * again only when the previous statement listed set something else.
   */
  setsContext?: boolean;
};

export type Requirement = {
  /** What is required, in the words of the check (for the list of what is missing). */
  what: string;
  statements: Statement[];
};

export type Missing = {requirement: Requirement; rows: string[]};

export type Verdict =
  | {kind: 'in-place'; format: string; checked: number}
  | {kind: 'missing'; format: string; missing: Missing[]}
  | {kind: 'unreadable'; message: string};

/**
 * The names an output may show where the page's statements have `defaultName`: the default, and the reader's own
 * name for it when they gave one (src/components/SetupValues), which the page's check then prints. The last is
 * the one the listed statements show.
 */
export type NamesOf = (defaultName: string) => string[];
export const defaultNames: NamesOf = (defaultName) => [defaultName];

export type GrantCheck = {
  /** The formats it reads, for the form's hint and for the message when it cannot read an output. */
  formats: string;
  check: (output: string, names?: NamesOf) => Verdict;
};

export const sql = (code: string, setsContext?: boolean): Statement => ({language: 'sql', code, setsContext});
export const bash = (code: string, setsContext?: boolean): Statement => ({language: 'bash', code, setsContext});

/** A message for an output that is not the check's. */
export const unreadable = (message: string): Verdict => ({kind: 'unreadable', message});

export const EMPTY_MESSAGE = 'Nothing to check: paste the whole output of the command above.';

/** A bordered table (mysql --table, snowsql) without its bottom border. */
export const CUT_OFF_TABLE_MESSAGE = 'The table is cut off: its bottom border is missing. Paste the whole output.';

/** A row, given by its cells, that the page's check-grants.sql does not print. */
export const unknownRow = (cells: string[]): Verdict =>
  unreadable(
    `The row "${cells.join(' | ')}" is not one that check-grants.sql prints: paste the output of the page's check.`,
  );

/** The name the listed statements show for `defaultName`: the reader's own when they gave one (the last of names). */
export function shownName(names: NamesOf, defaultName: string): string {
  const all = names(defaultName);
  return all[all.length - 1];
}

/** An output of the page's check run for `found` (`the role etl`), not for the `kind` the statements name. */
export const checksAnother = (found: string, kind: string, expected: string): Verdict =>
  unreadable(
    `This output checks ${found}; the statements of this page are for the ${kind} ${expected}. Run the page's check for ${expected}.`,
  );

/** One row of a check's output: the requirement it proves, how the output names it, and whether it is in place. */
export type CheckedRow<Id extends string> = {id: Id; label: string; present: boolean};

/**
 * The verdict on the rows of an output. Every requirement of `mustAppear` needs a row: without one, the output is
 * cut off or comes from another query, and says nothing of that requirement, so it is not read as in place.
 */
export function verdictOf<Id extends string>(
  format: string,
  rows: CheckedRow<Id>[],
  requirements: Record<Id, Requirement>,
  mustAppear: Id[],
): Verdict {
  const absent = mustAppear.filter((id) => !rows.some((row) => row.id === id));
  if (absent.length > 0) {
    return unreadable(
      `This ${format} output has no row for ${absent.map((id) => requirements[id].what).join(', ')}: it is cut off, or it is the output of another query. Paste the whole output of the page's check.`,
    );
  }
  const missing: Missing[] = [];
  for (const id of Object.keys(requirements) as Id[]) {
    const labels = rows.filter((row) => row.id === id && !row.present).map((row) => row.label);
    if (labels.length > 0) missing.push({requirement: requirements[id], rows: labels});
  }
  return missing.length === 0 ? {kind: 'in-place', format, checked: rows.length} : {kind: 'missing', format, missing};
}

/**
 * The statements that put the missing requirements in place, in the page's order, each once; a context statement
 * only where the context changes.
 */
export function statementsFor(missing: Missing[]): Statement[] {
  const listed: Statement[] = [];
  let context: string | undefined;
  for (const statement of missing.flatMap(({requirement}) => requirement.statements)) {
    if (statement.setsContext) {
      if (statement.code !== context) listed.push(statement);
      context = statement.code;
    } else if (!listed.some((other) => other.code === statement.code)) {
      listed.push(statement);
    }
  }
  return listed;
}
