// The MySQL page's Grant access (docs/configuring-datastore/mysql.md, grant-access.sql) and its check
// (check-grants.sql): one row per requirement and account, `account | requirement | present`, 1 or 0.
import {booleanCell, readTables, tableWith} from '../client-output/tables';
import {
  checksAnother,
  CUT_OFF_TABLE_MESSAGE,
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

/** The user the page's statements create. */
export const USER = 'vigil';

export const requirements = {
  select: {what: 'SELECT on the database', statements: [sql("GRANT SELECT, SHOW VIEW ON analytics.* TO 'vigil'@'%';")]},
  showView: {
    what: 'SHOW VIEW on the database',
    statements: [sql("GRANT SELECT, SHOW VIEW ON analytics.* TO 'vigil'@'%';")],
  },
  requireSsl: {
    what: 'REQUIRE SSL',
    // The page creates the user with REQUIRE SSL; for a user that exists, ALTER USER sets the same clause.
    statements: [sql("ALTER USER 'vigil'@'%' REQUIRE SSL;")],
  },
  connectionLimit: {
    what: 'the connection limit',
    statements: [sql("ALTER USER 'vigil'@'%' WITH MAX_USER_CONNECTIONS 10;")],
  },
} satisfies Record<string, Requirement>;

type Id = keyof typeof requirements;

/** The check's `requirement` column: which requirement each row proves. */
function requirementOf(text: string): Id | undefined {
  if (/^SELECT ON \S+\.\*$/.test(text)) return 'select';
  if (/^SHOW VIEW ON \S+\.\*$/.test(text)) return 'showView';
  if (text === 'REQUIRE SSL') return 'requireSsl';
  if (text === 'MAX_USER_CONNECTIONS 10') return 'connectionLimit';
  return undefined;
}

const COLUMNS = ['account', 'requirement', 'present'];
const FORMATS = "the mysql client's table (mysql --table, as on this page) or its tab-separated batch output";

export const grantCheck: GrantCheck = {
  formats: FORMATS,
  check(output, names = defaultNames) {
    if (output.trim() === '') return unreadable(EMPTY_MESSAGE);
    const found = tableWith(readTables(output), COLUMNS);
    if (!found || (found.table.format !== 'bordered' && found.table.format !== 'tab-separated')) {
      return unreadable(
        `This is not the output of check-grants.sql as mysql prints it. Expected ${FORMATS}, with the columns ${COLUMNS.join(', ')}.`,
      );
    }
    if (found.table.complete === false) {
      return unreadable(CUT_OFF_TABLE_MESSAGE);
    }
    const rows: CheckedRow<Id>[] = [];
    for (const record of found.records) {
      const id = requirementOf(record.requirement);
      const present = booleanCell(record.present);
      if (id === undefined || present === undefined) {
        return unknownRow([record.account, record.requirement, record.present]);
      }
      const user = /^'(.*)'@'.*'$/.exec(record.account)?.[1];
      if (user === undefined || !names(USER).includes(user)) {
        return checksAnother(`the account ${record.account}`, 'user', shownName(names, USER));
      }
      rows.push({id, label: `${record.requirement} for ${record.account}`, present});
    }
    return verdictOf(found.table.format, rows, requirements, ['select', 'showView', 'requireSsl', 'connectionLimit']);
  },
};
