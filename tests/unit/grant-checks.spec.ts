// The "Check the grants" sections of the PostgreSQL and MySQL pages, run as the pages print them against real servers
// that start in a temporary directory (tests/support/sql-servers.ts). Everything that is SQL or shell comes from the
// page: the setup of "Grant access" (the block titled grant-access.sql), the check (check-grants.sql), its expected
// output (check-grants.sql output) and the bash block that runs the check. Both servers speak TLS on a loopback port
// with a certificate signed by a certificate authority made for the test. The bash block runs with bash, from a
// directory that holds check-grants.sql, with only its <placeholders> replaced: the host the certificate names, the
// test's admin user, and the test CA's file; the port comes from the client's environment (PGPORT, MYSQL_TCP_PORT),
// and HOME is that directory, so no root.crt or option file of the machine's user takes part. The admin user is not
// a superuser: it runs the page's grant-access.sql, then the page's command, which checks the Vigil account by name.
// With the page's grants, the command prints exactly the page's output; with a grant revoked, its row, and only its
// row, turns to missing. With a CA file that does not exist, or with the certificate of another CA, the command fails
// on the certificate, which proves that it verifies the server with the file it names. A server that cannot start
// fails the test.
//
// PostgreSQL: the admin can create roles, owns the database and is a member of the role that creates tables, like
// the master user of a managed service. psql reads its password from PGPASSWORD, where a reader types it at psql's
// prompt. The server's certificate names localhost only, so the command also fails when <host> is 127.0.0.1:
// verify-full checks the name.
//
// MySQL runs on MariaDB 10.11, the server Debian ships, and the page's `mysql` is Debian's MariaDB client. The same
// statements work there: CREATE USER ... REQUIRE SSL, GRANT SELECT, SHOW VIEW ON analytics.*, ALTER USER ... WITH
// MAX_USER_CONNECTIONS, common table expressions, and the grant tables the check reads, mysql.db (Select_priv,
// Show_view_priv) and mysql.user (ssl_type, max_user_connections; in MariaDB a view over mysql.global_priv). The
// admin has CREATE USER, the privileges it grants with the GRANT OPTION, and SELECT on the mysql database; without
// that SELECT the check fails with ERROR 1142, as the page says. The command runs in a terminal (util-linux
// `script`), and the test types the admin's password at the client's "Enter password:" prompt, as a reader does: the
// client reads the answer from the terminal, and without one it would read check-grants.sql's first line as the
// password. What MariaDB's client cannot run: MySQL's --ssl-mode=VERIFY_IDENTITY, an option it does not know (it
// stops with "unknown variable"). The test replaces that option, and only it, with --ssl-verify-server-cert,
// MariaDB's option that verifies the server's certificate against --ssl-ca and the host name, which the page names
// for MariaDB's client; that MySQL's own client accepts --ssl-mode=VERIFY_IDENTITY with --ssl-ca, as the MySQL manual
// documents, is not run here. Nor is the host name check: the server's certificate names 127.0.0.1, and MariaDB's
// client takes `localhost` for its Unix socket. MySQL's caching_sha2_password plugin is not exercised either.
import {execFileSync, spawn, spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {codeBlocks, readMarkdown} from '../support/content';
import {certificateAuthorityArgs} from '../support/certificates';
import {startMariadb, startPostgres, type MariadbServer, type PostgresServer} from '../support/sql-servers';
import {statementsFor, type GrantCheck, type Requirement, type Verdict} from '../../src/grant-requirements/model';
import * as postgresqlGrants from '../../src/grant-requirements/postgresql';
import * as mysqlGrants from '../../src/grant-requirements/mysql';

type GrantCheckModule = {requirements: Record<string, Requirement>; grantCheck: GrantCheck};

/** The code block of `file` titled `title`, which must be unique. */
function pageBlock(file: string, title: string): string {
  const blocks = codeBlocks(readMarkdown(file).body).filter((block) => block.title === title);
  expect(
    blocks.map((block) => block.title),
    `${file}: one code block titled "${title}"`,
  ).toEqual([title]);
  return blocks[0].code;
}

/** The bash block of `file` that runs check-grants.sql, which must be unique. */
function checkCommand(file: string): string {
  const blocks = codeBlocks(readMarkdown(file).body).filter(
    (block) => block.language === 'bash' && block.code.includes('check-grants.sql'),
  );
  expect(blocks.length, `${file}: one bash block runs check-grants.sql`).toBe(1);
  return blocks[0].code;
}

/** `command` with each `<placeholder>` replaced by its value; the command's placeholders must be exactly those given. */
function withPlaceholders(command: string, values: Record<string, string>): string {
  const placeholders = [...new Set(command.match(/<[a-z][\w.-]*>/g))];
  expect(placeholders.sort(), 'the placeholders of the command').toEqual(Object.keys(values).sort());
  return placeholders.reduce((text, placeholder) => text.replaceAll(placeholder, values[placeholder]), command);
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

/**
 * Revokes one grant after another and checks, each time, that exactly the revoked rows report missing, and that
 * the page's grant check (src/grant-requirements), given the same output, names exactly the revoked requirements.
 * Then runs the statements the grant check lists, and the check reads all in place again.
 */
async function expectEachRevocationReported(
  check: () => Promise<string[]>,
  run: (sql: string) => void,
  grantCheck: Pick<GrantCheckModule, 'requirements' | 'grantCheck'>,
  revocations: {sql: string; row: string; requirement: string}[],
  present: string,
  missing: string,
) {
  const before = rowsOf(await check());
  const revoked = new Set<string>();
  const requirements = new Set<string>();
  const namesOf = (output: string[]) => {
    const verdict = grantCheck.grantCheck.check(output.join('\n'));
    expect(verdict.kind, JSON.stringify(verdict)).toBe('missing');
    const names = Object.entries(grantCheck.requirements);
    return {
      verdict,
      missing:
        verdict.kind === 'missing'
          ? verdict.missing.map(({requirement}) => names.find(([, candidate]) => candidate === requirement)?.[0])
          : [],
    };
  };
  let verdict: Verdict | undefined;
  for (const {sql, row, requirement} of revocations) {
    expect(before.get(row), `"${row}" is a row of the check`).toBe(present);
    run(sql);
    revoked.add(row);
    requirements.add(requirement);
    const output = await check();
    const after = rowsOf(output);
    expect([...after.keys()], `the check lists the same rows after ${sql}`).toEqual([...before.keys()]);
    for (const [key, value] of after) {
      expect(value, `${key} after ${sql}`).toBe(revoked.has(key) ? missing : present);
    }
    const found = namesOf(output);
    expect(found.missing.sort(), `the grant check after ${sql}`).toEqual([...requirements].sort());
    verdict = found.verdict;
  }
  if (verdict?.kind !== 'missing') throw new Error('no revocation');
  for (const statement of statementsFor(verdict.missing)) run(statement.code);
  expect(grantCheck.grantCheck.check((await check()).join('\n')), 'after the listed statements').toMatchObject({
    kind: 'in-place',
  });
}

/** What a reader's shell shows: the exit status, and what the command printed (stdout, then stderr for psql). */
type CommandRun = {status: number | null; output: string};

/**
 * A directory that holds the page's check-grants.sql and its command as check.sh, with a certificate authority that
 * signed nothing the servers present (`otherCaFile`), deleted by `remove()`.
 */
function readerDirectory(page: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-reader-'));
  writeFileSync(path.join(dir, 'check-grants.sql'), pageBlock(page, 'check-grants.sql'));
  const otherCaFile = path.join(dir, 'other-ca.pem');
  execFileSync(
    'openssl',
    certificateAuthorityArgs({
      keyFile: path.join(dir, 'other-ca-key.pem'),
      certFile: otherCaFile,
      commonName: 'Other CA',
    }),
    {stdio: 'ignore'},
  );
  return {
    dir,
    otherCaFile,
    /** Writes `command` as check.sh. */
    script(command: string) {
      writeFileSync(path.join(dir, 'check.sh'), command);
    },
    /** Only what the command needs from the test: PATH, HOME in this directory, and `env`. */
    env: (env: Record<string, string>) => ({
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: dir,
      LANG: 'C.UTF-8',
      ...env,
    }),
    remove: () => rmSync(dir, {recursive: true, force: true}),
  };
}

test.describe('PostgreSQL page: Check the grants', () => {
  const PAGE = 'docs/configuring-datastore/postgresql.md';
  const ADMIN = 'vigil_admin';
  const ADMIN_PASSWORD = 'Admin-password-1';
  let server: PostgresServer | undefined;
  let reader: ReturnType<typeof readerDirectory> | undefined;

  test.beforeAll(async () => {
    server = await startPostgres();
    reader = readerDirectory(PAGE);
  });
  test.afterAll(() => {
    reader?.remove();
    server?.stop();
  });

  test("the page's psql command prints the page's output with the grants of grant-access.sql, and each revoked grant as f", async () => {
    const postgres = server!;
    const shell = reader!;
    // The admin: like the master user of a managed service, it can create roles, owns the monitored database and
    // is a member of the role that creates tables ("Default privileges without a superuser"), but is no superuser.
    postgres.sql(
      `
      CREATE ROLE ${ADMIN} LOGIN CREATEROLE PASSWORD '${ADMIN_PASSWORD}';
      CREATE DATABASE analytics OWNER ${ADMIN};
      CREATE ROLE etl_loader;
      GRANT etl_loader TO ${ADMIN};
    `,
      {user: 'postgres', database: 'postgres'},
    );
    // The objects of the page's example output, created by the role its default privileges name.
    postgres.sql(
      `
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
    postgres.sql(grants.replace('<vigil-password>', 'Test-password-1'), {user: ADMIN, database: 'analytics'});

    const command = checkCommand(PAGE);
    const run = (values: {host: string; caFile: string; unaligned?: boolean}): CommandRun => {
      // -A: psql's unaligned output, which the page's grant check reads too.
      const printed = values.unaligned ? command.replace('-X -f', '-X -A -f') : command;
      shell.script(
        withPlaceholders(printed, {'<host>': values.host, '<admin-user>': ADMIN, '<ca-bundle.pem>': values.caFile}),
      );
      const result = spawnSync('bash', ['check.sh'], {
        cwd: shell.dir,
        env: shell.env({PGPORT: String(postgres.port), PGPASSWORD: ADMIN_PASSWORD}),
        encoding: 'utf8',
        timeout: 60_000,
      });
      return {status: result.status, output: result.stdout + result.stderr};
    };
    const check = (unaligned = false) => {
      const {status, output} = run({host: 'localhost', caFile: postgres.caFile, unaligned});
      expect(status, output).toBe(0);
      return lines(output);
    };
    expect(check()).toEqual(lines(pageBlock(PAGE, 'check-grants.sql output')));

    // The command verifies the server with the CA file it names, and the server's name.
    const missingCa = run({host: 'localhost', caFile: path.join(shell.dir, 'no-such-ca.pem')});
    expect(missingCa.status).not.toBe(0);
    expect(missingCa.output).toContain('root certificate file');
    const otherCa = run({host: 'localhost', caFile: shell.otherCaFile});
    expect(otherCa.status).not.toBe(0);
    expect(otherCa.output).toContain('certificate verify failed');
    const otherName = run({host: '127.0.0.1', caFile: postgres.caFile});
    expect(otherName.status).not.toBe(0);
    expect(otherName.output).toMatch(/server certificate for "localhost".* does not match host name "127\.0\.0\.1"/);

    // A table etl_loader creates later is readable through the default privileges, and listed.
    postgres.sql('SET ROLE etl_loader; CREATE TABLE sales.refunds (refund_id bigint, order_id bigint);', {
      user: 'postgres',
      database: 'analytics',
    });
    expect(rowsOf(check()).get('SELECT | table sales.refunds')).toBe('t');

    // The grant check reads psql's unaligned output as well: all in place, then one grant missing.
    const asSql = (sql: string) => postgres.sql(sql, {user: ADMIN, database: 'analytics'});
    expect(postgresqlGrants.grantCheck.check(check(true).join('\n'))).toMatchObject({kind: 'in-place', checked: 12});
    asSql('REVOKE SELECT ON public.customers FROM vigil;');
    const unaligned = postgresqlGrants.grantCheck.check(check(true).join('\n'));
    expect(unaligned.kind === 'missing' && unaligned.missing.map(({requirement}) => requirement)).toEqual([
      postgresqlGrants.requirements.select,
    ]);
    asSql('GRANT SELECT ON public.customers TO vigil;');

    await expectEachRevocationReported(
      async () => check(),
      asSql,
      postgresqlGrants,
      [
        {sql: 'REVOKE SELECT ON sales.orders FROM vigil;', row: 'SELECT | table sales.orders', requirement: 'select'},
        {sql: 'REVOKE USAGE ON SCHEMA sales FROM vigil;', row: 'USAGE | schema sales', requirement: 'usage'},
        {
          sql: 'ALTER DEFAULT PRIVILEGES FOR ROLE etl_loader IN SCHEMA public REVOKE SELECT ON TABLES FROM vigil;',
          row: 'SELECT by default | new tables of etl_loader in public',
          requirement: 'defaults',
        },
        {
          sql: 'ALTER ROLE vigil RESET default_transaction_read_only;',
          row: 'default_transaction_read_only on | role vigil',
          requirement: 'readOnly',
        },
        {
          sql: 'ALTER ROLE vigil RESET statement_timeout;',
          row: 'statement_timeout 15min | role vigil',
          requirement: 'timeout',
        },
        {
          sql: 'ALTER ROLE vigil CONNECTION LIMIT -1;',
          row: 'CONNECTION LIMIT 10 | role vigil',
          requirement: 'connectionLimit',
        },
      ],
      't',
      'f',
    );
  });
});

/**
 * Runs `bash check.sh` in `dir` in a terminal (util-linux `script`) and types `password` at the client's
 * "Enter password:" prompt. The output is what the terminal shows, stdout and stderr together, with \n line ends.
 */
function runInTerminal(dir: string, env: NodeJS.ProcessEnv, password: string): Promise<CommandRun> {
  if (!existsSync('/usr/bin/script')) throw new Error("/usr/bin/script is missing: install Debian's bsdutils package");
  return new Promise((resolve, reject) => {
    const terminal = spawn('/usr/bin/script', ['--quiet', '--return', '--command', 'bash check.sh', '/dev/null'], {
      cwd: dir,
      env,
    });
    const timer = setTimeout(() => terminal.kill('SIGKILL'), 60_000);
    let output = '';
    let answered = false;
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (!answered && output.includes('Enter password: ')) {
        answered = true;
        terminal.stdin.write(`${password}\n`);
      }
    };
    terminal.stdout.on('data', read);
    terminal.stderr.on('data', read);
    terminal.on('error', reject);
    terminal.on('close', (status) => {
      clearTimeout(timer);
      resolve({status, output: output.replace(/\r\n/g, '\n')});
    });
  });
}

test.describe('MySQL page: Check the grants (on MariaDB)', () => {
  const PAGE = 'docs/configuring-datastore/mysql.md';
  const ADMIN = 'vigil_admin';
  const ADMIN_PASSWORD = 'Admin-password-1';
  let server: MariadbServer | undefined;
  let reader: ReturnType<typeof readerDirectory> | undefined;

  test.beforeAll(async () => {
    server = await startMariadb();
    reader = readerDirectory(PAGE);
  });
  test.afterAll(async () => {
    reader?.remove();
    await server?.stop();
  });

  test("the page's mysql command prints the page's output with the grants of grant-access.sql, and each revoked grant as 0", async () => {
    const mariadb = server!;
    const shell = reader!;
    mariadb.rootSql(`
      CREATE DATABASE analytics;
      CREATE TABLE analytics.orders (order_id BIGINT, amount DECIMAL(12, 2), currency CHAR(3), updated_at DATETIME);
      CREATE VIEW analytics.daily_revenue AS SELECT DATE(updated_at) AS day, SUM(amount) AS revenue FROM analytics.orders GROUP BY 1;
    `);
    // The admin has what the page's prerequisites and the check name, and no more: CREATE USER, the privileges it
    // grants with the GRANT OPTION on the monitored database, and SELECT on the mysql system database.
    mariadb.rootSql(`
      CREATE USER '${ADMIN}'@'%' IDENTIFIED BY '${ADMIN_PASSWORD}';
      GRANT CREATE USER ON *.* TO '${ADMIN}'@'%';
      GRANT SELECT, SHOW VIEW ON analytics.* TO '${ADMIN}'@'%' WITH GRANT OPTION;
      GRANT SELECT ON mysql.* TO '${ADMIN}'@'%';
    `);
    const grants = pageBlock(PAGE, 'grant-access.sql');
    expect(grants).toContain("'<vigil-password>'");
    mariadb.sql(grants.replace('<vigil-password>', 'Test-password-1'), {user: ADMIN, password: ADMIN_PASSWORD});

    // MariaDB's client does not know MySQL's --ssl-mode; the header says why this one option is replaced.
    const command = checkCommand(PAGE);
    expect(command.match(/--ssl-mode=VERIFY_IDENTITY/g), 'the command verifies the server').toHaveLength(1);
    const onMariadb = command.replace('--ssl-mode=VERIFY_IDENTITY', '--ssl-verify-server-cert');
    const run = (caFile: string, batch = false): Promise<CommandRun> => {
      // Without --table, the client prints tab-separated rows (its batch format), which the grant check reads too.
      const printed = batch ? onMariadb.replace(' --table', '') : onMariadb;
      shell.script(
        withPlaceholders(printed, {'<host>': '127.0.0.1', '<admin-user>': ADMIN, '<ca-bundle.pem>': caFile}),
      );
      return runInTerminal(shell.dir, shell.env({MYSQL_TCP_PORT: String(mariadb.port)}), ADMIN_PASSWORD);
    };
    const check = async (batch = false) => {
      const {status, output} = await run(mariadb.caFile, batch);
      expect(status, output).toBe(0);
      const [prompt, ...table] = lines(output);
      expect(prompt, 'the client asked for the password').toBe('Enter password:');
      return table;
    };
    expect(await check()).toEqual(lines(pageBlock(PAGE, 'check-grants.sql output')));

    // The command verifies the server with the CA file it names.
    const missingCa = await run(path.join(shell.dir, 'no-such-ca.pem'));
    expect(missingCa.status).not.toBe(0);
    expect(missingCa.output).toContain('TLS/SSL error');
    const otherCa = await run(shell.otherCaFile);
    expect(otherCa.status).not.toBe(0);
    expect(otherCa.output).toContain('TLS/SSL error: unable to get local issuer certificate');

    // The grant check reads the batch format as well: all in place, then one grant missing.
    expect(mysqlGrants.grantCheck.check((await check(true)).join('\n'))).toMatchObject({kind: 'in-place', checked: 4});
    mariadb.rootSql("ALTER USER 'vigil'@'%' REQUIRE NONE;");
    const batch = mysqlGrants.grantCheck.check((await check(true)).join('\n'));
    expect(batch.kind === 'missing' && batch.missing.map(({requirement}) => requirement)).toEqual([
      mysqlGrants.requirements.requireSsl,
    ]);
    mariadb.rootSql("ALTER USER 'vigil'@'%' REQUIRE SSL;");

    await expectEachRevocationReported(
      check,
      (sql) => mariadb.rootSql(sql),
      mysqlGrants,
      [
        {
          sql: "REVOKE SHOW VIEW ON analytics.* FROM 'vigil'@'%';",
          row: "'vigil'@'%' | SHOW VIEW ON analytics.*",
          requirement: 'showView',
        },
        {
          sql: "ALTER USER 'vigil'@'%' WITH MAX_USER_CONNECTIONS 0;",
          row: "'vigil'@'%' | MAX_USER_CONNECTIONS 10",
          requirement: 'connectionLimit',
        },
        {sql: "ALTER USER 'vigil'@'%' REQUIRE NONE;", row: "'vigil'@'%' | REQUIRE SSL", requirement: 'requireSsl'},
        {
          sql: "REVOKE SELECT ON analytics.* FROM 'vigil'@'%';",
          row: "'vigil'@'%' | SELECT ON analytics.*",
          requirement: 'select',
        },
      ],
      '1',
      '0',
    );

    // The check reads the grant tables, which takes SELECT on the mysql system database.
    mariadb.rootSql(`REVOKE SELECT ON mysql.* FROM '${ADMIN}'@'%';`);
    const withoutGrantTables = await run(mariadb.caFile);
    expect(withoutGrantTables.status).not.toBe(0);
    expect(withoutGrantTables.output).toContain('ERROR 1142 (42000)');
    expect(withoutGrantTables.output).toContain('SELECT command denied to user');
  });
});
