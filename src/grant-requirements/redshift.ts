// The Amazon Redshift page's Grant access (docs/configuring-datastore/redshift.md) and its check
// (check-grants.sql), four queries that psql prints one after the other: the privileges (`privilege | on_object |
// present`), the user's SYSLOG ACCESS, its session defaults, and the default privileges of the table creator.
import {booleanCell, readTables, tableWith, type Table} from '../client-output/tables';
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

/** The user the page's statements name; on Redshift Serverless with IAM, the page names the IAM user instead. */
export const USERS = ['vigil', 'IAMR:vigil-redshift'];

export const requirements = {
  usage: {what: 'USAGE on the schema', statements: [sql('GRANT USAGE ON SCHEMA sales TO vigil;')]},
  select: {
    what: 'SELECT on the tables and views',
    statements: [sql('GRANT SELECT ON ALL TABLES IN SCHEMA sales TO vigil;')],
  },
  defaults: {
    what: 'SELECT on tables created later (default privileges)',
    statements: [sql('ALTER DEFAULT PRIVILEGES FOR USER etl_loader IN SCHEMA sales GRANT SELECT ON TABLES TO vigil;')],
  },
  tableInfo: {what: 'SELECT on svv_table_info', statements: [sql('GRANT SELECT ON svv_table_info TO vigil;')]},
  syslog: {what: 'SYSLOG ACCESS UNRESTRICTED', statements: [sql('ALTER USER vigil SYSLOG ACCESS UNRESTRICTED;')]},
  transactions: {
    what: 'SELECT on sys_transaction_history',
    statements: [sql('GRANT SELECT ON sys_transaction_history TO vigil;')],
  },
  timeout: {what: 'the statement timeout', statements: [sql('ALTER USER vigil SET statement_timeout TO 900000;')]},
} satisfies Record<string, Requirement>;

type Id = keyof typeof requirements;

const FORMATS = "psql's four tables, as on this page";

function privilegeRow(privilege: string, onObject: string): Id | undefined {
  if (privilege === 'USAGE' && onObject.startsWith('schema ')) return 'usage';
  if (privilege !== 'SELECT') return undefined;
  if (onObject === 'svv_table_info') return 'tableInfo';
  if (onObject === 'sys_transaction_history') return 'transactions';
  if (/^(table|view) /.test(onObject)) return 'select';
  return undefined;
}

export const grantCheck: GrantCheck = {
  formats: FORMATS,
  check(output, names = defaultNames) {
    if (output.trim() === '') return unreadable(EMPTY_MESSAGE);
    const tables = readTables(output).filter((table) => table.format === 'psql aligned');
    const privileges = tableWith(tables, ['privilege', 'on_object', 'present']);
    const syslog = tableWith(tables, ['user_name', 'syslog_access']);
    const config = tableWith(tables, ['usename', 'useconfig']);
    const defaults = tableWith(tables, ['owner_name', 'schema_name', 'object_type', 'privilege_type', 'grantee_name']);
    if (!privileges || !syslog || !config || !defaults) {
      const absent = [
        [privileges, 'privilege, on_object, present'],
        [syslog, 'user_name, syslog_access'],
        [config, 'usename, useconfig'],
        [defaults, 'owner_name, schema_name, object_type, privilege_type, grantee_name'],
      ]
        .filter(([found]) => !found)
        .map(([, columns]) => `(${columns})`);
      return unreadable(
        `This is not the whole output of check-grants.sql. Expected ${FORMATS}; the tables with the columns ${absent.join(', ')} are missing.`,
      );
    }
    const cutOff = [privileges, syslog, config, defaults].some(({table}: {table: Table}) => !table.complete);
    if (cutOff) {
      return unreadable(
        "A table is cut off: psql's row count at its end is missing or does not match its rows. Paste the whole output.",
      );
    }
    const user = syslog.records[0]?.user_name;
    const users = USERS.flatMap((name) => names(name));
    const expected = shownName(names, USERS[0]);
    if (syslog.records.length !== 1 || !users.includes(user) || config.records[0]?.usename !== user) {
      return user === undefined
        ? unreadable(
            `The output has no row for the user ${expected}: the user does not exist, or the check names another user. Create the user as Grant access shows, then run the check again.`,
          )
        : checksAnother(`the user ${user}`, 'user', expected);
    }
    const rows: CheckedRow<Id>[] = [];
    for (const record of privileges.records) {
      const id = privilegeRow(record.privilege, record.on_object);
      const present = booleanCell(record.present);
      if (id === undefined || present === undefined) {
        return unknownRow([record.privilege, record.on_object, record.present]);
      }
      rows.push({id, label: `${record.privilege} on ${record.on_object}`, present});
    }
    const access = syslog.records[0].syslog_access;
    rows.push({id: 'syslog', label: `SYSLOG ACCESS of ${user} is ${access}`, present: access === 'UNRESTRICTED'});
    const settings = config.records[0].useconfig;
    rows.push({
      id: 'timeout',
      label: `the session defaults of ${user} are ${settings || 'empty'}`,
      present: /(^|[{,])statement_timeout=900000([,}]|$)/.test(settings),
    });
    rows.push({
      id: 'defaults',
      label: 'the default privileges of the table creator',
      present: defaults.records.some(
        (record) =>
          record.object_type === 'RELATION' && record.privilege_type === 'SELECT' && record.grantee_name === user,
      ),
    });
    return verdictOf('psql', rows, requirements, [
      'usage',
      'tableInfo',
      'transactions',
      'syslog',
      'timeout',
      'defaults',
    ]);
  },
};
