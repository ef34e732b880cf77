// The Snowflake page's Grant access (docs/configuring-datastore/snowflake.md) and the first part of its check
// (check-grants.sql): SHOW GRANTS TO ROLE compared with the page's grants, one row per privilege and object kind,
// `PRIVILEGE | GRANTED_ON | NAME | GRANTS | PRESENT`. The role is not in that output; the second and third parts
// of the check (the role's user, the future grants) are read on the page.
import {booleanCell, readTables, tableWith} from '../client-output/tables';
import {
  CUT_OFF_TABLE_MESSAGE,
  EMPTY_MESSAGE,
  sql,
  unknownRow,
  unreadable,
  verdictOf,
  type CheckedRow,
  type GrantCheck,
  type Requirement,
} from './model';

const asSysadmin = sql('USE ROLE SYSADMIN;', true);
const asSecurityadmin = sql('USE ROLE SECURITYADMIN;', true);

export const requirements = {
  warehouseUsage: {
    what: 'USAGE on the warehouse',
    statements: [asSysadmin, sql('GRANT USAGE, MONITOR ON WAREHOUSE VIGIL_WH TO ROLE VIGIL_ROLE;')],
  },
  warehouseMonitor: {
    what: 'MONITOR on the warehouse',
    statements: [asSysadmin, sql('GRANT USAGE, MONITOR ON WAREHOUSE VIGIL_WH TO ROLE VIGIL_ROLE;')],
  },
  database: {
    what: 'USAGE on the database',
    statements: [asSecurityadmin, sql('GRANT USAGE ON DATABASE ANALYTICS TO ROLE VIGIL_ROLE;')],
  },
  schemas: {
    what: 'USAGE on the schemas',
    statements: [asSecurityadmin, sql('GRANT USAGE ON ALL SCHEMAS IN DATABASE ANALYTICS TO ROLE VIGIL_ROLE;')],
  },
  tables: {
    what: 'SELECT on the tables',
    statements: [asSecurityadmin, sql('GRANT SELECT ON ALL TABLES IN DATABASE ANALYTICS TO ROLE VIGIL_ROLE;')],
  },
  views: {
    what: 'SELECT on the views',
    statements: [asSecurityadmin, sql('GRANT SELECT ON ALL VIEWS IN DATABASE ANALYTICS TO ROLE VIGIL_ROLE;')],
  },
} satisfies Record<string, Requirement>;

type Id = keyof typeof requirements;

/** The check's `PRIVILEGE` and `GRANTED_ON` columns: which requirement each row proves. */
const BY_PRIVILEGE_AND_KIND: Record<string, Id> = {
  'USAGE WAREHOUSE': 'warehouseUsage',
  'MONITOR WAREHOUSE': 'warehouseMonitor',
  'USAGE DATABASE': 'database',
  'USAGE SCHEMA': 'schemas',
  'SELECT TABLE': 'tables',
  'SELECT VIEW': 'views',
};

const COLUMNS = ['PRIVILEGE', 'GRANTED_ON', 'NAME', 'GRANTS', 'PRESENT'];
const FORMATS = "snowsql's table (as on this page) or the rows copied from Snowsight's results, tab-separated";

export const grantCheck: GrantCheck = {
  formats: FORMATS,
  check(output) {
    if (output.trim() === '') return unreadable(EMPTY_MESSAGE);
    const found = tableWith(readTables(output), COLUMNS);
    if (!found || (found.table.format !== 'bordered' && found.table.format !== 'tab-separated')) {
      return unreadable(
        `This is not the output of the last statement of check-grants.sql. Expected ${FORMATS}, with the columns ${COLUMNS.join(', ')}.`,
      );
    }
    if (found.table.complete === false) {
      return unreadable(CUT_OFF_TABLE_MESSAGE);
    }
    const rows: CheckedRow<Id>[] = [];
    for (const record of found.records) {
      const id = BY_PRIVILEGE_AND_KIND[`${record.PRIVILEGE} ${record.GRANTED_ON}`];
      const present = booleanCell(record.PRESENT);
      if (id === undefined || present === undefined) {
        return unknownRow([record.PRIVILEGE, record.GRANTED_ON, record.NAME]);
      }
      rows.push({id, label: `${record.PRIVILEGE} on ${record.GRANTED_ON} ${record.NAME}`, present});
    }
    return verdictOf(found.table.format, rows, requirements, Object.keys(requirements) as Id[]);
  },
};
