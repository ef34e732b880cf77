// The Databricks page's Unity Catalog grants (docs/configuring-datastore/databricks.md) and its check,
// SHOW GRANTS `<application ID>` ON CATALOG main: one row per privilege the principal holds on the catalog,
// `principal | actionType | objectType | objectKey`, from the SQL editor or from the SQL Statement Execution API
// through the Databricks CLI.
import {property, readJsonValues} from '../client-output/json-values';
import {readSpaceAligned, readTables, tableWith} from '../client-output/tables';
import {
  defaultNames,
  EMPTY_MESSAGE,
  shownName,
  sql,
  unreadable,
  verdictOf,
  type CheckedRow,
  type GrantCheck,
  type Requirement,
} from './model';

/** The application ID of the service principal, as the page names it. */
export const PRINCIPAL = '4a1d8f2e-7c3b-4e5a-9b6d-0f2c8e1a7d35';
const CATALOG = 'main';

export const requirements = {
  useCatalog: {
    what: 'USE CATALOG on the catalog',
    statements: [sql('GRANT USE CATALOG ON CATALOG main TO `4a1d8f2e-7c3b-4e5a-9b6d-0f2c8e1a7d35`;')],
  },
  useSchema: {
    what: 'USE SCHEMA on the catalog',
    statements: [sql('GRANT USE SCHEMA ON CATALOG main TO `4a1d8f2e-7c3b-4e5a-9b6d-0f2c8e1a7d35`;')],
  },
  select: {
    what: 'SELECT on the catalog',
    statements: [sql('GRANT SELECT ON CATALOG main TO `4a1d8f2e-7c3b-4e5a-9b6d-0f2c8e1a7d35`;')],
  },
  browse: {
    what: 'BROWSE on the catalog',
    statements: [sql('GRANT BROWSE ON CATALOG main TO `4a1d8f2e-7c3b-4e5a-9b6d-0f2c8e1a7d35`;')],
  },
} satisfies Record<string, Requirement>;

type Id = keyof typeof requirements;

const BY_ACTION: Record<string, Id> = {
  'USE CATALOG': 'useCatalog',
  'USE SCHEMA': 'useSchema',
  SELECT: 'select',
  BROWSE: 'browse',
};

const COLUMNS = ['principal', 'actionType', 'objectType', 'objectKey'];
const FORMATS =
  "the SQL editor's rows (as on this page, or copied from its results, tab-separated), or the JSON of the Databricks CLI's call (the page's jq lines, or the whole response)";

/** The rows of the output and the format it was read in, or a message. */
function rowsOf(output: string): {format: string; rows: string[][]} | string {
  const json = readJsonValues(output);
  if (json) {
    // The whole response of the SQL Statement Execution API, or the page's jq -c lines: the state, then each row.
    const response = json.length === 1 && typeof json[0] === 'object' ? json[0] : undefined;
    const state = response !== undefined ? property(property(response, 'status'), 'state') : json[0];
    const rows = response !== undefined ? property(property(response, 'result'), 'data_array') : json.slice(1);
    if (typeof state !== 'string') return `The JSON has no statement state. Expected ${FORMATS}.`;
    if (state !== 'SUCCEEDED') {
      return `The statement's state is ${state}, not SUCCEEDED: it has no rows yet. Run the command again once the warehouse runs.`;
    }
    const data = rows ?? [];
    if (
      !Array.isArray(data) ||
      !data.every((row) => Array.isArray(row) && row.every((cell) => typeof cell === 'string'))
    ) {
      return `The JSON's rows are not arrays of strings. Expected ${FORMATS}.`;
    }
    return {format: 'Databricks CLI JSON', rows: data as string[][]};
  }
  const copied = tableWith(readTables(output), COLUMNS);
  if (copied?.table.format === 'tab-separated') return {format: 'tab-separated', rows: copied.table.rows};
  const {rows, unread} = readSpaceAligned(output, COLUMNS.length);
  const header = rows[0]?.every((cell, index) => cell === COLUMNS[index]);
  if (!header || unread.length > 0) {
    return `This is not the output of check-grants.sql. Expected ${FORMATS}, with the columns ${COLUMNS.join(', ')}.`;
  }
  return {format: 'SQL editor', rows: rows.slice(1)};
}

export const grantCheck: GrantCheck = {
  formats: FORMATS,
  check(output, names = defaultNames) {
    if (output.trim() === '') return unreadable(EMPTY_MESSAGE);
    const read = rowsOf(output);
    if (typeof read === 'string') return unreadable(read);
    const held = new Set<Id>();
    for (const [principal, actionType, objectType, objectKey] of read.rows) {
      const principals = names(PRINCIPAL);
      if (!principals.includes(principal)) {
        return unreadable(
          `This output lists the privileges of ${principal}; the statements of this page are for the service principal ${shownName(names, PRINCIPAL)}. Run the page's check for it.`,
        );
      }
      if (objectType !== 'CATALOG' || objectKey !== CATALOG) {
        return unreadable(
          `This output lists privileges on ${objectType} ${objectKey}; the page's check lists those on CATALOG ${CATALOG}.`,
        );
      }
      const id = BY_ACTION[actionType];
      if (id) held.add(id);
    }
    // SHOW GRANTS lists only what the principal holds: a privilege without a row is missing.
    const rows: CheckedRow<Id>[] = (Object.keys(requirements) as Id[]).map((id) => ({
      id,
      label: `${Object.keys(BY_ACTION).find((action) => BY_ACTION[action] === id)} on CATALOG ${CATALOG}`,
      present: held.has(id),
    }));
    return verdictOf(read.format, rows, requirements, []);
  },
};
