// The PostgreSQL page's Grant access (docs/configuring-datastore/postgresql.md, grant-access.sql) and its check
// (check-grants.sql): one row per grant or role setting, `privilege | on_object | granted`, as psql prints it.
import {booleanCell, readTables, tableWith} from '../client-output/tables';
import {
  checksAnother,
  defaultNames,
  EMPTY_MESSAGE,
  shownName,
  sql,
  unknownRow,
  unreadable,
  verdictOf,
  type CheckedRow,
  type GrantCheck,
  type Requirement,
} from './model';

/** The role the page's statements create and its check names. */
export const ROLE = 'vigil';

export const requirements = {
  connect: {what: 'CONNECT on the database', statements: [sql('GRANT CONNECT ON DATABASE analytics TO vigil;')]},
  usage: {what: 'USAGE on each schema', statements: [sql('GRANT USAGE ON SCHEMA public, sales TO vigil;')]},
  select: {
    what: 'SELECT on each table and view',
    statements: [sql('GRANT SELECT ON ALL TABLES IN SCHEMA public, sales TO vigil;')],
  },
  defaults: {
    what: 'SELECT on tables created later (default privileges)',
    statements: [
      sql('ALTER DEFAULT PRIVILEGES FOR ROLE etl_loader IN SCHEMA public, sales\n  GRANT SELECT ON TABLES TO vigil;'),
    ],
  },
  readOnly: {
    what: 'read-only sessions',
    statements: [sql('ALTER ROLE vigil SET default_transaction_read_only = on;')],
  },
  timeout: {what: 'the statement timeout', statements: [sql("ALTER ROLE vigil SET statement_timeout = '15min';")]},
  connectionLimit: {what: 'the connection limit', statements: [sql('ALTER ROLE vigil CONNECTION LIMIT 10;')]},
} satisfies Record<string, Requirement>;

type Id = keyof typeof requirements;

/** The check's `privilege` column: which requirement each row proves. */
const BY_PRIVILEGE: Record<string, Id> = {
  CONNECT: 'connect',
  USAGE: 'usage',
  SELECT: 'select',
  'SELECT by default': 'defaults',
  'default_transaction_read_only on': 'readOnly',
  'statement_timeout 15min': 'timeout',
  'CONNECTION LIMIT 10': 'connectionLimit',
};

const COLUMNS = ['privilege', 'on_object', 'granted'];
const FORMATS = "psql's table as the page shows it, or its unaligned output (psql -A)";

export const grantCheck: GrantCheck = {
  formats: FORMATS,
  check(output, names = defaultNames) {
    if (output.trim() === '') return unreadable(EMPTY_MESSAGE);
    const found = tableWith(readTables(output), COLUMNS);
    if (!found || found.table.format === 'tab-separated' || found.table.format === 'bordered') {
      return unreadable(
        `This is not the output of check-grants.sql as psql prints it. Expected ${FORMATS}, with the columns ${COLUMNS.join(', ')} and the row count at the end.`,
      );
    }
    if (!found.table.complete) {
      return unreadable(
        "The table is cut off: psql's row count at its end is missing or does not match its rows. Paste the whole output, down to the line (N rows).",
      );
    }
    const rows: CheckedRow<Id>[] = [];
    for (const record of found.records) {
      const id = BY_PRIVILEGE[record.privilege];
      const present = booleanCell(record.granted);
      if (id === undefined || present === undefined) {
        return unknownRow([record.privilege, record.on_object, record.granted]);
      }
      const role = /^role (.+)$/.exec(record.on_object)?.[1];
      if (role !== undefined && !names(ROLE).includes(role)) {
        return checksAnother(`the role ${role}`, 'role', shownName(names, ROLE));
      }
      rows.push({id, label: `${record.privilege} on ${record.on_object}`, present});
    }
    return verdictOf(found.table.format, rows, requirements, [
      'connect',
      'usage',
      'defaults',
      'readOnly',
      'timeout',
      'connectionLimit',
    ]);
  },
};
