// The grant check of the datastore pages (src/grant-requirements, read by src/components/GrantCheck). First, what
// each checker requires is the page's own: every statement it lists is one of the page's Grant access, and every
// grant statement of Grant access is one it lists (or one the page's check does not read, with the reason). Then,
// for each datastore, the outputs of its check in each format its client prints: the page's expected output reads
// as all in place; with one requirement missing (a row turned false, or gone), exactly that requirement and its
// statements come back; empty, cut-off, garbage, another query's and another principal's outputs get a message,
// never "in place". PostgreSQL and MySQL outputs of real servers are checked in grant-checks.spec.ts.
import {readdirSync, readFileSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {codeBlocks, readMarkdown, type CodeBlock} from '../support/content';
import {statementsFor, type GrantCheck, type Requirement, type Verdict} from '../../src/grant-requirements/model';
import * as postgresql from '../../src/grant-requirements/postgresql';
import * as mysql from '../../src/grant-requirements/mysql';
import * as snowflake from '../../src/grant-requirements/snowflake';
import * as redshift from '../../src/grant-requirements/redshift';
import * as databricks from '../../src/grant-requirements/databricks';
import * as bigquery from '../../src/grant-requirements/bigquery';
import * as s3 from '../../src/grant-requirements/s3';
import * as kafka from '../../src/grant-requirements/kafka';
import {GRANT_CHECKS} from '../../src/grant-requirements';

type Checker = {requirements: Record<string, Requirement>; grantCheck: GrantCheck};

const page = (name: string) => `docs/configuring-datastore/${name}.md`;

/** The code blocks of the page's section under `heading` (down to the next heading of the same level). */
function sectionBlocks(file: string, heading: string): CodeBlock[] {
  const body = readMarkdown(file).body;
  const level = heading.split(' ')[0];
  const start = body.indexOf(`\n${heading}\n`);
  expect(start, `${file}: a section "${heading}"`).toBeGreaterThanOrEqual(0);
  const rest = body.slice(start + heading.length + 2);
  const end = rest.search(new RegExp(`^${level} `, 'm'));
  return codeBlocks(end < 0 ? rest : rest.slice(0, end));
}

function titledBlock(file: string, title: string): string {
  const blocks = codeBlocks(readMarkdown(file).body).filter((block) => block.title === title);
  expect(blocks.length, `${file}: one block titled ${title}`).toBe(1);
  return blocks[0].code;
}

const normalized = (sql: string) => sql.replace(/\s+/g, ' ').trim();

/** The SQL statements of blocks, comments dropped, each normalized to single spaces. */
function sqlStatements(blocks: CodeBlock[]): string[] {
  return blocks
    .filter((block) => block.language === 'sql')
    .flatMap((block) =>
      block.code
        .split('\n')
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n')
        .split(/;\s*(?:\n|$)/)
        .map((statement) => normalized(statement))
        .filter(Boolean)
        .map((statement) => `${statement};`),
    );
}

const grantStatements = (statements: string[]) =>
  statements.filter((statement) => /^(GRANT|ALTER|REVOKE) /.test(statement));

/** Every non-context statement of the checker, normalized (SQL) or as written (commands, policy statements). */
const listed = (checker: Checker, language: string) =>
  Object.values(checker.requirements).flatMap((requirement) =>
    requirement.statements.filter((statement) => statement.language === language && !statement.setsContext),
  );

test.describe('what each checker requires is the page’s Grant access', () => {
  // The SQL pages: the checker's statements are the page's grant statements, both ways, but for those named.
  const sqlPages: {name: string; checker: Checker; blocks: () => CodeBlock[]; notRead: Record<string, string>}[] = [
    {
      name: 'postgresql',
      checker: postgresql,
      blocks: () => [
        {language: 'sql', title: undefined, code: titledBlock(page('postgresql'), 'grant-access.sql'), line: 0},
      ],
      notRead: {},
    },
    {
      name: 'mysql',
      checker: mysql,
      blocks: () => [
        {language: 'sql', title: undefined, code: titledBlock(page('mysql'), 'grant-access.sql'), line: 0},
      ],
      notRead: {},
    },
    {
      name: 'snowflake',
      checker: snowflake,
      // The resource monitor of Grant access caps cost; it grants nothing.
      blocks: () => [
        ...sectionBlocks(page('snowflake'), '### Create the role, warehouse and user'),
        ...sectionBlocks(page('snowflake'), '### Grant read access to the data'),
      ],
      notRead: {
        'GRANT ROLE VIGIL_ROLE TO USER VIGIL_USER;': 'the second part of the check, read on the page',
        'GRANT USAGE ON FUTURE SCHEMAS IN DATABASE ANALYTICS TO ROLE VIGIL_ROLE;': 'future grants: the third part',
        'GRANT SELECT ON FUTURE TABLES IN DATABASE ANALYTICS TO ROLE VIGIL_ROLE;': 'future grants: the third part',
        'GRANT SELECT ON FUTURE VIEWS IN DATABASE ANALYTICS TO ROLE VIGIL_ROLE;': 'future grants: the third part',
      },
    },
    {
      name: 'redshift',
      checker: redshift,
      blocks: () => sectionBlocks(page('redshift'), '### Create the user and grant read access'),
      notRead: {},
    },
    {
      name: 'databricks',
      checker: databricks,
      blocks: () => sectionBlocks(page('databricks'), '### Grant Unity Catalog privileges'),
      notRead: {},
    },
  ];
  for (const {name, checker, blocks, notRead} of sqlPages) {
    test(`${name}: the checker's SQL statements are the page's grant statements`, () => {
      const page = sqlStatements(blocks());
      const mine = listed(checker, 'sql').map((statement) => normalized(statement.code));
      // MySQL's REQUIRE SSL is a clause of the page's CREATE USER; for a user that exists, ALTER USER sets it.
      const derived: string[] = mine.filter((statement) => statement === "ALTER USER 'vigil'@'%' REQUIRE SSL;");
      if (derived.length)
        expect(page.some((statement) => /^CREATE USER 'vigil'@'%' .* REQUIRE SSL;$/.test(statement))).toBe(true);
      expect(mine.filter((statement) => !derived.includes(statement) && !page.includes(statement))).toEqual([]);
      expect(grantStatements(page).filter((statement) => !mine.includes(statement) && !(statement in notRead))).toEqual(
        [],
      );
      expect(Object.keys(notRead).filter((statement) => !page.includes(statement))).toEqual([]);
    });
  }

  test("snowflake: each statement follows the page's USE ROLE", () => {
    const code = sectionBlocks(page('snowflake'), '## Grant access')
      .map((block) => block.code)
      .join('\n');
    for (const {statements} of Object.values(snowflake.requirements)) {
      const [role, grant] = statements;
      expect(role.setsContext).toBe(true);
      const at = code.indexOf(grant.code);
      expect(at, grant.code).toBeGreaterThan(0);
      expect(code.slice(0, at).lastIndexOf('USE ROLE'), grant.code).toBe(code.slice(0, at).lastIndexOf(role.code));
    }
  });

  test('bigquery: the commands and the dataset GRANT are the page’s', () => {
    const blocks = sectionBlocks(page('bigquery'), '## Grant access');
    for (const statement of [...listed(bigquery, 'bash'), bigquery.requirements.jobs.statements[0]]) {
      expect(
        blocks.some((block) => block.code.includes(statement.code)),
        statement.code,
      ).toBe(true);
    }
    const predefined = sectionBlocks(page('bigquery'), '### Grant the predefined roles');
    const commands = predefined.flatMap((block) =>
      block.language === 'bash' ? block.code.split(/\n(?=gcloud )/).map((command) => command.trim()) : [],
    );
    expect(commands.sort()).toEqual(
      listed(bigquery, 'bash')
        .map((statement) => statement.code)
        .sort(),
    );
    expect(sqlStatements(predefined)).toEqual(listed(bigquery, 'sql').map((statement) => normalized(statement.code)));
  });

  test('s3: the policy statements are those of the page’s IAM policy', () => {
    const policy = JSON.parse(titledBlock(page('s3'), 'IAM policy')) as {Statement: object[]};
    expect(listed(s3, 'json').map((statement) => JSON.parse(statement.code))).toEqual(
      expect.arrayContaining(policy.Statement),
    );
    expect(new Set(listed(s3, 'json').map((statement) => statement.code)).size).toBe(policy.Statement.length);
  });

  test('kafka: the commands are the page’s prefixed ACLs', () => {
    const code = sectionBlocks(page('kafka'), '### Add the ACLs')
      .map((block) => block.code)
      .join('\n');
    const adds = code
      .split(/\n(?=kafka-acls\.sh|#)/)
      .filter((command) => command.includes('--add --allow-principal User:vigil'));
    const mine = [...new Set(listed(kafka, 'bash').map((statement) => statement.code))];
    for (const command of mine) expect(code, command).toContain(command);
    // The page's other form, one topic by its literal name, is an alternative to the prefixed ACL.
    expect(adds.filter((command) => !mine.some((statement) => command.includes(statement)))).toEqual([
      expect.stringContaining('--topic payments.events'),
    ]);
  });
});

test('each datastore page with a "Check the grants" has the grant check of its datastore, after the expected output', () => {
  const pages = Object.keys(GRANT_CHECKS);
  for (const name of pages) {
    const body = readMarkdown(page(name)).body;
    expect(body.match(/<GrantCheck [^>]*\/>/g), name).toEqual([`<GrantCheck datastore="${name}" />`]);
    const check = body.slice(body.indexOf('\n## Check the grants\n'));
    const form = check.indexOf('<GrantCheck ');
    expect(form, `${name}: the form is in Check the grants`).toBeGreaterThan(0);
    expect(check.slice(0, form).trimEnd(), `${name}: the form follows the expected output`).toMatch(/\n```$/);
    expect(codeBlocks(check.slice(0, form)).at(-1)?.title, name).toMatch(/output$/);
  }
  const withCheck = readdirSync('docs/configuring-datastore')
    .filter((file) => file.endsWith('.md'))
    .filter((file) => readFileSync(`docs/configuring-datastore/${file}`, 'utf8').includes('\n## Check the grants\n'))
    .map((file) => file.replace(/\.md$/, ''));
  expect(withCheck.sort()).toEqual(pages.sort());
});

/** The requirements a verdict names as missing, and that it names them with their statements. */
function missingOf(checker: Checker, verdict: Verdict): string[] {
  expect(verdict.kind, JSON.stringify(verdict)).toBe('missing');
  if (verdict.kind !== 'missing') return [];
  const names = Object.entries(checker.requirements);
  return verdict.missing.map(({requirement}) => names.find(([, candidate]) => candidate === requirement)?.[0] ?? '?');
}

function expectUnreadable(verdict: Verdict, pattern: RegExp) {
  expect(verdict.kind, JSON.stringify(verdict)).toBe('unreadable');
  if (verdict.kind === 'unreadable') expect(verdict.message).toMatch(pattern);
}

/** `text` with the line that contains `marker` changed by `change` (which must change it). */
function changeLine(text: string, marker: string, change: (line: string) => string): string {
  const lines = text.split('\n');
  const index = lines.findIndex((line) => line.includes(marker));
  expect(index, marker).toBeGreaterThanOrEqual(0);
  const changed = change(lines[index]);
  expect(changed).not.toBe(lines[index]);
  lines[index] = changed;
  return lines.join('\n');
}

const fixture = (name: string) => readFileSync(`tests/fixtures/grant-outputs/${name}`, 'utf8');
const GARBAGE = 'ERROR:  relation "pg_roles" does not exist\nsomething else entirely';

test('postgresql: the page’s output, each row turned f, unaligned output, cut off, another role', () => {
  const output = titledBlock(page('postgresql'), 'check-grants.sql output');
  const check = postgresql.grantCheck.check;
  expect(check(output)).toMatchObject({kind: 'in-place', checked: 11});
  const rows: [string, string][] = [
    ['| database analytics', 'connect'],
    ['| schema sales', 'usage'],
    ['| view sales.daily_revenue', 'select'],
    ['new tables of etl_loader in sales', 'defaults'],
    ['default_transaction_read_only on', 'readOnly'],
    ['statement_timeout 15min', 'timeout'],
    ['CONNECTION LIMIT 10', 'connectionLimit'],
  ];
  for (const [marker, requirement] of rows) {
    expect(missingOf(postgresql, check(changeLine(output, marker, (line) => line.replace(/t$/, 'f'))))).toEqual([
      requirement,
    ]);
  }
  expectUnreadable(check(output.replace('(11 rows)', '')), /cut off/);
  expectUnreadable(check(output.split('\n').slice(0, 6).join('\n')), /cut off/);
  expectUnreadable(check(output.replaceAll('role vigil', 'role vigil_old')), /role vigil_old/);
  // With the reader's own name for the role (the page's "your values"), the check names it and so does the verdict.
  const own = output.replaceAll('role vigil', 'role vigil_prod');
  const withOwnName = (name: string) => (name === 'vigil' ? ['vigil', 'vigil_prod'] : [name]);
  expect(check(own, withOwnName)).toMatchObject({kind: 'in-place'});
  expectUnreadable(check(output.replaceAll('role vigil', 'role other'), withOwnName), /for the role vigil_prod/);
  expectUnreadable(check(''), /paste/);
  expectUnreadable(check(GARBAGE), /psql -A/);
  // Another query's table, complete and well formed.
  expectUnreadable(
    check(' rolname | rolconnlimit\n---------+-------------\n vigil   |          10\n(1 row)\n'),
    /columns privilege/,
  );
});

test('mysql: the page’s table, each row turned 0, batch output, cut off, another account', () => {
  const output = titledBlock(page('mysql'), 'check-grants.sql output');
  const check = mysql.grantCheck.check;
  expect(check(output)).toMatchObject({kind: 'in-place', checked: 4});
  for (const [marker, requirement] of [
    ['SELECT ON analytics', 'select'],
    ['SHOW VIEW ON', 'showView'],
    ['REQUIRE SSL', 'requireSsl'],
    ['MAX_USER_CONNECTIONS', 'connectionLimit'],
  ]) {
    expect(missingOf(mysql, check(changeLine(output, marker, (line) => line.replace('1 |', '0 |'))))).toEqual([
      requirement,
    ]);
  }
  const batch =
    "account\trequirement\tpresent\n'vigil'@'%'\tSELECT ON analytics.*\t1\n'vigil'@'%'\tSHOW VIEW ON analytics.*\t0\n'vigil'@'%'\tREQUIRE SSL\t1\n'vigil'@'%'\tMAX_USER_CONNECTIONS 10\t1\n";
  const verdict = check(batch);
  expect(missingOf(mysql, verdict)).toEqual(['showView']);
  if (verdict.kind === 'missing') {
    expect(statementsFor(verdict.missing).map((statement) => statement.code)).toEqual([
      "GRANT SELECT, SHOW VIEW ON analytics.* TO 'vigil'@'%';",
    ]);
  }
  expectUnreadable(check(batch.split('\n').slice(0, 3).join('\n')), /no row for .*REQUIRE SSL/);
  expectUnreadable(check(output.split('\n').slice(0, -2).join('\n')), /cut off/);
  expectUnreadable(check(output.replaceAll("'vigil'@'%'", "'admin'@'%'")), /'admin'@'%'/);
  expectUnreadable(check(GARBAGE), /mysql --table/);
});

test('snowflake: snowsql’s table and Snowsight’s copied rows, each row False, cut off', () => {
  const output = titledBlock(page('snowflake'), 'check-grants.sql output');
  const check = snowflake.grantCheck.check;
  expect(check(output)).toMatchObject({kind: 'in-place', checked: 6});
  expect(check(`${output}6 Row(s) produced. Time Elapsed: 0.212s\n`)).toMatchObject({kind: 'in-place'});
  for (const [marker, requirement] of [
    ['| MONITOR   | WAREHOUSE', 'warehouseMonitor'],
    ['| USAGE     | WAREHOUSE', 'warehouseUsage'],
    ['| DATABASE', 'database'],
    ['| SCHEMA', 'schemas'],
    ['| TABLE', 'tables'],
    ['| VIEW', 'views'],
  ]) {
    expect(missingOf(snowflake, check(changeLine(output, marker, (line) => line.replace('True ', 'False'))))).toEqual([
      requirement,
    ]);
  }
  // Two missing grants that run as different roles: each after its USE ROLE.
  const two = changeLine(
    changeLine(output, '| MONITOR', (line) => line.replace('True ', 'False')),
    '| VIEW',
    (line) => line.replace('True ', 'False'),
  );
  const verdict = check(two);
  if (verdict.kind === 'missing') {
    expect(statementsFor(verdict.missing).map((statement) => statement.code)).toEqual([
      'USE ROLE SYSADMIN;',
      'GRANT USAGE, MONITOR ON WAREHOUSE VIGIL_WH TO ROLE VIGIL_ROLE;',
      'USE ROLE SECURITYADMIN;',
      'GRANT SELECT ON ALL VIEWS IN DATABASE ANALYTICS TO ROLE VIGIL_ROLE;',
    ]);
  } else expect(verdict.kind).toBe('missing');
  expect(missingOf(snowflake, check(fixture('snowflake-snowsight-no-views.tsv')))).toEqual(['views']);
  expect(
    missingOf(snowflake, check(fixture('snowflake-snowsight-no-views.tsv').split('\n').slice(1).join('\n'))),
  ).toEqual(['views']);
  expectUnreadable(check(output.split('\n').slice(0, 7).join('\n')), /cut off/);
  expectUnreadable(check(output.replace(/^.*\| VIEW .*\n/m, '')), /no row for SELECT on the views/);
  expectUnreadable(check(GARBAGE), /snowsql/);
});

test('redshift: the four tables, each requirement missing, another user, a table cut off', () => {
  const output = titledBlock(page('redshift'), 'check-grants.sql output');
  const check = redshift.grantCheck.check;
  expect(check(output)).toMatchObject({kind: 'in-place', checked: 8});
  const variants: [string, string][] = [
    [changeLine(output, '| schema sales', (line) => line.replace(/t$/, 'f')), 'usage'],
    [changeLine(output, '| table sales.orders', (line) => line.replace(/t$/, 'f')), 'select'],
    [changeLine(output, '| svv_table_info', (line) => line.replace(/t$/, 'f')), 'tableInfo'],
    [changeLine(output, '| sys_transaction_history', (line) => line.replace(/t$/, 'f')), 'transactions'],
    [changeLine(output, '| UNRESTRICTED', (line) => line.replace('UNRESTRICTED', 'RESTRICTED')), 'syslog'],
    [
      changeLine(output, '{statement_timeout=900000}', (line) => line.replace('{statement_timeout=900000}', '')),
      'timeout',
    ],
    [output.replace(/ etl_loader \| sales .*\n\(1 row\)/, '(0 rows)'), 'defaults'],
  ];
  for (const [variant, requirement] of variants) expect(missingOf(redshift, check(variant))).toEqual([requirement]);
  expectUnreadable(check(output.replaceAll(' vigil ', ' other ')), /user other/);
  expectUnreadable(check(output.replace('(5 rows)', '(6 rows)')), /cut off/);
  expectUnreadable(check(output.slice(0, output.indexOf(' usename'))), /usename, useconfig/);
  expectUnreadable(check(GARBAGE), /four tables/);
});

test('databricks: the SQL editor’s rows, copied rows, the CLI’s JSON, another principal, a pending statement', () => {
  const output = titledBlock(page('databricks'), 'check-grants.sql output');
  const check = databricks.grantCheck.check;
  expect(check(output)).toMatchObject({kind: 'in-place', checked: 4});
  expect(missingOf(databricks, check(output.replace(/^.*BROWSE.*\n/m, '')))).toEqual(['browse']);
  expect(missingOf(databricks, check(fixture('databricks-api-response-no-browse.json')))).toEqual(['browse']);
  expect(missingOf(databricks, check(fixture('databricks-editor-copy-no-select.tsv')))).toEqual(['select']);
  // The page's jq -c lines: the state, then one array per row.
  const jq = [
    '"SUCCEEDED"',
    ...output
      .split('\n')
      .slice(1, -1)
      .map((line) => JSON.stringify(line.split(/\s{2,}/))),
  ].join('\n');
  expect(check(jq)).toMatchObject({kind: 'in-place', checked: 4});
  expect(missingOf(databricks, check('"SUCCEEDED"\n'))).toEqual(['useCatalog', 'useSchema', 'select', 'browse']);
  expectUnreadable(check(fixture('databricks-cli-pending.txt')), /PENDING/);
  expectUnreadable(
    check(output.replaceAll('4a1d8f2e-7c3b-4e5a-9b6d-0f2c8e1a7d35', 'data-engineers')),
    /data-engineers/,
  );
  expectUnreadable(check(output.replaceAll('main', 'sandbox')), /CATALOG sandbox/);
  expectUnreadable(check(GARBAGE), /SQL editor/);
});

test('bigquery: the project roles and dataset entries, custom roles, each grant missing', () => {
  const output = titledBlock(page('bigquery'), 'check-grants.sh output');
  const check = bigquery.grantCheck.check;
  expect(check(output)).toMatchObject({kind: 'in-place', checked: 3});
  expect(check(fixture('bigquery-custom-roles.txt'))).toMatchObject({kind: 'in-place'});
  expect(missingOf(bigquery, check(output.replace(/^.*READER.*\n/m, '')))).toEqual(['data']);
  expect(missingOf(bigquery, check(output.replace(/^.*jobUser\n/gm, '')))).toEqual(['jobs']);
  expect(missingOf(bigquery, check(output.replace(/^.*metadataViewer\n/gm, '')))).toEqual(['metadata']);
  expectUnreadable(check(''), /printed nothing/);
  expectUnreadable(check('{"role":'), /not a dataset access entry|not one/);
  expectUnreadable(check(GARBAGE), /check-grants\.sh prints/);
});

test('s3: the four simulations, each statement missing, a policy that allows more, a line short', () => {
  const output = titledBlock(page('s3'), 'check-grants.sh output');
  const check = s3.grantCheck.check;
  expect(check(output)).toMatchObject({kind: 'in-place', checked: 4});
  expect(check(output.replaceAll(/ {2,}/g, '\t'))).toMatchObject({kind: 'in-place'});
  const lines = output.trimEnd().split('\n');
  const variant = (index: number, decision: string) =>
    lines.map((line, at) => (at === index ? line.replace(/\S+$/, decision) : line)).join('\n');
  expect(missingOf(s3, check(variant(0, 'implicitDeny')))).toEqual(['list']);
  expect(missingOf(s3, check(variant(1, 'explicitDeny')))).toEqual(['read']);
  expect(missingOf(s3, check(variant(2, 'implicitDeny')))).toEqual(['decrypt']);
  expect(missingOf(s3, check(variant(3, 'allowed')))).toEqual(['prefixOnly']);
  expectUnreadable(check(lines.slice(0, 3).join('\n')), /four lines/);
  expectUnreadable(check(GARBAGE), /AWS CLI/);
});

test('kafka: the ACL listing, each ACL missing, another principal', () => {
  const output = titledBlock(page('kafka'), 'kafka-acls output');
  const check = kafka.grantCheck.check;
  expect(check(output)).toMatchObject({kind: 'in-place', checked: 3});
  expect(missingOf(kafka, check(output.replace(/^.*operation=DESCRIBE.*\n/m, '')))).toEqual(['topicDescribe']);
  expect(
    missingOf(
      kafka,
      check(output.replace(/\n\nCurrent ACLs for resource `ResourcePattern\(resourceType=GROUP[\s\S]*$/, '\n')),
    ),
  ).toEqual(['groupRead']);
  expectUnreadable(check(output.replaceAll('User:vigil', 'User:ledger-service')), /User:ledger-service/);
  expectUnreadable(check(''), /no ACL/);
  expectUnreadable(check(GARBAGE), /kafka-acls/);
});
