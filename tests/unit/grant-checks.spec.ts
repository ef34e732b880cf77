// The "Check the grants" sections of the PostgreSQL and MySQL pages, run against real servers that start in a
// temporary directory (tests/support/sql-servers.ts). Everything that is SQL comes from the page: the setup of
// "Grant access" (the block titled grant-access.sql), the check (check-grants.sql) and its expected output
// (check-grants.sql output). With the page's grants, the check prints exactly the page's output; with a grant
// revoked, its row, and only its row, turns to missing. A server that cannot start fails the test.
//
// MySQL runs on MariaDB 10.11, the server Debian ships. The same statements work there: CREATE USER ... REQUIRE SSL,
// GRANT SELECT, SHOW VIEW ON analytics.*, ALTER USER ... WITH MAX_USER_CONNECTIONS, information_schema.SCHEMA_PRIVILEGES,
// the session value of max_user_connections and SHOW CREATE USER CURRENT_USER(). What MariaDB cannot show: MySQL's
// `<secret>` in place of the password hash in SHOW CREATE USER (MariaDB prints the hash) and the order of its other
// clauses (the test looks only for REQUIRE SSL and MAX_USER_CONNECTIONS 10), the caching_sha2_password plugin, and the
// mysql client's --ssl-mode option of the page's command (the MariaDB client connects with --ssl).
import {expect, test} from '@playwright/test';
import {codeBlocks, readMarkdown} from '../support/content';
import {startMariadb, startPostgres, type MariadbServer, type PostgresServer} from '../support/sql-servers';

/** The code block of `file` titled `title`, which must be unique. */
function pageBlock(file: string, title: string): string {
  const blocks = codeBlocks(readMarkdown(file).body).filter((block) => block.title === title);
  expect(
    blocks.map((block) => block.title),
    `${file}: one code block titled "${title}"`,
  ).toEqual([title]);
  return blocks[0].code;
}

/** Lines without trailing blanks, and no blank lines at the end. */
function lines(text: string): string[] {
  const result = text.split('\n').map((line) => line.trimEnd());
  while (result.length && result[result.length - 1] === '') result.pop();
  return result;
}

/** The rows of a table the client printed (psql aligned or mysql --table): "first column | second column" → last column. */
function rowsOf(table: string[]): Map<string, string> {
  const cells = table
    .filter((line) => line.includes('|'))
    .map((line) =>
      line
        .replace(/^\|/, '')
        .replace(/\|$/, '')
        .split('|')
        .map((cell) => cell.trim()),
    );
  return new Map(cells.slice(1).map((row) => [`${row[0]} | ${row[1]}`, row[row.length - 1]]));
}

/** Revokes one grant after another and checks, each time, that exactly the revoked rows report missing. */
function expectEachRevocationReported(
  check: () => Map<string, string>,
  revoke: (sql: string) => void,
  revocations: {sql: string; row: string}[],
  present: string,
  missing: string,
) {
  const before = check();
  const revoked = new Set<string>();
  for (const {sql, row} of revocations) {
    expect(before.get(row), `"${row}" is a row of the check`).toBe(present);
    revoke(sql);
    revoked.add(row);
    const after = check();
    expect([...after.keys()], `the check lists the same rows after ${sql}`).toEqual([...before.keys()]);
    for (const [key, value] of after) {
      expect(value, `${key} after ${sql}`).toBe(revoked.has(key) ? missing : present);
    }
  }
}

test.describe('PostgreSQL page: Check the grants', () => {
  const PAGE = 'docs/configuring-datastore/postgresql.md';
  let server: PostgresServer | undefined;

  test.beforeAll(() => {
    server = startPostgres();
  });
  test.afterAll(() => server?.stop());

  test("check-grants.sql prints the page's output with the grants of grant-access.sql, and each revoked grant as f", () => {
    const postgres = server!;
    postgres.sql('CREATE DATABASE analytics;', {user: 'postgres', database: 'postgres'});
    // The objects of the page's example output, created by the role its default privileges name.
    postgres.sql(
      `
      CREATE ROLE etl_loader;
      CREATE SCHEMA sales AUTHORIZATION etl_loader;
      GRANT CREATE ON SCHEMA public TO etl_loader;
      SET ROLE etl_loader;
      CREATE TABLE public.customers (customer_id bigint PRIMARY KEY, country_code text);
      CREATE TABLE sales.orders (order_id bigint, customer_id bigint, amount numeric(12, 2), currency text, updated_at timestamp);
      CREATE VIEW sales.daily_revenue AS SELECT updated_at::date AS day, sum(amount) AS revenue FROM sales.orders GROUP BY 1;
    `,
      {user: 'postgres', database: 'analytics'},
    );
    const grants = pageBlock(PAGE, 'grant-access.sql');
    expect(grants).toContain("'<vigil-password>'");
    postgres.sql(grants.replace('<vigil-password>', 'Test-password-1'), {user: 'postgres', database: 'analytics'});

    const checkSql = pageBlock(PAGE, 'check-grants.sql');
    const check = () => lines(postgres.sql(checkSql, {user: 'vigil', database: 'analytics'}));
    expect(check()).toEqual(lines(pageBlock(PAGE, 'check-grants.sql output')));

    // A table etl_loader creates later is readable through the default privileges, and listed.
    postgres.sql('SET ROLE etl_loader; CREATE TABLE sales.refunds (refund_id bigint, order_id bigint);', {
      user: 'postgres',
      database: 'analytics',
    });
    expect(rowsOf(check()).get('SELECT | table sales.refunds')).toBe('t');

    expectEachRevocationReported(
      () => rowsOf(check()),
      (sql) => postgres.sql(sql, {user: 'postgres', database: 'analytics'}),
      [
        {sql: 'REVOKE SELECT ON sales.orders FROM vigil;', row: 'SELECT | table sales.orders'},
        {sql: 'REVOKE USAGE ON SCHEMA sales FROM vigil;', row: 'USAGE | schema sales'},
        {
          sql: 'ALTER DEFAULT PRIVILEGES FOR ROLE etl_loader IN SCHEMA public REVOKE SELECT ON TABLES FROM vigil;',
          row: 'SELECT by default | new tables of etl_loader in public',
        },
        {
          sql: 'ALTER ROLE vigil RESET default_transaction_read_only;',
          row: 'default_transaction_read_only on | role vigil',
        },
        {sql: 'ALTER ROLE vigil RESET statement_timeout;', row: 'statement_timeout 15min | role vigil'},
        {sql: 'ALTER ROLE vigil CONNECTION LIMIT -1;', row: 'CONNECTION LIMIT 10 | role vigil'},
      ],
      't',
      'f',
    );
  });
});

test.describe('MySQL page: Check the grants (on MariaDB)', () => {
  const PAGE = 'docs/configuring-datastore/mysql.md';
  const PASSWORD = 'Test-password-1';
  let server: MariadbServer | undefined;

  test.beforeAll(async () => {
    server = await startMariadb();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("check-grants.sql prints the page's output with the grants of grant-access.sql, and each revoked grant as 0", () => {
    const mariadb = server!;
    mariadb.rootSql(`
      CREATE DATABASE analytics;
      CREATE TABLE analytics.orders (order_id BIGINT, amount DECIMAL(12, 2), currency CHAR(3), updated_at DATETIME);
      CREATE VIEW analytics.daily_revenue AS SELECT DATE(updated_at) AS day, SUM(amount) AS revenue FROM analytics.orders GROUP BY 1;
    `);
    const grants = pageBlock(PAGE, 'grant-access.sql');
    expect(grants).toContain("'<vigil-password>'");
    mariadb.rootSql(grants.replace('<vigil-password>', PASSWORD));

    const checkSql = pageBlock(PAGE, 'check-grants.sql');
    // The first table is the privilege list; SHOW CREATE USER prints the second.
    const check = () => {
      const output = lines(mariadb.sql(checkSql, {user: 'vigil', password: PASSWORD}));
      const end = output.map((line, index) => (line.startsWith('+') ? index : -1)).filter((index) => index >= 0)[2];
      return {privileges: output.slice(0, end + 1), createUser: output.slice(end + 1).join('\n')};
    };
    const {privileges, createUser} = check();
    expect(privileges).toEqual(lines(pageBlock(PAGE, 'check-grants.sql output')));
    expect(createUser).toContain('REQUIRE SSL');
    expect(createUser).toContain('WITH MAX_USER_CONNECTIONS 10');

    expectEachRevocationReported(
      () => rowsOf(check().privileges),
      (sql) => mariadb.rootSql(sql),
      [
        {sql: "REVOKE SHOW VIEW ON analytics.* FROM 'vigil'@'%';", row: 'SHOW VIEW | analytics.*'},
        {sql: "ALTER USER 'vigil'@'%' WITH MAX_USER_CONNECTIONS 0;", row: 'MAX_USER_CONNECTIONS 10 | vigil@%'},
        {sql: "REVOKE SELECT ON analytics.* FROM 'vigil'@'%';", row: 'SELECT | analytics.*'},
      ],
      '1',
      '0',
    );
    mariadb.rootSql("ALTER USER 'vigil'@'%' REQUIRE NONE;");
    expect(check().createUser).not.toContain('REQUIRE SSL');
  });
});
