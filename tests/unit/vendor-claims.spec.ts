// Claims of the docs about other vendors' products, as the vendors' own documentation states them (issue 34,
// "Content round 4"). Each test reads what a reader of the page sees: the checks run as a person the reader can
// be, the commands connect and order their steps as the vendor documents, and where two pages describe the same
// thing they say the same. The vendor pages behind each claim are named in the test.
import {expect, test} from '@playwright/test';
import {codeBlocks, readMarkdown, withoutCode, type CodeBlock} from '../support/content';

const DOCS = 'docs';
const page = (file: string) => readMarkdown(`${DOCS}/${file}`).body;

/** Fails with the passage of `text` that matches `pattern`, so a failure shows the sentence, not the page. */
function expectAbsent(text: string, pattern: RegExp, what: string) {
  const match = pattern.exec(text);
  expect(match ? text.slice(Math.max(0, match.index - 80), match.index + match[0].length + 80) : null, what).toBeNull();
}

/** Passes when `text` matches `pattern`; a failure names what is missing instead of printing the page. */
function expectPresent(text: string, pattern: RegExp, what: string) {
  expect(pattern.test(text), `${what}: ${pattern}`).toBe(true);
}

/** The body of the `## heading` section of a Markdown body, up to the next h2. */
function section(body: string, heading: string): string {
  const parts = body.split(new RegExp(`^## ${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'm'));
  expect(parts.length, `one "## ${heading}" section`).toBe(2);
  return parts[1].split(/^## /m)[0];
}

/** The one code block of `body` titled `title`. */
function titled(body: string, title: string): CodeBlock {
  const blocks = codeBlocks(body).filter((block) => block.title === title);
  expect(blocks.length, `one code block titled "${title}"`).toBe(1);
  return blocks[0];
}

/** The cells of the rows of a Markdown or ASCII table: lines that start with `|`, split, trimmed. */
function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line.trim().startsWith('|') && !/^\|[-+| :]+\|$/.test(line.trim()))
    .map((line) =>
      line
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((cell) => cell.trim()),
    );
}

test('Snowflake (row 4): the grants are checked by the administrator, by role and user name, not signed in as VIGIL_USER', () => {
  // docs.snowflake.com: user-guide/admin-user-management (TYPE = SERVICE: no password, no SAML SSO sign-in),
  // sql-reference/sql/show-grants (SHOW GRANTS TO ROLE / TO USER, SHOW FUTURE GRANTS IN DATABASE / SCHEMA).
  const check = section(page('configuring-datastore/snowflake.md'), 'Check the grants');
  const prose = withoutCode(check);
  expectAbsent(prose, /\bas\s+`?VIGIL_USER`?/, 'a claim the vendor docs do not support');
  expectPresent(prose, /`TYPE = SERVICE`/, 'what the vendor docs state');
  const sqlBlocks = codeBlocks(check).filter((block) => block.language === 'sql');
  for (const block of sqlBlocks)
    expect(block.code, `SQL block at line ${block.line}`).not.toMatch(/USE ROLE VIGIL_ROLE/);
  const checkSql = titled(check, 'check-grants.sql').code;
  expect(checkSql.trimStart().split('\n')[0]).toBe('USE ROLE SECURITYADMIN;');
  expect(checkSql).toMatch(/^SHOW GRANTS TO ROLE VIGIL_ROLE;$/m);
  const statements = sqlBlocks.map((block) => block.code).join('\n');
  expect(statements).toMatch(/^SHOW GRANTS TO USER VIGIL_USER;$/m);
  expect(statements).toMatch(/^SHOW FUTURE GRANTS IN DATABASE ANALYTICS;$/m);
  expectPresent(prose, /`SHOW FUTURE GRANTS IN SCHEMA ANALYTICS\.\w+`/, 'what the vendor docs state');

  // The expected output lists exactly the expected grants of the query, in the order of its ORDER BY
  // (granted_on descending, then privilege), each present.
  const expected = [...checkSql.matchAll(/\('(\w+)', '(\w+)', '([\w.%]+)'\)/g)].map((match) => match.slice(1, 4));
  expect(expected.length).toBe(6);
  const ordered = [...expected].sort(
    (a, b) => (a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : 0) || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0),
  );
  const [header, ...rows] = tableRows(titled(check, 'check-grants.sql output').code);
  expect(header).toEqual(['PRIVILEGE', 'GRANTED_ON', 'NAME', 'GRANTS', 'PRESENT']);
  expect(rows.map((row) => row.slice(0, 3))).toEqual(ordered);
  for (const row of rows) expect(row[4], row.join(' | ')).toBe('True');
});

test('Redshift (row 5): a superuser checks the grants of vigil by name, with psql verifying the certificate against the AWS CA bundle', () => {
  // docs.aws.amazon.com/redshift: mgmt/connecting-ssl-support (amazon-trust-ca-bundle.crt), dg/r_HAS_TABLE_PRIVILEGE
  // (user argument, leader-node function), dg/r_SVV_USER_INFO (syslog_access), dg/pg_user_info (useconfig),
  // dg/r_SVV_DEFAULT_PRIVILEGES.
  const check = section(page('configuring-datastore/redshift.md'), 'Check the grants');
  const prose = withoutCode(check);
  expectAbsent(prose, /as the Vigil user/, 'a claim the vendor docs do not support');
  expectPresent(prose, /as a superuser/, 'what the vendor docs state');
  expect(prose).toContain('`https://s3.amazonaws.com/redshift-downloads/amazon-trust-ca-bundle.crt`');
  const psql = codeBlocks(check).filter((block) => block.language === 'bash' && /\bpsql\b/.test(block.code));
  expect(psql.length).toBe(1);
  expect(psql[0].code).toMatch(/sslmode=verify-full sslrootcert=amazon-trust-ca-bundle\.crt/);
  expect(psql[0].code).not.toMatch(/user=(vigil|"?IAMR)/);

  const checkSql = titled(check, 'check-grants.sql').code;
  expect(checkSql).not.toMatch(/current_user/);
  const calls = [...checkSql.matchAll(/has_(?:table|schema)_privilege\(([^,]+),/g)].map((match) => match[1].trim());
  expect(calls.length).toBeGreaterThanOrEqual(4);
  for (const user of calls) expect(user).toBe("'vigil'");
  // One result table per statement, each with the row count psql prints under it.
  const statementCount = checkSql
    .replace(/--[^\n]*/g, '')
    .split(';')
    .filter((part) => part.trim()).length;
  const output = titled(check, 'check-grants.sql output').code;
  const footers = [...output.matchAll(/^\((\d+) rows?\)$/gm)];
  expect(footers.length).toBe(statementCount);
  const tables = output.split(/^\(\d+ rows?\)$/m).slice(0, -1);
  tables.forEach((table, index) => {
    const rows = table
      .trim()
      .split('\n')
      .slice(2)
      .filter((line) => line.trim());
    expect(rows.length, `rows of result ${index + 1}`).toBe(Number(footers[index][1]));
  });
  expect(output).toMatch(/^ vigil +\| UNRESTRICTED$/m);
  expect(output).toMatch(/\{statement_timeout=900000\}/);
});

test('Databricks (row 8): the grants are checked by an admin in the SQL editor, or as the service principal through the Statement Execution API with its M2M credentials', () => {
  // docs.databricks.com: dev-tools/service-principals (API-only access), sql/language-manual/security-show-grant
  // (who may run SHOW GRANTS, its columns), api/statement-execution, dev-tools/cli/authentication (OAuth M2M
  // profile with client_id and client_secret), dev-tools/cli/api-commands.
  const check = section(page('configuring-datastore/databricks.md'), 'Check the grants');
  const prose = withoutCode(check);
  expectAbsent(prose, /with the principal's token/, 'a claim the vendor docs do not support');
  expectAbsent(prose, /^Run this as the service principal/m, 'a claim the vendor docs do not support');
  expectPresent(prose, /workspace admin or the catalog owner, in the SQL editor/, 'what the vendor docs state');
  expectPresent(prose, /SQL Statement Execution API/, 'what the vendor docs state');
  const [header, ...rows] = titled(check, 'check-grants.sql output')
    .code.trim()
    .split('\n')
    .map((line) => line.split(/ {2,}/));
  expect(header).toEqual(['principal', 'actionType', 'objectType', 'objectKey']);
  expect(rows.map((row) => row[1]).sort()).toEqual(['BROWSE', 'SELECT', 'USE CATALOG', 'USE SCHEMA']);
  const profile = titled(check, '~/.databrickscfg').code;
  expect(profile).toMatch(/^client_id +=/m);
  expect(profile).toMatch(/^client_secret +=/m);
  const api = codeBlocks(check).filter((block) => block.language === 'bash');
  expect(api.length).toBe(1);
  expect(api[0].code).toMatch(/databricks api post \/api\/2\.0\/sql\/statements --profile vigil-sp/);
  expect(api[0].code).toContain('"statement": "SHOW GRANTS `4a1d8f2e-7c3b-4e5a-9b6d-0f2c8e1a7d35` ON CATALOG main"');
});

test('Databricks and Unity Catalog (row 9): both pages say that revoking BROWSE narrows discovery and stops no run', () => {
  // docs.databricks.com: api/uc-tables list-tables (tables the caller owns or can SELECT; include_browse),
  // discover/database-objects (BROWSE for Catalog Explorer, SELECT with USE CATALOG and USE SCHEMA for SQL).
  const databricks = page('configuring-datastore/databricks.md');
  const unity = page('onboarding-catalog/unity-catalog.md');
  expectAbsent(withoutCode(unity), /which only catalog syncs need/, 'a claim the vendor docs do not support');
  expectAbsent(withoutCode(databricks), /REST API, which needs `BROWSE`/, 'a claim the vendor docs do not support');
  const removal = tableRows(section(databricks, "Remove Vigil's access"));
  expect(removal.filter((row) => /BROWSE/.test(row[0])).map((row) => row[0])).toEqual(['`BROWSE`']);
  const browse = removal.find((row) => row[0] === '`BROWSE`')!;
  expect(browse[2]).toMatch(/^Runs keep working/);
  expect(browse[2]).not.toMatch(/fail/);
  // Both say what discovery still lists without BROWSE, and that profile and rule tasks do not depend on it.
  for (const [name, body] of [
    ['databricks.md', databricks],
    ['unity-catalog.md', unity],
  ]) {
    const prose = withoutCode(body).replace(/\s+/g, ' ');
    expect(/profile and rule tasks[^.]*(do not use `BROWSE`|do not need `BROWSE`)/.test(prose), name).toBe(true);
    expect(/lists? only the tables (and views )?the principal (owns or )?can `SELECT`/.test(prose), name).toBe(true);
  }
});

test('Databricks (row 12): the admin allow list is created before Vigil’s, the feature is enabled last, and INVALID_STATE is explained', () => {
  // docs.databricks.com: security/network/front-end/ip-access-list-workspace (everything not on an allow list is
  // blocked; compute plane public IPs), dev-tools/cli/reference/ip-access-lists-commands (INVALID_STATE).
  const network = section(page('configuring-datastore/databricks.md'), 'Allow network access');
  const blocks = codeBlocks(network).filter((block) => block.language === 'bash');
  const index = (pattern: RegExp) => blocks.findIndex((block) => pattern.test(block.code));
  const admins = index(/"ip_addresses": \["<your-office-cidr>"\]/);
  const vigil = index(/"label": "vigil-eu"/);
  const enable = index(/workspace-conf set-status --json '\{"enableIpAccessLists": "true"\}'/);
  expect(admins, 'a block creates the admins’ own allow list').toBeGreaterThanOrEqual(0);
  expect(vigil, 'Vigil’s list comes after the admins’ list').toBeGreaterThan(admins);
  expect(enable, 'the feature is enabled after both lists exist').toBeGreaterThan(vigil);
  const prose = withoutCode(network).replace(/\s+/g, ' ');
  expectPresent(prose, /`INVALID_STATE`/, 'what the vendor docs state');
  expectPresent(prose, /blocks every address that is not on an allow list/, 'what the vendor docs state');
  expectAbsent(prose, /make sure your own addresses are on one/, 'a claim the vendor docs do not support');
});

test('Snowflake Marketplace (row 13): the page no longer says the terms can be accepted only in Snowsight, nor checks as VIGIL_ROLE', () => {
  // docs.snowflake.com: collaboration/consumer-listings-progaccess-examples. No Snowflake page in reach confirmed a
  // SQL function that accepts a listing's terms, so the page says how Snowsight shows them without excluding SQL.
  const body = page('onboarding-catalog/snowflake-marketplace.md');
  const prose = withoutCode(body).replace(/\s+/g, ' ');
  expectAbsent(prose, /accepted once, by a user, in Snowsight/, 'a claim the vendor docs do not support');
  expectAbsent(prose, /which does the same thing/, 'a claim the vendor docs do not support');
  expectPresent(
    prose,
    /terms of use needs them accepted for your account before `CREATE DATABASE \.\.\. FROM LISTING`/,
    'what the vendor docs state',
  );
  for (const block of codeBlocks(body).filter((candidate) => candidate.language === 'sql'))
    expect(block.code, `SQL block at line ${block.line}`).not.toMatch(/USE ROLE VIGIL_ROLE/);
  expect(codeBlocks(body).some((block) => /^SHOW GRANTS ON DATABASE DAILY_WEATHER;$/m.test(block.code))).toBe(true);
});

test('Cost (row 14): a BigQuery per-user quota applies to every user and service account, on on-demand pricing only', () => {
  // cloud.google.com/bigquery/docs/custom-quotas (QueryUsagePerDay, QueryUsagePerUserPerDay, on-demand only).
  const prose = withoutCode(section(page('product/cost.md'), 'Keep the cost predictable')).replace(/\s+/g, ' ');
  expectAbsent(prose, /for the service account/, 'a claim the vendor docs do not support');
  expectPresent(prose, /On BigQuery on-demand pricing/, 'what the vendor docs state');
  expectPresent(
    prose,
    /"Query usage per day per user", which applies the same limit to every user and service account/,
    'what the vendor docs state',
  );
  expectPresent(prose, /do not apply to capacity pricing/, 'what the vendor docs state');
});

test('Redshift (row 15): SYS_TRANSACTION_HISTORY is granted as AWS documents for a superuser-visible view, and the check verifies it', () => {
  // docs.aws.amazon.com/redshift: dg/SYS_TRANSACTION_HISTORY (visible only to superusers), dg/c_visibility-of-data
  // (GRANT SELECT on a superuser-visible table to give a regular user access), dg/r_SVV_TABLE_INFO.
  const body = page('configuring-datastore/redshift.md');
  const grants = codeBlocks(section(body, 'Grant access')).find((block) => /^CREATE USER vigil/m.test(block.code))!;
  const granted = [...grants.code.matchAll(/^GRANT SELECT ON (\w+) TO vigil;$/gm)].map((match) => match[1]);
  expect(granted).toEqual(['svv_table_info', 'sys_transaction_history']);
  expectPresent(
    withoutCode(section(body, 'Grant access')).replace(/\s+/g, ' '),
    /AWS documents it, like `SVV_TABLE_INFO`, as visible only to superusers, and documents `GRANT SELECT`/,
    'Grant access says',
  );
  const check = section(body, 'Check the grants');
  const checkSql = titled(check, 'check-grants.sql').code;
  const output = titled(check, 'check-grants.sql output').code;
  for (const view of granted) {
    expect(checkSql).toContain(`has_table_privilege('vigil', '${view}', 'SELECT')`);
    expect(output).toMatch(new RegExp(`^ SELECT +\\| ${view} +\\| t$`, 'm'));
  }
});

test('Redshift (row 16): the page no longer says SYSLOG ACCESS UNRESTRICTED hides the rows of superusers', () => {
  // docs.aws.amazon.com/redshift: dg/r_ALTER_USER and dg/c_visibility-of-data (UNRESTRICTED: all rows of
  // user-visible system tables and views, including rows generated by another user).
  const body = page('configuring-datastore/redshift.md');
  const prose = withoutCode(body).replace(/\s+/g, ' ');
  expectAbsent(prose, /Loads run by a superuser stay invisible/, 'a claim the vendor docs do not support');
  expectAbsent(
    prose,
    /superuser[^.]*(stay hidden|hides|no row for the loads)/i,
    'a claim the vendor docs do not support',
  );
  expectPresent(
    prose,
    /with `SYSLOG ACCESS UNRESTRICTED` it sees all rows of the system views visible to users, including those of other users/,
    'Grant access says',
  );
});

test('Network access (row 17): Databricks front-end PrivateLink needs the Enterprise plan and a customer-managed VPC', () => {
  // docs.databricks.com: security/network/front-end/front-end-private-connect (requirements).
  const rows = tableRows(section(page('configuring-datastore/network-access.md'), 'AWS PrivateLink'));
  const databricks = rows.find((row) => row[0] === 'Databricks')!;
  expect(databricks[1]).toMatch(/a workspace that uses a customer-managed VPC/);
  expect(databricks[1]).toMatch(/cannot be converted to a customer-managed VPC/);
  expect(databricks[1]).toMatch(/Enterprise (plan|tier)/);
});

test('Cost (row 19): Redshift query_group is placed where AWS documents it, and Vigil’s share is summed by its user', () => {
  // docs.aws.amazon.com/redshift: dg/r_query_group (label in STL_QUERY and SVL_QLOG), dg/SYS_QUERY_HISTORY.
  const body = page('product/cost.md');
  const labels = tableRows(section(body, 'How Vigil labels its queries'));
  const redshift = labels.find((row) => row[0] === 'Redshift')!;
  expect(redshift[2]).not.toMatch(/query_label/);
  expect(redshift[2]).toMatch(/`label` column of `STL_QUERY` and `SVL_QLOG`/);
  const sums = codeBlocks(section(body, "Sum Vigil's cost from the warehouse's history")).filter((block) =>
    /FROM sys_query_history/.test(block.code),
  );
  expect(sums.length).toBe(1);
  expect(sums[0].code).not.toMatch(/query_label/);
  expect(sums[0].code).toMatch(/WHERE user_id = 104/);
  expectPresent(withoutCode(body), /here `104`/, 'what the vendor docs state');
});

test('Kafka (row 1): on Amazon MSK, public access needs allow.everyone.if.no.acl.found=false, so every client gets its ACLs first', () => {
  // docs.aws.amazon.com/msk/latest/developerguide: msk-acls (MSK sets the property to true by default),
  // public-access (public access needs it false, with SASL/SCRAM or mutual TLS).
  const body = page('configuring-datastore/kafka.md');
  const mskTab = body.slice(
    body.indexOf('<TabItem value="msk"'),
    body.indexOf('</TabItem>', body.indexOf('<TabItem value="msk"')),
  );
  const prose = withoutCode(mskTab).replace(/\s+/g, ' ');
  expectPresent(
    prose,
    /turns public access on only for a cluster whose configuration sets `allow\.everyone\.if\.no\.acl\.found=false`/,
    'the condition AWS sets',
  );
  expectPresent(prose, /refused on every topic/, 'what the property does to clients without ACLs');
  // The steps in the order that locks nobody out: existing clients' ACLs, then the property, then public access.
  const steps = [
    'Give each existing producer and consumer its ACLs',
    'Set `allow.everyone.if.no.acl.found=false`',
    'Turn on public access',
  ].map((step) => prose.indexOf(step));
  expect(
    steps.every((at) => at >= 0),
    'the three steps are on the page',
  ).toBe(true);
  expect([...steps].sort((a, b) => a - b)).toEqual(steps);
  const warning = withoutCode(section(body, 'Grant access').split(':::warning On Amazon MSK')[1] ?? '').replace(
    /\s+/g,
    ' ',
  );
  expectPresent(
    warning,
    /Public access and PrivateLink, the two ways Vigil reaches an MSK cluster, need it set to `false`/,
    'the warning covers public access',
  );
});
