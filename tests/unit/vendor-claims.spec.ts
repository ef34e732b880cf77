// cspell:ignore argjson googlesource aapbdbdomjkkjkaonfhkkikfgjllcleb developerguide MSKC fileb insync pubout outform
// Claims of the docs about other vendors' products, as the vendors' own documentation states them (issue 34,
// "Content round 4", and issue 44, "Content round 5", below). Each test reads what a reader of the page sees: the
// checks run as a person the reader can be, the commands connect and order their steps as the vendor documents, and
// where two pages describe the same thing they say the same. The vendor pages behind each claim are named in the test.
import {spawn, type ChildProcess} from 'node:child_process';
import {createHash, createPublicKey} from 'node:crypto';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import yaml from 'js-yaml';
import {deref, operationsOf, type JsonObject} from '../../src/openapi';
import {MARIADB} from '../../tools/sql-servers.mjs';
import {
  DOCS,
  expectAbsent,
  expectPresent,
  page,
  prose,
  section,
  subsection,
  tableRows,
  titled,
} from '../support/claims';
import {codeBlocks, markdownFiles, readMarkdown, withoutCode, type CodeBlock} from '../support/content';
import {ensureDebianPackage} from '../support/debian-package';
import {loadSpec} from '../support/openapi';
import {createBodyValidator} from '../support/schema-validator';
import {startMariadb, startPostgres, type MariadbServer, type PostgresServer} from '../support/sql-servers';
import {runAsPrinted, standIn, type StandInRun} from '../support/stand-ins';

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

// Content round 5 (issue 44): rows 1 to 4, 6, 8 to 12, 14 to 18, 20 and 21. What a reader with an existing setup
// gets from a command that replaces or overrides a setting (a perimeter's ingress rules, a Chrome policy, a Kafka ACL
// default, the grants of a table) is the setting they had with Vigil's part added, and what the setup, network,
// relational, pipeline and feature pages say of Google Cloud, Chrome, Kafka, Snowflake, AWS, Airflow, GitHub Actions,
// PostgreSQL and MySQL is what the vendors document. Where a page prints a command or a statement, the test runs it as
// printed: the cloud CLIs against stand-ins (tests/support/stand-ins.ts) with the real jq and openssl, the SQL against
// real PostgreSQL and MariaDB servers (tests/support/sql-servers.ts), the blog's psi.py with python3. The pipeline
// recipes themselves (vigil_gate.py, vigil_apply.py, the Dagster definitions) run in
// tests/unit/pipeline-recipes.spec.ts. The class test of rows 1 to 4 is tests/unit/replacing-commands.spec.ts.

/** Every fenced block of `text`, indented ones (in list items) included, with the indentation removed. */
function fencedBlocks(text: string): {code: string; start: number}[] {
  return [...text.matchAll(/^([ \t]*)(`{3,})\w*[^\n]*\n([\s\S]*?)^\1\2[ \t]*$/gm)].map((match) => ({
    code: match[3]
      .split('\n')
      .map((line) => line.slice(Math.min(match[1].length, line.length - line.trimStart().length)))
      .join('\n'),
    start: match.index,
  }));
}

/** The one fenced block of `text` that contains `marker`. */
function blockWith(text: string, marker: string): {code: string; start: number} {
  const found = fencedBlocks(text).filter((block) => block.code.includes(marker));
  expect(found.length, `one code block contains ${marker}`).toBe(1);
  return found[0];
}

/** The prose a reader sees in the last `lines` lines before a block, back to the previous block at most. */
function proseBefore(text: string, start: number, lines = 12): string {
  const before = text.slice(0, start);
  const previousEnd = before.lastIndexOf('```');
  return before
    .slice(previousEnd < 0 ? 0 : previousEnd + 3)
    .split('\n')
    .slice(-lines)
    .join(' ')
    .replace(/\s+/g, ' ');
}

/** The one code block of `body` whose code matches `pattern`. */
function blockMatching(body: string, pattern: RegExp): CodeBlock {
  const blocks = codeBlocks(body).filter((block) => pattern.test(block.code));
  expect(blocks.length, `one code block matches ${pattern}`).toBe(1);
  return blocks[0];
}

// The commands of rows 1 to 3 run as printed with the real jq: a hook of the whole file, run once per worker.
test.beforeAll(async () => {
  await ensureDebianPackage('/usr/bin/jq', 'jq');
});

// ---------------------------------------------------------------------------------------------------------------
// Row 1: BigQuery behind a VPC Service Controls perimeter.

const BIGQUERY = 'configuring-datastore/bigquery.md';
const VIGIL_SA = 'serviceAccount:vigil-reader@acme-analytics.iam.gserviceaccount.com';
const VIGIL_LEVEL = 'accessPolicies/482913605117/accessLevels/vigil_egress';

type Rule = {
  ingressFrom: {identities?: string[]; identityType?: string; sources?: {accessLevel?: string}[]};
  ingressTo: {operations: {serviceName: string; methodSelectors?: {method: string}[]}[]; resources: string[]};
};

/** The page's own `export` lines of "Create the service account": DATA_PROJECT, BILLING_PROJECT, SA. */
function serviceAccountExports(body: string): string {
  const block = codeBlocks(section(body, 'Grant access')).find((b) => b.code.includes('service-accounts create'))!;
  return block.code
    .split('\n')
    .filter((line) => line.startsWith('export '))
    .join('\n');
}

// gcloud: project numbers from state/projects; the pool `vigil` exists when state/pool does; the perimeter is
// state/perimeter.json (no file: the describe fails like gcloud without permission); `perimeters update` checks
// --etag against the stored one, then stores --set-ingress-policies (a JSON or YAML-as-JSON list) or clears them.
const GCLOUD = `
case "$1 $2 $3" in
  "projects describe "*) grep "^$3 " "$STATE/projects" | cut -d' ' -f2 | grep . || { echo "ERROR: NOT_FOUND $3" >&2; exit 1; } ;;
  "iam workload-identity-pools describe")
    [ -f "$STATE/pool" ] || { echo "ERROR: (gcloud.iam.workload-identity-pools.describe) NOT_FOUND" >&2; exit 1; }
    echo "projects/123456789012/locations/global/workloadIdentityPools/vigil" ;;
  "access-context-manager perimeters describe")
    [ -f "$STATE/perimeter.json" ] || { echo "ERROR: (gcloud.access-context-manager.perimeters.describe) PERMISSION_DENIED" >&2; exit 1; }
    case " $* " in *" --format=json "*) cat "$STATE/perimeter.json" ;; *) jq '.status.ingressPolicies' "$STATE/perimeter.json" ;; esac ;;
  "access-context-manager perimeters update")
    file="" etag="" clear=""
    for arg in "$@"; do
      case "$arg" in
        --set-ingress-policies=*) file="\${arg#*=}" ;; --etag=*) etag="\${arg#*=}" ;; --clear-ingress-policies) clear=1 ;;
      esac
    done
    [ "$etag" = "$(jq -r '.etag' "$STATE/perimeter.json")" ] || { echo "ERROR: etag mismatch" >&2; exit 1; }
    if [ -n "$clear" ]; then rules='[]'; else rules=$(jq -c . "$file") || exit 1; fi
    jq --argjson rules "$rules" '.status.ingressPolicies = $rules | .etag = "E\\(now)"' "$STATE/perimeter.json" > "$STATE/next.json"
    mv "$STATE/next.json" "$STATE/perimeter.json"
    echo update >> "$STATE/updates" ;;
  "access-context-manager levels delete") echo "$4" >> "$STATE/deleted-levels" ;;
  *) echo "unexpected gcloud $*" >&2; exit 2 ;;
esac`;

const OPS_RULE: Rule = {
  ingressFrom: {
    identities: ['group:data-ops@acme.example'],
    sources: [{accessLevel: 'accessPolicies/482913605117/accessLevels/corp'}],
  },
  ingressTo: {operations: [{serviceName: '*'}], resources: ['*']},
};
const PIPELINE_RULE: Rule = {
  ingressFrom: {
    identityType: 'ANY_SERVICE_ACCOUNT',
    sources: [{accessLevel: 'accessPolicies/482913605117/accessLevels/datacenter'}],
  },
  ingressTo: {
    operations: [{serviceName: 'storage.googleapis.com', methodSelectors: [{method: '*'}]}],
    resources: ['projects/123456789012'],
  },
};

function perimeter(rules: Rule[], options: {restricted?: string[]; inside?: string[]; levels?: string[]} = {}) {
  return JSON.stringify({
    name: 'accessPolicies/482913605117/servicePerimeters/acme_analytics_perimeter',
    etag: 'E1',
    status: {
      resources: options.inside ?? ['projects/123456789012'],
      restrictedServices: options.restricted ?? ['bigquery.googleapis.com'],
      ...(options.levels ? {accessLevels: options.levels} : {}),
      ingressPolicies: rules,
    },
  });
}

function perimeterSetup(options: {
  rules?: Rule[];
  restricted?: string[];
  inside?: string[];
  levels?: string[];
  pool?: boolean;
  projects?: string;
}) {
  return (bin: string, _dir: string, state: string) => {
    standIn(bin, 'gcloud', GCLOUD);
    writeFileSync(
      path.join(state, 'projects'),
      options.projects ?? 'acme-analytics 123456789012\nacme-billing 210987654321\n',
    );
    if (options.rules) writeFileSync(path.join(state, 'perimeter.json'), perimeter(options.rules, options));
    if (options.pool) writeFileSync(path.join(state, 'pool'), '');
  };
}

const rulesOf = (run: StandInRun) => JSON.parse(run.state('perimeter.json')!).status.ingressPolicies as Rule[];

test.describe('BigQuery (row 1): the perimeter lets in vigil-reader from Vigil’s addresses only, merged into its own rules', () => {
  // cloud.google.com/vpc-service-controls/docs: ingress-egress-rules (ingressFrom.identities, sources.accessLevel,
  // ingressTo.operations/resources), context-aware-access (a service account limited to an access level's IPs,
  // applied with `perimeters update --set-ingress-policies`), supported-identities (serviceAccount:EMAIL);
  // cloud.google.com/sdk/gcloud/reference/access-context-manager/perimeters/update (--set-ingress-policies=YAML_FILE,
  // --clear-ingress-policies, --etag); cloud.google.com/iam/docs/secure-iam-vpc-sc (token exchange rules need
  // identityType ANY_IDENTITY).
  const body = page(BIGQUERY);
  const network = section(body, 'Allow network access');
  const script = () => `${serviceAccountExports(body)}\n${blockWith(network, '--set-ingress-policies').code}`;

  test('the page does not put the shared egress addresses on the perimeter, and warns before replacing its rules', () => {
    for (const block of fencedBlocks(network))
      expect(block.code, 'no block adds the access level to the perimeter').not.toMatch(/--add-access-levels/);
    const prose = withoutCode(network).replace(/\s+/g, ' ');
    expectPresent(
      prose,
      /Do not add the access level to the perimeter itself/,
      'why the access level stays off the perimeter',
    );
    const update = blockWith(network, '--set-ingress-policies');
    const warning = proseBefore(network, update.start);
    expectPresent(
      warning,
      /`--set-ingress-policies` replaces all the ingress rules of the perimeter/,
      'what the command replaces',
    );
    expectPresent(warning, /reads the perimeter first/, 'the read before the write');
    // The read comes before the write in the same block.
    const code = update.code;
    expect(code.indexOf('describe "$PERIMETER"')).toBeGreaterThanOrEqual(0);
    expect(code.indexOf('describe "$PERIMETER"')).toBeLessThan(code.indexOf('perimeters update'));
  });

  test('keeps every rule the perimeter has and adds one rule for vigil-reader, BigQuery and the projects', () => {
    const run = runAsPrinted(script(), perimeterSetup({rules: [OPS_RULE, PIPELINE_RULE]}));
    expect(run.state('updates')?.trim()).toBe('update');
    const rules = rulesOf(run);
    expect(rules.slice(0, 2)).toEqual([OPS_RULE, PIPELINE_RULE]);
    expect(rules).toHaveLength(3);
    const vigil = rules[2];
    expect(vigil.ingressFrom).toEqual({identities: [VIGIL_SA], sources: [{accessLevel: VIGIL_LEVEL}]});
    expect(vigil.ingressTo.operations).toEqual([
      {serviceName: 'bigquery.googleapis.com', methodSelectors: [{method: '*'}]},
    ]);
    // The page's defaults: data and billing are the same project, acme-analytics.
    expect(vigil.ingressTo.resources).toEqual(['projects/123456789012']);
  });

  test('names both projects when billing is another project, and running it again keeps one Vigil rule', () => {
    const twice = `${script()}\n${blockWith(network, '--set-ingress-policies').code}`.replace(
      'export BILLING_PROJECT=acme-analytics',
      'export BILLING_PROJECT=acme-billing',
    );
    const inside = ['projects/123456789012', 'projects/210987654321'];
    const run = runAsPrinted(twice, perimeterSetup({rules: [OPS_RULE], inside}));
    expect(run.state('updates')?.trim().split('\n')).toHaveLength(2);
    const rules = rulesOf(run);
    expect(rules).toHaveLength(2);
    expect(rules[0]).toEqual(OPS_RULE);
    expect(rules[1].ingressTo.resources.sort()).toEqual(inside);
    // A billing project the perimeter does not protect is not named in the rule.
    const outside = rulesOf(runAsPrinted(twice, perimeterSetup({rules: [OPS_RULE]})));
    expect(outside[1].ingressTo.resources).toEqual(['projects/123456789012']);
  });

  test('adds the token-exchange rule only with federation on a perimeter that restricts sts.googleapis.com', () => {
    const restricted = ['bigquery.googleapis.com', 'sts.googleapis.com'];
    const withPool = rulesOf(runAsPrinted(script(), perimeterSetup({rules: [OPS_RULE], restricted, pool: true})));
    expect(withPool).toHaveLength(3);
    expect(withPool[2]).toEqual({
      ingressFrom: {identityType: 'ANY_IDENTITY', sources: [{accessLevel: VIGIL_LEVEL}]},
      ingressTo: {
        operations: [{serviceName: 'sts.googleapis.com', methodSelectors: [{method: '*'}]}],
        resources: ['projects/123456789012'],
      },
    });
    // A key-based setup (no pool) or a perimeter that leaves STS alone gets the BigQuery rule alone.
    expect(rulesOf(runAsPrinted(script(), perimeterSetup({rules: [OPS_RULE], restricted}))).length).toBe(2);
    expect(rulesOf(runAsPrinted(script(), perimeterSetup({rules: [OPS_RULE], pool: true}))).length).toBe(2);
    // No rule of Vigil's lets any identity reach BigQuery.
    for (const rule of withPool.filter((r) => r.ingressFrom.identityType === 'ANY_IDENTITY'))
      expect(rule.ingressTo.operations.map((operation) => operation.serviceName)).toEqual(['sts.googleapis.com']);
  });

  test('writes nothing when the perimeter or a project number cannot be read', () => {
    const unreadable = runAsPrinted(script(), perimeterSetup({}));
    expect(unreadable.calls.some((call) => call.includes('perimeters describe'))).toBe(true);
    expect(unreadable.calls.filter((call) => call.includes('perimeters update'))).toEqual([]);
    const noNumber = runAsPrinted(script(), perimeterSetup({rules: [OPS_RULE], projects: ''}));
    expect(noNumber.calls.filter((call) => call.includes('perimeters update'))).toEqual([]);
    expect(rulesOf(noNumber)).toEqual([OPS_RULE]);
  });

  test('offboarding removes Vigil’s rules only, then the access level', () => {
    const remove = section(body, "Remove Vigil's access");
    const block = blockWith(remove, '--set-ingress-policies');
    expectPresent(
      proseBefore(remove, block.start),
      /`--set-ingress-policies` replaces all the rules of the perimeter/,
      'the warning',
    );
    const setupThenRemove = `${script()}\n${block.code}`;
    const run = runAsPrinted(
      setupThenRemove,
      perimeterSetup({rules: [OPS_RULE, PIPELINE_RULE], restricted: ['sts.googleapis.com'], pool: true}),
    );
    expect(rulesOf(run)).toEqual([OPS_RULE, PIPELINE_RULE]);
    expect(run.state('deleted-levels')?.trim()).toBe('vigil_egress');
    expect(run.calls.some((call) => call.includes('--remove-access-levels'))).toBe(false);
    // A perimeter that also lists the level among its own loses that one level in the same update.
    const listed = runAsPrinted(
      block.code,
      perimeterSetup({rules: [OPS_RULE], levels: ['accessPolicies/482913605117/accessLevels/corp', VIGIL_LEVEL]}),
    );
    const update = listed.calls.find((call) => call.includes('perimeters update'))!;
    expect(update).toContain('--remove-access-levels=vigil_egress');
    expect(update).toContain('--set-ingress-policies=ingress-policies.json');
    expect(listed.state('deleted-levels')?.trim()).toBe('vigil_egress');
    // A perimeter whose only rule was Vigil's is cleared, not sent an empty file.
    const alone = runAsPrinted(setupThenRemove, perimeterSetup({rules: []}));
    expect(rulesOf(alone)).toEqual([]);
    expect(alone.calls.some((call) => call.includes('--clear-ingress-policies'))).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Row 2: the Chrome ExtensionSettings policy on Linux.

test.describe('Browser extension (row 2): the Linux policy merges the Vigil entry into the ExtensionSettings that exist', () => {
  // support.google.com/chrome/a/answer/9027408 (Chrome Browser quick start (Linux): "Be careful not to set the same
  // policy in more than one file. If you do, it's unclear which of the values you specify will be applied.");
  // chromium.googlesource.com docs/enterprise/policies.md (every file in managed/ is read as a JSON policy file);
  // chromium.org/administrators/policy-list-3/extension-settings-full ("*" applies to extensions without a
  // configuration of their own).
  const body = page('features/browser-extension.md');
  const rollout = section(body, 'Roll out with managed browser policy');
  const POLICY_DIR = '/etc/opt/chrome/policies/managed';
  const EXTENSION = 'mfhlbdkpgaonjcieblkhmpdafgocnjeb';
  const vigilPolicy = () => JSON.parse(titled(body, 'Chrome ExtensionSettings policy').code);
  const ORG = {
    ExtensionSettings: {
      '*': {installation_mode: 'blocked', blocked_install_message: 'Ask IT for extensions'},
      aapbdbdomjkkjkaonfhkkikfgjllcleb: {installation_mode: 'allowed'},
    },
    HomepageLocation: 'https://intranet.acme.example',
  };

  /**
   * Runs the page's block as printed, with sudo as a plain call and the policy folder moved into the run's own
   * folder; afterwards the policy files are copied into the state and the folder's listing is in `listing`.
   */
  function runRollout(files: Record<string, object> = {}) {
    const block = blockWith(rollout, POLICY_DIR);
    const code = `${block.code.replaceAll(POLICY_DIR, '"$HOME/managed"')}
ls "$HOME/managed" > "$STATE/listing"; for f in "$HOME"/managed/*; do [ -f "$f" ] && cp "$f" "$STATE/policy-\${f##*/}"; done
ls "$HOME" > "$STATE/home"`;
    const run = runAsPrinted(code, (bin, dir) => {
      standIn(bin, 'sudo', 'exec "$@"');
      if (Object.keys(files).length === 0) return;
      mkdirSync(path.join(dir, 'managed'));
      for (const [name, content] of Object.entries(files))
        writeFileSync(path.join(dir, 'managed', name), JSON.stringify(content));
    });
    const listing = (run.state('listing') ?? '').trim().split('\n').filter(Boolean);
    const policy = (name: string) => JSON.parse(run.state(`policy-${name}`)!);
    return {run, listing, policy};
  }

  test('the page says why a second file is not written, and reads the folder before writing', () => {
    const block = blockWith(rollout, POLICY_DIR);
    const warning = proseBefore(rollout, block.start, 14);
    expectPresent(warning, /takes each policy from one file only/, 'what Chrome does with two files');
    expectPresent(
      warning,
      /drop your organization's extension allow-list or block-list/,
      'what a second file replaces',
    );
    expect(block.code.indexOf('has("ExtensionSettings")')).toBeGreaterThanOrEqual(0);
    expect(block.code.indexOf('has("ExtensionSettings")')).toBeLessThan(block.code.indexOf('sudo cp'));
  });

  test('keeps an existing allow/block list and adds the Vigil entry to the file that sets it', () => {
    const {run, listing, policy} = runRollout({
      'acme-extensions.json': ORG,
      'acme-browser.json': {PasswordManagerEnabled: false},
    });
    expect(listing).toEqual(['acme-browser.json', 'acme-extensions.json']);
    const merged = policy('acme-extensions.json');
    expect(merged.HomepageLocation).toBe(ORG.HomepageLocation);
    expect(merged.ExtensionSettings['*']).toEqual(ORG.ExtensionSettings['*']);
    expect(merged.ExtensionSettings.aapbdbdomjkkjkaonfhkkikfgjllcleb).toEqual({installation_mode: 'allowed'});
    expect(merged.ExtensionSettings[EXTENSION]).toEqual(vigilPolicy().ExtensionSettings[EXTENSION]);
    expect(Object.keys(merged.ExtensionSettings)).toHaveLength(3);
    expect(policy('acme-browser.json')).toEqual({PasswordManagerEnabled: false});
    // The copy of the file as it was stays outside the policy folder, where Chrome would read it too.
    expect(run.state('home')).toContain('chrome-policy-before-vigil.json');
  });

  test('on a machine with no ExtensionSettings, writes the Vigil policy as the page shows it', () => {
    const {listing, policy} = runRollout();
    expect(listing).toEqual(['vigil-extension.json']);
    expect(policy('vigil-extension.json')).toEqual(vigilPolicy());
  });

  test('merges into the organization’s file when an earlier vigil-extension.json set the policy beside it', () => {
    const {listing, policy} = runRollout({'acme-extensions.json': ORG, 'vigil-extension.json': vigilPolicy()});
    expect(listing).toEqual(['acme-extensions.json']);
    expect(Object.keys(policy('acme-extensions.json').ExtensionSettings)).toEqual([
      '*',
      'aapbdbdomjkkjkaonfhkkikfgjllcleb',
      EXTENSION,
    ]);
  });

  test('changes nothing where two files already set ExtensionSettings', () => {
    const other = {ExtensionSettings: {bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb: {installation_mode: 'force_installed'}}};
    const {listing, policy} = runRollout({'a.json': ORG, 'b.json': other});
    expect(listing).toEqual(['a.json', 'b.json']);
    expect(policy('a.json')).toEqual(ORG);
    expect(policy('b.json')).toEqual(other);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Row 3: Amazon MSK, before allow.everyone.if.no.acl.found=false.

test.describe('Kafka (row 3): before the ACL default changes, every kind of client is granted and the configuration is merged', () => {
  // kafka.apache.org/documentation: security/authorization-and-acls (no ACL: super users only; super.users;
  // TransactionalId resource, Write/Describe for transactional producers; IdempotentWrite on the cluster;
  // --transactional-id), streams/developer-guide/security (internal topics and group prefixed with application.id,
  // prefixed ACLs recommended), kafka-connect/user-guide (config/offset/status storage topics, group.id), producer
  // enable.idempotence (on by default without conflicting settings); docs.aws.amazon.com/msk/latest/developerguide:
  // msk-acls (default true), msk-configuration-properties (the settable properties, no super.users; set true again to
  // regain access), iam-access-control (ACLs and the property do not apply to IAM identities),
  // msk-connect-state-management (__msk_connect_* topics), msk-connect-kafka-connect-topics (group connect-<name>);
  // MSKC API KafkaClusterClientAuthentication (NONE | IAM).
  const body = page('configuring-datastore/kafka.md');
  const mskTab = body.slice(
    body.indexOf('<TabItem value="msk"'),
    body.indexOf('</TabItem>', body.indexOf('<TabItem value="msk"')),
  );
  const acls = body.slice(body.indexOf('### Add the ACLs'), body.indexOf('### Grant Schema Registry read access'));

  test('a warning names what the setting changes, for whom, and that MSK has no super user to fall back on', () => {
    const danger = /:::danger[^\n]*allow\.everyone\.if\.no\.acl\.found=false[^\n]*\n([\s\S]*?)\n:::/.exec(mskTab);
    expect(danger, 'a danger admonition about the property in the MSK tab').not.toBeNull();
    const text = danger![1].replace(/\s+/g, ' ');
    expectPresent(text, /open to super users only/, 'what false means');
    for (const who of ['transactional producers', 'Kafka Streams', 'Kafka Connect', 'admin'])
      expectPresent(text, new RegExp(who), `the warning names ${who}`);
    expectPresent(text, /does not let a configuration set `super.users`/, 'no super user on MSK');
    expectPresent(text, /IAM identities/, 'IAM clients are not affected');
    // The warning comes before the block that changes the property.
    const change = blockWith(mskTab, 'allow.everyone.if.no.acl.found=false');
    expect(mskTab.indexOf(':::danger')).toBeLessThan(change.start);
    expectPresent(proseBefore(mskTab, change.start), /would reset every other property/, 'what a revision replaces');
  });

  test('the list of what to grant covers transactions, Streams, Connect, MSK Connect, admin tools and super.users', () => {
    const prose = withoutCode(acls).replace(/\s+/g, ' ');
    expectPresent(prose, /`TransactionalId`/, 'transactional producers');
    expectPresent(prose, /`application\.id`/, 'Kafka Streams');
    expectPresent(prose, /`connect-configs`, `connect-offsets` and `connect-status`/, 'Connect internal topics');
    expectPresent(prose, /`connect-<connector name>`/, 'sink connector groups');
    expectPresent(prose, /`__msk_connect_configs_`/, 'MSK Connect topics');
    expectPresent(prose, /`NONE`[\s\S]*create it again with IAM/, 'MSK Connect without authentication');
    expectPresent(prose, /`super\.users=User:kafka-admin`/, 'the self-managed safety net');
    const commands = fencedBlocks(acls)
      .map((block) => block.code)
      .join('\n')
      .split(/\n(?=kafka-acls\.sh|#)/);
    const adds = commands.filter((command) => command.startsWith('kafka-acls.sh') && command.includes('--add'));
    expect(adds.some((c) => /--transactional-id settlement- --resource-pattern-type prefixed/.test(c))).toBe(true);
    expect(
      adds.some((c) => /--topic fraud-scoring --group fraud-scoring .*--resource-pattern-type prefixed/.test(c)),
    ).toBe(true);
    expect(adds.some((c) => /--topic connect-configs --topic connect-offsets --topic connect-status/.test(c))).toBe(
      true,
    );
    expect(adds.some((c) => /--group connect- --resource-pattern-type prefixed/.test(c))).toBe(true);
    // What exists is listed before anything is added.
    const allCode = fencedBlocks(acls)
      .map((block) => block.code)
      .join('\n');
    expect(allCode.indexOf('--list > acls-before.txt')).toBeGreaterThanOrEqual(0);
    expect(allCode.indexOf('--list > acls-before.txt')).toBeLessThan(allCode.indexOf('--add'));
  });

  test('replayed against Kafka’s authorizer, the printed grants lock no client out before its turn, nor the admin ever', () => {
    // github.com/apache/kafka core/.../authorizer/AclAuthorizer.scala: matchingAcls gathers the ACLs of the literal
    // name, of the wildcard `*` and of every matching prefix; a resource that none matches is open to everyone only
    // while allow.everyone.if.no.acl.found is true. kafka.apache.org/documentation (authorization-and-acls): adding
    // ACLs needs Alter on the cluster. docs.aws.amazon.com/msk (create-iam-access-control-policies): from Kafka 2.8
    // (KIP-679), Write on a topic covers an idempotent producer.
    type Type = 'topic' | 'group' | 'transactional-id' | 'cluster';
    type Acl = {principal: string; operations: string[]; type: Type; name: string; prefixed: boolean};
    const code = fencedBlocks(acls)
      .map((block) => block.code)
      .join('\n')
      .replace(/\\\n\s*/g, ' ');
    const grants = code
      .split('\n')
      .filter((line) => /^kafka-acls\.sh .*--add/.test(line))
      .map((line): Acl[] => {
        const principal = /--allow-principal (\S+)/.exec(line)![1];
        const operations = [...line.matchAll(/--operation (\w+)/g)].map((match) => match[1]);
        const prefixed = /--resource-pattern-type prefixed/.test(line);
        const resources = [...line.matchAll(/--(topic|group|transactional-id) '?([^\s']+)'?/g)].map((match) => ({
          type: match[1] as Type,
          name: match[2],
        }));
        if (/--cluster\b/.test(line)) resources.push({type: 'cluster', name: 'kafka-cluster'});
        return resources.map((resource) => ({principal, operations, prefixed, ...resource}));
      });
    expect(grants.length).toBeGreaterThan(8);
    const IMPLIES_DESCRIBE = ['Read', 'Write', 'Delete', 'Alter'];
    const matching = (added: Acl[], type: Type, name: string) =>
      added.filter(
        (acl) =>
          acl.type === type && (acl.prefixed ? name.startsWith(acl.name) : acl.name === name || acl.name === '*'),
      );
    const allowed = (added: Acl[], everyone: boolean, principal: string, [operation, type, name]: Need) => {
      const found = matching(added, type, name);
      if (found.length === 0) return everyone;
      return found.some(
        (acl) =>
          acl.principal === principal &&
          (acl.operations.includes(operation) ||
            acl.operations.includes('All') ||
            (operation === 'Describe' && acl.operations.some((granted) => IMPLIES_DESCRIBE.includes(granted)))),
      );
    };
    type Need = [operation: string, type: Type, name: string];
    // What each client of the page's examples does today.
    const clients: Record<string, Need[]> = {
      'User:payments-api': [
        ['Write', 'topic', 'payments.orders'],
        ['Describe', 'topic', 'payments.orders'],
      ],
      'User:ledger-service': [
        ['Read', 'topic', 'payments.orders'],
        ['Read', 'group', 'ledger-service'],
      ],
      'User:settlement-writer': [['Write', 'transactional-id', 'settlement-7']],
      'User:fraud-scoring': [
        ['Read', 'topic', 'fraud-scoring-store-changelog'],
        ['Read', 'group', 'fraud-scoring'],
      ],
      'User:connect': [
        ['Write', 'topic', 'connect-offsets'],
        ['Read', 'group', 'connect-cluster'],
      ],
      'User:kafka-admin': [
        ['Alter', 'cluster', 'kafka-cluster'],
        ['Describe', 'topic', 'payments.orders'],
        ['Describe', 'group', 'ledger-service'],
      ],
    };
    for (const principal of Object.keys(clients))
      expect(
        grants.flat().some((acl) => acl.principal === principal),
        `${principal} is granted`,
      ).toBe(true);
    const added: Acl[] = [];
    grants.forEach((grant, index) => {
      const command = `grant ${index + 1} (${grant[0].principal} on ${grant.map((acl) => acl.name).join(', ')})`;
      expect(
        allowed(added, true, 'User:kafka-admin', ['Alter', 'cluster', 'kafka-cluster']),
        `the admin can add ${command}`,
      ).toBe(true);
      added.push(...grant);
      // A client whose turn has not come keeps what it does, but where a peer's ACL on the same topic or group
      // closed it (the page grants a topic's clients one after the other).
      const later = new Set(
        grants
          .slice(index + 1)
          .flat()
          .map((acl) => acl.principal),
      );
      for (const [principal, needs] of Object.entries(clients)) {
        if (
          !later.has(principal) ||
          grants
            .slice(0, index + 1)
            .flat()
            .some((acl) => acl.principal === principal)
        )
          continue;
        for (const need of needs) {
          const closedByPeer = matching(added, need[1], need[2]).some((acl) => acl.name !== '*');
          if (!closedByPeer)
            expect(
              allowed(added, true, principal, need),
              `after ${command}, ${principal} can still ${need.join(' ')}`,
            ).toBe(true);
        }
      }
    });
    // Then the property is false: every client does what it did, with its own ACLs.
    for (const [principal, needs] of Object.entries(clients))
      for (const need of needs)
        expect(
          allowed(added, false, principal, need),
          `${principal} can ${need.join(' ')} once the property is false`,
        ).toBe(true);
  });

  // aws kafka: describe-cluster prints the configuration ARN, revision and cluster version (state/current, or
  // "None None K1" on MSK's default configuration); describe-configuration-revision prints the revision's
  // server.properties base64-encoded, as the CLI prints a blob; update-configuration stores the next revision;
  // update-cluster-configuration checks --current-version and records the applied revision.
  const AWS = `
[ -f "$STATE/denied" ] && { echo "An error occurred (ForbiddenException) when calling the $2 operation" >&2; exit 254; }
arg() { local name="$1"; shift; while [ $# -gt 0 ]; do [ "$1" = "$name" ] && { echo "$2"; return; }; shift; done; }
case "$1 $2" in
  "kafka describe-cluster") printf '%s\\t%s\\t%s\\n' $(cat "$STATE/current") ;;
  "kafka describe-configuration-revision") base64 -w0 "$STATE/rev-$(arg --revision "$@").properties"; echo ;;
  "kafka update-configuration")
    next=$(( $(ls "$STATE" | grep -c '^rev-') + 1 ))
    cp "$(arg --server-properties "$@" | sed 's|^fileb://||')" "$STATE/rev-$next.properties"; echo "$next" ;;
  "kafka update-cluster-configuration")
    [ "$(arg --current-version "$@")" = "$(cut -d' ' -f3 "$STATE/current")" ] || { echo "version mismatch" >&2; exit 254; }
    arg --configuration-info "$@" >> "$STATE/applied" ;;
  *) echo "unexpected aws $*" >&2; exit 2 ;;
esac`;
  const CONFIG =
    'arn:aws:kafka:eu-central-1:111122223333:configuration/payments-brokers/4c1a7e2b-9f3d-4b8e-a6c5-2d7f1e0b3a9c-2';
  const TODAY = [
    'auto.create.topics.enable=false',
    'allow.everyone.if.no.acl.found = true',
    'log.retention.hours=72',
    'min.insync.replicas=2',
  ].join('\n');
  const mskSetup = (current: string, extra?: (state: string) => void) => (bin: string, _dir: string, state: string) => {
    standIn(bin, 'aws', AWS);
    writeFileSync(path.join(state, 'current'), current);
    writeFileSync(path.join(state, 'rev-1.properties'), `${TODAY}\n`);
    writeFileSync(path.join(state, 'rev-2.properties'), `${TODAY}\n`);
    extra?.(state);
  };

  test('the configuration block keeps every other property, sets the default to false once and applies the new revision', () => {
    const block = blockWith(mskTab, 'update-cluster-configuration');
    const run = runAsPrinted(block.code, mskSetup(`${CONFIG} 2 K3EXAMPLE`));
    expect(run.state('applied')?.trim()).toBe(`Arn=${CONFIG},Revision=3`);
    const written = run.state('rev-3.properties')!.trim().split('\n');
    expect(written.filter((line) => line.includes('allow.everyone.if.no.acl.found'))).toEqual([
      'allow.everyone.if.no.acl.found=false',
    ]);
    expect(written.filter((line) => !line.includes('allow.everyone'))).toEqual(
      TODAY.split('\n').filter((line) => !line.includes('allow.everyone')),
    );
    // The revision it started from is untouched, to go back to.
    expect(run.state('rev-2.properties')).toBe(`${TODAY}\n`);
  });

  test('changes nothing on MSK’s default configuration or when the cluster cannot be read', () => {
    const block = blockWith(mskTab, 'update-cluster-configuration');
    const onDefault = runAsPrinted(block.code, mskSetup('None None K3EXAMPLE'));
    expect(onDefault.state('applied')).toBeUndefined();
    expect(onDefault.calls.some((call) => call.startsWith('kafka update-configuration'))).toBe(false);
    const denied = runAsPrinted(
      block.code,
      mskSetup(`${CONFIG} 2 K3EXAMPLE`, (state) => writeFileSync(path.join(state, 'denied'), '')),
    );
    expect(denied.state('applied')).toBeUndefined();
    expect(denied.state('rev-3.properties')).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Row 4: the Snowflake reports of the Airflow and Dagster pages.

test('Snowflake (row 4): the hourly CREATE OR REPLACE TABLE of the Airflow and Dagster reports keeps the grants of the table it replaces', () => {
  // docs.snowflake.com: user-guide/object-clone ("When the COPY GRANTS parameter is specified in a CREATE TABLE
  // statement, the create operation copies all privileges, except OWNERSHIP, from the source table to the new
  // table"), release-notes/bcr-bundles/2026_08/bcr-2433 (without COPY GRANTS, CREATE OR REPLACE drops the
  // privileges granted on the replaced object; copying them by default is a pending bundle),
  // sql-reference/sql/create-table (CTAS: CREATE [ OR REPLACE ] TABLE <name> ... [ COPY GRANTS ] AS <query>).
  for (const file of ['pipelines/airflow.md', 'pipelines/dagster.md']) {
    const body = page(file);
    let statements = 0;
    for (const block of codeBlocks(body)) {
      // A Python string split over several literals reads as one statement.
      const code = block.code.replace(/"\s*\n\s*"/g, '');
      for (const match of code.matchAll(/CREATE\s+OR\s+REPLACE\s+TABLE\s+([\w.]+)\s+([\s\S]*?)\bAS\b/g)) {
        statements += 1;
        expect(match[2].trim(), `${file}: the clauses between ${match[1]} and AS`).toBe('COPY GRANTS');
        // Within a few lines above the statement, a comment says what it replaces and what it keeps.
        const before = code.slice(0, match.index).split('\n').slice(-4).join('\n');
        expect(before, `${file}: the comment above CREATE OR REPLACE TABLE ${match[1]}`).toMatch(
          /# CREATE OR REPLACE swaps in a new table[^\n]*\n\s*# [^\n]*privileges/,
        );
      }
    }
    expect(statements, `${file}: the report's CREATE OR REPLACE TABLE`).toBe(1);
    const prose = withoutCode(body);
    expectPresent(prose, /`CREATE OR REPLACE TABLE` drops the existing `DAILY_REVENUE`/, `${file}: what it replaces`);
    expectPresent(
      prose,
      /keeps every privilege\s+of the\s+one it replaces except `OWNERSHIP`/,
      `${file}: what it keeps`,
    );
  }
  // No other CREATE OR REPLACE TABLE of the section drops grants.
  for (const {file, body} of markdownFiles(`${DOCS}/pipelines`))
    for (const block of codeBlocks(body))
      for (const match of block.code
        .replace(/"\s*\n\s*"/g, '')
        .matchAll(/CREATE\s+OR\s+REPLACE\s+TABLE\s+[\w.]+\s+(\w+\s+\w+)?/g))
        expect(match[1], `${file}:${block.line}`).toBe('COPY GRANTS');
});

// ---------------------------------------------------------------------------------------------------------------
// Row 6: regex rules.

/** Every `regex` rule pattern the docs and the OpenAPI file show: JSON and YAML rule bodies, and rules.md's list. */
function regexRuleExamples(): {where: string; pattern: string}[] {
  const found: {where: string; pattern: string}[] = [];
  for (const file of [...markdownFiles('docs'), ...markdownFiles('blog')])
    for (const block of codeBlocks(file.body)) {
      for (const match of block.code.matchAll(/"rule_type":\s*"regex"[\s\S]*?"expression":\s*"((?:[^"\\]|\\.)*)"/g))
        found.push({where: `${file.file}:${block.line}`, pattern: JSON.parse(`"${match[1]}"`) as string});
      for (const match of block.code.matchAll(/rule_type:\s*regex\s*\n\s*expression:\s*"?([^"\n]+)"?/g))
        found.push({where: `${file.file}:${block.line}`, pattern: match[1].trim()});
    }
  const openapi = readFileSync('openapi/vigil-api.yaml', 'utf8');
  for (const match of openapi.matchAll(/rule_type:\s*regex\s*\n\s*expression:\s*'?([^'\n]+)'?/g))
    found.push({where: 'openapi/vigil-api.yaml', pattern: match[1].trim()});
  return found;
}

test('Rules (row 6): regex patterns are anchored with ^...$, because Snowflake matches the whole value and the other warehouses any part of it', () => {
  // docs.snowflake.com/en/sql-reference/functions/regexp_like and /regexp ([NOT] REGEXP, alias RLIKE): "The function
  // implicitly anchors a pattern at both ends ('ABC' automatically becomes '^ABC$')".
  // postgresql.org/docs/current/functions-matching.html (POSIX regular expressions): a regular expression "is allowed
  // to match anywhere within a string, unless the regular expression is explicitly anchored".
  // docs.aws.amazon.com/redshift/latest/dg/pattern-matching-conditions-posix.html: "POSIX regular expression patterns
  // can match any portion of a string"; `~` performs "a case-sensitive match for any substring".
  // GoogleSQL REGEXP_CONTAINS: a partial match (Google's Looker Studio page of the same function: "true if value X or
  // any substring thereof matches").
  // docs.databricks.com/sql/language-manual/functions/rlike.html and regexp_like.html (a Java regular expression;
  // the PySpark reference's example: regexp_like('1a 2b 14m', '(\d+)') is true).
  // MySQL Reference Manual, Pattern Matching: "A REGEXP pattern match succeeds if the pattern matches anywhere in the
  // value being tested"; REGEXP and RLIKE are synonyms of REGEXP_LIKE().
  const regex = subsection(page('features/rules.md'), 'Regex');
  const prose = withoutCode(regex);
  expectPresent(prose, /[Aa]nchor every pattern with `\^` at the start and `\$` at the end/, 'the advice to anchor');
  expectPresent(prose, /Snowflake matches the pattern against the whole value/, 'what the vendor docs state');
  expectPresent(prose, /the others pass a value when the pattern matches any part of it/, 'what the vendor docs state');

  // One row per SQL datastore: the function Vigil uses, as that datastore's page prints it, and what a match is.
  const [header, ...rows] = tableRows(regex);
  expect(header).toEqual(['Datastore', 'Function Vigil uses', 'A value matches when the pattern matches']);
  const pages: Record<string, string> = {
    Snowflake: 'snowflake',
    'Google BigQuery': 'bigquery',
    'Databricks SQL': 'databricks',
    'Amazon Redshift': 'redshift',
    PostgreSQL: 'postgresql',
    MySQL: 'mysql',
  };
  expect(rows.map((row) => row[0])).toEqual(Object.keys(pages));
  for (const [datastore, fn, match] of rows) {
    expect(match, datastore).toBe(datastore === 'Snowflake' ? 'The whole value' : 'Any part of the value');
    const name = /^`([^`]+)`/.exec(fn)?.[1];
    expect(name, `${datastore}: a function in code`).toBeDefined();
    const sentence = /A `regex` rule [^.]*\./.exec(
      withoutCode(page(`configuring-datastore/${pages[datastore]}.md`)),
    )?.[0];
    expect(sentence, `${datastore}: the page says what a regex rule sends`).toBeDefined();
    expect(sentence, `${datastore}: its page's regex rule uses ${name}`).toContain(name!);
  }

  // Every example pattern of the docs and the OpenAPI file: anchored, alternatives grouped inside the anchors, and
  // so the same under a substring match (JavaScript's test) and a whole-value match (Snowflake's reading).
  const listed = [...prose.matchAll(/^- [^\n]*: `(\^[^`]*)`$/gm)].map((match) => ({
    where: 'rules.md list',
    pattern: match[1],
  }));
  expect(listed.length, 'anchored examples listed on the page').toBeGreaterThanOrEqual(3);
  const examples = [...regexRuleExamples(), ...listed];
  expect(examples.length).toBeGreaterThanOrEqual(6);
  const probes = ['DE', 'GERMANY', 'xDE', 'DE ', 'ORD-0000001', 'XORD-00000012', 'EUR', 'EURO', 'NOK-GBP', 'USD1', ''];
  for (const {where, pattern} of examples) {
    expect(pattern, `${where}: anchored at both ends`).toMatch(/^\^.*\$$/);
    if (pattern.includes('|'))
      expect(pattern, `${where}: alternatives grouped inside the anchors`).toMatch(/^\^\(.*\)\$$/);
    const substring = new RegExp(pattern);
    const whole = new RegExp(`^(?:${pattern})$`);
    for (const value of probes)
      expect(substring.test(value), `${where}: ${pattern} on "${value}" is the same in both readings`).toBe(
        whole.test(value),
      );
  }
  // The page's own counter-example: the unanchored pattern reads differently, the anchored one does not.
  expect(new RegExp('[A-Z]{2}').test('GERMANY')).not.toBe(new RegExp('^(?:[A-Z]{2})$').test('GERMANY'));
});

// ---------------------------------------------------------------------------------------------------------------
// Rows 8 to 11: AWS, PostgreSQL and MySQL on the network and relational datastore pages.

test('Network access and Amazon Redshift (row 8): a provisioned cluster gets cluster relocation (or Multi-AZ) before its Redshift-managed VPC endpoint', () => {
  // docs.aws.amazon.com/redshift/latest/mgmt: managing-cluster-cross-vpc ("Considerations when using Redshift-managed
  // VPC endpoints": RA3, and relocation or Multi-AZ on a provisioned cluster), managing-cluster-recovery ("Relocating
  // a cluster": modify-cluster --availability-zone-relocation, the proxy and reboot, the unchanged endpoint, no extra
  // charge, ports 5431-5455 and 8191-8215, the console path), API_Cluster (AvailabilityZoneRelocationStatus, MultiAZ).
  const network = page('configuring-datastore/network-access.md');
  const grant = subsection(network, 'Grant Vigil access to a Redshift cluster or workgroup');
  const text = prose(grant);
  expectPresent(
    text,
    /only with the RA3 node type and with cluster relocation or Multi-AZ turned on/,
    'the requirement',
  );
  expectPresent(text, /moves the cluster behind a proxy, which reboots it once/, 'the effect: one reboot');
  expectPresent(text, /the cluster keeps its endpoint/, 'the effect: the endpoint stays');
  expectPresent(text, /5431-5455 or 8191-8215/, 'the port ranges relocation takes');
  expectPresent(
    text,
    /\*\*Maintenance\*\* tab, \*\*Edit\*\* in \*\*Backup details\*\*, then \*\*Cluster relocation\*\*/,
    'the console path',
  );
  const privateLink = tableRows(section(network, 'AWS PrivateLink')).find((row) => row[0] === 'Amazon Redshift')!;
  expect(privateLink[1]).toMatch(/RA3 clusters with cluster relocation or Multi-AZ turned on/);

  // The cluster blocks of the section, in page order, against a stand-in of aws that, like Redshift, refuses
  // authorize-endpoint-access on a cluster with neither relocation nor Multi-AZ.
  const clusterBlocks = codeBlocks(grant)
    .filter((block) => block.language === 'bash' && /aws redshift /.test(block.code))
    .map((block) => block.code);
  expect(clusterBlocks.length).toBeGreaterThanOrEqual(2);
  const run = runAsPrinted(clusterBlocks.join('\n'), (bin, _dir, state) => {
    standIn(
      bin,
      'aws',
      `
relocation=$(cat "$STATE/relocation" 2>/dev/null || echo disabled)
case "$1 $2" in
  "redshift describe-clusters") printf 'ra3.xlplus\\t%s\\tDisabled\\t5439\\n' "$relocation" ;;
  "redshift modify-cluster")
    case " $* " in *" --availability-zone-relocation "*) echo enabled > "$STATE/relocation" ;; esac ;;
  "redshift authorize-endpoint-access")
    if [ "$relocation" != enabled ]; then
      echo "An error occurred (InvalidClusterState): the cluster needs relocation or Multi-AZ" >&2; exit 254
    fi
    echo authorized >> "$STATE/authorized" ;;
  *) echo "unexpected aws $*" >&2; exit 2 ;;
esac`,
    );
    void state;
  });
  expect(run.calls.some((call) => /^redshift describe-clusters .*AvailabilityZoneRelocationStatus/.test(call))).toBe(
    true,
  );
  const relocate = run.calls.findIndex((call) =>
    /^redshift modify-cluster --cluster-identifier analytics-cluster --availability-zone-relocation$/.test(call),
  );
  const authorize = run.calls.findIndex((call) => call.startsWith('redshift authorize-endpoint-access'));
  expect(relocate, 'relocation is turned on').toBeGreaterThanOrEqual(0);
  expect(authorize, 'then Vigil is authorized').toBeGreaterThan(relocate);
  expect(run.state('authorized')?.trim()).toBe('authorized');

  // The Redshift page says the same, with the command.
  const redshift = prose(section(page('configuring-datastore/redshift.md'), 'Allow network access'));
  expectPresent(
    redshift,
    /with RA3 nodes and with cluster relocation or Multi-AZ turned on/,
    'Redshift: the requirement',
  );
  expectPresent(
    redshift,
    /`aws redshift modify-cluster --cluster-identifier analytics-cluster --availability-zone-relocation`/,
    'Redshift: the command',
  );
  expectPresent(
    redshift,
    /behind a proxy, which reboots it once, and the cluster keeps its endpoint/,
    'Redshift: the effect',
  );
});

for (const [name, file, port] of [
  ['PostgreSQL', 'configuring-datastore/postgresql.md', 5432],
  ['MySQL', 'configuring-datastore/mysql.md', 3306],
] as const) {
  test(`${name} (row 9): the PrivateLink load balancer gets cross-zone load balancing, off by default on a Network Load Balancer`, () => {
    // docs.aws.amazon.com/elasticloadbalancing/latest/network: target-group-cross-zone (off by default at the load
    // balancer level; an empty Availability Zone is unhealthy; EC2 data transfer charges), edit-load-balancer-
    // attributes (modify-load-balancer-attributes, load_balancing.cross_zone.enabled), enable-zonal-shift (the target
    // group attribute's default, use_load_balancer_configuration).
    const privateLink = section(page(file), 'AWS PrivateLink');
    const create = subsection(privateLink, 'Create the load balancer');
    const text = prose(create);
    expectPresent(text, /unless cross-zone load balancing is on, which it is not by default/, 'off by default');
    expectPresent(text, /AWS counts a zone without a registered target as unhealthy/, 'an empty zone');
    expectPresent(text, /AWS bills the traffic between zones as EC2 data transfer/, 'the cost');
    const block = blockMatching(create, /create-load-balancer/);
    // aws: create-target-group and create-load-balancer print an ARN, as with --query … --output text.
    const TG = `arn:aws:elasticloadbalancing:eu-central-1:111122223333:targetgroup/vigil-${name.toLowerCase()}/0a1b2c3d`;
    const NLB = `arn:aws:elasticloadbalancing:eu-central-1:111122223333:loadbalancer/net/vigil-${name.toLowerCase()}/4e5f6a7b`;
    const run = runAsPrinted(block.code, (bin) =>
      standIn(
        bin,
        'aws',
        `case "$1 $2" in
  "elbv2 create-target-group") echo "${TG}" ;;
  "elbv2 create-load-balancer") echo "${NLB}" ;;
  "elbv2 register-targets"|"elbv2 create-listener"|"elbv2 modify-load-balancer-attributes") ;;
  *) echo "unexpected aws $*" >&2; exit 2 ;;
esac`,
      ),
    );
    const created = run.calls.findIndex((call) => call.startsWith('elbv2 create-load-balancer'));
    const crossZone = run.calls.findIndex((call) => call.startsWith('elbv2 modify-load-balancer-attributes'));
    expect(created).toBeGreaterThanOrEqual(0);
    expect(crossZone, 'cross-zone load balancing is turned on after the load balancer exists').toBeGreaterThan(created);
    expect(run.calls[crossZone]).toBe(
      `elbv2 modify-load-balancer-attributes --load-balancer-arn ${NLB} --attributes Key=load_balancing.cross_zone.enabled,Value=true`,
    );
    expect(run.calls.find((call) => call.startsWith('elbv2 create-listener'))).toContain(`--port ${port}`);
    // The troubleshooting of the test names the attribute too.
    expectPresent(
      prose(subsection(privateLink, 'Test over PrivateLink')),
      /cross-zone load balancing is on \(`aws elbv2 describe-load-balancer-attributes --load-balancer-arn "\$NLB_ARN"`/,
      'the check when the test times out',
    );
  });
}

test.describe('PostgreSQL (row 10): the password hash check, run as printed', () => {
  // postgresql.org/docs: catalog-pg-authid (not publicly readable), view-pg-roles (publicly readable, password shown as
  // ********). docs.aws.amazon.com/AmazonRDS: PostgreSQL_Password_Encryption_configuration (CREATE EXTENSION
  // rds_tools; rds_tools.role_password_encryption_type(): rolname, encryption_type md5 or scram-sha-256),
  // Appendix.PostgreSQL.CommonDBATasks.Roles (rds_superuser, not a superuser). cloud.google.com/sql/docs/postgres/users
  // (no superuser; cloudsqlsuperuser). learn.microsoft.com/azure/postgresql security-access-control (azure_pg_admin;
  // only Microsoft holds azuresu).
  const PAGE = 'configuring-datastore/postgresql.md';
  let server: PostgresServer | undefined;
  test.beforeAll(async () => {
    server = await startPostgres();
  });
  test.afterAll(() => server?.stop());

  test('pg_authid needs a superuser, pg_roles hides the hash, and the page’s statements answer on every kind of server', () => {
    const postgres = server!;
    const grant = section(page(PAGE), 'Grant access');
    const text = prose(grant);
    expectPresent(
      text,
      /Amazon RDS, Aurora, Cloud SQL and Azure Database for PostgreSQL give you no superuser: their admin roles \(`rds_superuser`, `cloudsqlsuperuser`, `azure_pg_admin`\) get `permission denied for table pg_authid`/,
      'the managed services',
    );
    expectPresent(text, /`pg_roles`, shows `\*\*\*\*\*\*\*\*` in place of every password/, 'what pg_roles shows');
    expectPresent(
      text,
      /On Cloud SQL and Azure no role can read the hash: set the password again/,
      'Cloud SQL and Azure',
    );
    const authid = blockMatching(grant, /FROM pg_authid/).code;
    const rdsTools = blockMatching(grant, /rds_tools/).code;
    expect(rdsTools).toMatch(/^CREATE EXTENSION IF NOT EXISTS rds_tools;$/m);

    // The admin of a managed service: creates roles, no superuser. vigil gets an MD5 password, as on PostgreSQL 13.
    postgres.sql(
      `CREATE ROLE vigil_admin LOGIN CREATEROLE;
       SET password_encryption = 'md5';
       CREATE ROLE vigil LOGIN PASSWORD 'Test-password-1';`,
      {user: 'postgres', database: 'postgres'},
    );
    expect(() => postgres.sql(authid, {user: 'vigil_admin', database: 'postgres'})).toThrow(
      /permission denied for table pg_authid/,
    );
    expect(postgres.sql(authid, {user: 'postgres', database: 'postgres'})).toMatch(/^ vigil +\| f$/m);
    expect(
      postgres.sql("SELECT rolname, rolcanlogin, rolpassword FROM pg_roles WHERE rolname = 'vigil';", {
        user: 'vigil_admin',
        database: 'postgres',
      }),
    ).toMatch(/^ vigil +\| t +\| \*{8}$/m);

    // rds_tools exists on RDS and Aurora only: here a function of the same name and columns as AWS documents, so
    // that the page's SELECT runs as printed (the CREATE EXTENSION line cannot run outside RDS).
    postgres.sql(
      `CREATE SCHEMA rds_tools;
       CREATE FUNCTION rds_tools.role_password_encryption_type() RETURNS TABLE (rolname name, encryption_type text)
         LANGUAGE sql SECURITY DEFINER AS $$
           SELECT rolname, CASE WHEN rolpassword LIKE 'SCRAM-SHA-256$%' THEN 'scram-sha-256'
                                WHEN rolpassword LIKE 'md5%' THEN 'md5' END
           FROM pg_authid $$;
       GRANT USAGE ON SCHEMA rds_tools TO vigil_admin;`,
      {user: 'postgres', database: 'postgres'},
    );
    const select = rdsTools.replace(/^CREATE EXTENSION[^\n]*\n/m, '');
    expect(postgres.sql(select, {user: 'vigil_admin', database: 'postgres'})).toMatch(/^ vigil +\| md5$/m);

    // The remedy the page gives, as the admin: the SET of grant-access.sql, then a new password; now SCRAM.
    const set = titled(grant, 'grant-access.sql').code.split('\n')[0];
    expect(set).toBe("SET password_encryption = 'scram-sha-256';");
    postgres.sql(`${set}\nALTER ROLE vigil PASSWORD 'Test-password-1';`, {user: 'vigil_admin', database: 'postgres'});
    expect(postgres.sql(authid, {user: 'postgres', database: 'postgres'})).toMatch(/^ vigil +\| t$/m);
    expect(postgres.sql(select, {user: 'vigil_admin', database: 'postgres'})).toMatch(/^ vigil +\| scram-sha-256$/m);
  });
});

test.describe('MySQL (row 11): ending vigil’s sessions, run as printed on MariaDB', () => {
  // dev.mysql.com/doc/refman/8.4/en: performance-schema-processlist-table (needs the Performance Schema enabled at
  // startup, else it may not return all data; performance_schema_show_processlist), information-schema-processlist-
  // table (deprecated, still present; needs PROCESS for other users' threads), show-processlist (the Performance Schema
  // implementation from 8.0.22). dev.mysql.com/worklog/task/?id=9090 (performance_schema.processlist created in
  // 8.0.22). What this cannot run: MySQL 8's own server, so the branch that reads performance_schema.processlist; on
  // MariaDB, which has no such table, the statement takes its fallback, information_schema.PROCESSLIST.
  const PAGE = 'configuring-datastore/mysql.md';
  let server: MariadbServer | undefined;
  let session: ChildProcess | undefined;
  test.beforeAll(async () => {
    server = await startMariadb();
  });
  test.afterAll(async () => {
    session?.kill();
    await server?.stop();
  });

  test('the statement prints one KILL per session of vigil whether or not performance_schema.processlist exists', async () => {
    const mariadb = server!;
    const removal = section(page(PAGE), "Remove Vigil's access");
    const text = prose(removal);
    expectPresent(text, /`performance_schema\.processlist` exists from MySQL 8\.0\.22 on/, 'the version');
    expectPresent(text, /filled only while the server runs with `performance_schema` on/, 'performance_schema off');
    expectPresent(text, /`SHOW PROCESSLIST` lists the same sessions/, 'SHOW PROCESSLIST');
    const block = blockMatching(removal, /ACCOUNT LOCK/).code;
    const step = (number: number) => {
      const start = block.indexOf(`-- ${number}. `);
      const end = block.indexOf(`-- ${number + 1}. `);
      expect(start, `step ${number}`).toBeGreaterThanOrEqual(0);
      return block.slice(start, end === -1 ? undefined : end);
    };
    expect(step(2)).toMatch(/information_schema\.PROCESSLIST/);
    expect(step(2)).toMatch(/performance_schema\.processlist/);

    const grants = titled(page(PAGE), 'grant-access.sql').code.replace('<vigil-password>', 'Test-password-1');
    mariadb.rootSql('CREATE DATABASE analytics;');
    mariadb.rootSql(grants);
    // One open session of vigil, over TLS as REQUIRE SSL asks, that stays until it is killed.
    session = spawn(
      MARIADB.client,
      [
        '--no-defaults',
        '--host=127.0.0.1',
        `--port=${mariadb.port}`,
        '--user=vigil',
        '--password=Test-password-1',
        '--ssl',
        '--batch',
        '--execute=SELECT SLEEP(120);',
      ],
      {stdio: 'ignore'},
    );
    const vigilIds = () =>
      mariadb
        .rootSql("SELECT ID FROM information_schema.PROCESSLIST WHERE USER = 'vigil';")
        .split('\n')
        .slice(1)
        .filter(Boolean);
    for (let tries = 0; vigilIds().length === 0; tries += 1) {
      expect(tries, 'the vigil session is open').toBeLessThan(100);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [id] = vigilIds();

    // Steps 1 and 2 as printed, in one session of the admin (root here): the lock, then the list.
    const listed = mariadb.rootSql(step(1) + step(2));
    const statements = listed.split('\n').filter((line) => /^KILL /.test(line));
    expect(listed.split('\n')[0]).toBe('statement_to_run');
    expect(statements).toEqual([`KILL ${id};`]);
    // MariaDB has no performance_schema.processlist: the statement chose the fallback.
    expect(mariadb.rootSql(step(2).replace(/EXECUTE[\s\S]*$/, 'SELECT @sessions;'))).toContain(
      'information_schema.PROCESSLIST',
    );
    // The printed KILL ends the session, and only it; then step 3 drops the account.
    mariadb.rootSql(statements.join('\n'));
    for (let tries = 0; vigilIds().length > 0; tries += 1) {
      expect(tries, 'the vigil session is gone').toBeLessThan(100);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    mariadb.rootSql(step(3));
    expect(mariadb.rootSql("SELECT COUNT(*) FROM mysql.user WHERE User = 'vigil';").split('\n')[1]).toBe('0');
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Row 12: the Snowflake key-pair fingerprint check (SNOWFLAKE is row 16's page too).

const SNOWFLAKE = 'configuring-datastore/snowflake.md';

test('Snowflake (row 12): the fingerprint check reads the kept public key, and prints what DESC USER shows after SHA256:', () => {
  // docs.snowflake.com/en/user-guide/key-pair-auth ("Verify the user's public key fingerprint":
  // `openssl rsa -pubin -in rsa_key.pub -outform DER | openssl dgst -sha256 -binary | openssl enc -base64`, compared
  // with RSA_PUBLIC_KEY_FP without its `SHA256:` prefix).
  const body = page(SNOWFLAKE);
  const prose = withoutCode(body);
  // The files the page tells the reader to delete, in prose or with rm.
  const deleted = new Set<string>([
    ...[...prose.matchAll(/\bdelete\b[^.]*?`([\w.-]+\.\w+)`/gi)].map((match) => match[1]),
    ...fencedBlocks(body).flatMap((block) =>
      [...block.code.matchAll(/\brm\s+(?:-\w+\s+)*([\w.-]+)/g)].map((m) => m[1]),
    ),
  ]);
  expect(deleted.has('vigil_rsa_key.p8')).toBe(true);
  // Every file a command of Troubleshooting reads: in its code blocks and in its inline commands.
  const troubleshooting = section(body, 'Troubleshooting');
  const commands = [
    ...fencedBlocks(troubleshooting).map((block) => block.code),
    ...[...withoutCode(troubleshooting).matchAll(/`((?:openssl|jq|cat|snowsql|curl)\b[^`]*)`/g)].map((m) => m[1]),
  ];
  const read = commands.flatMap((command) =>
    [...command.matchAll(/[\w-]+\.(?:p8|pub|pem|key|der|json)\b/g)].map((m) => m[0]),
  );
  expect(read.length, 'the troubleshooting section reads a key file').toBeGreaterThan(0);
  for (const file of read)
    expect(deleted.has(file), `${file} is read in Troubleshooting but deleted earlier`).toBe(false);

  // Run it as printed: the page's key generation, the deletion of the private key, then the check.
  const generate = codeBlocks(section(body, 'Grant access')).find((block) => block.code.includes('openssl genrsa'))!;
  const check = blockWith(troubleshooting, 'openssl dgst -sha256');
  const run = runAsPrinted(
    `${generate.code}\nrm vigil_rsa_key.p8\necho "--- public key"\ncat vigil_rsa_key.pub\necho "--- fingerprint"\n${check.code}`,
    () => undefined,
  );
  const [, publicKey, fingerprint] = run.stdout.split(/^--- (?:public key|fingerprint)$/m);
  expect(publicKey).toContain('-----BEGIN PUBLIC KEY-----');
  const der = createPublicKey(publicKey.trim()).export({type: 'spki', format: 'der'});
  const expected = createHash('sha256').update(der).digest('base64');
  expect(fingerprint.trim()).toBe(expected);
  // Snowflake's RSA_PUBLIC_KEY_FP is this value after "SHA256:".
  expect(`SHA256:${fingerprint.trim()}`).toMatch(/^SHA256:[A-Za-z0-9+/]{43}=$/);
  expectPresent(
    withoutCode(troubleshooting).replace(/\s+/g, ' '),
    /after a `SHA256:` prefix/,
    'how Snowflake shows it',
  );
  // The public key stays on the machine: the page says to keep it.
  expectPresent(prose.replace(/\s+/g, ' '), /keep `vigil_rsa_key\.pub`/, 'the public key is kept');
  expect(readFileSync(`${DOCS}/${SNOWFLAKE}`, 'utf8')).not.toMatch(
    /openssl rsa -in vigil_rsa_key\.p8 -pubout -outform DER/,
  );
});

// ---------------------------------------------------------------------------------------------------------------
// Rows 14 and 15: Airflow and GitHub Actions.

/** Whether a line of a glob-syntax .airflowignore matches `file` (a name in the folder of the .airflowignore). */
function globIgnores(pattern: string, file: string): boolean {
  const anchored = pattern.replace(/^\//, '');
  const regex = anchored
    .split('**')
    .map((part) =>
      part
        .replace(/[.+^${}()|\\]/g, '\\$&')
        .replace(/\*/g, '[^/]*')
        .replace(/\?/g, '[^/]'),
    )
    .join('.*');
  // A pattern without a slash may match at any level below the .airflowignore (gitignore rules).
  return new RegExp(anchored.includes('/') ? `^${regex}$` : `(^|/)${regex}$`).test(file);
}

test('Airflow (row 14): vigil_gate.py in the DAGs folder is kept from the DAG processor by .airflowignore, in both pattern syntaxes', () => {
  // airflow.apache.org (apache/airflow airflow-core/docs): core-concepts/dags ("Airflow only considers Python files
  // that contain the strings airflow and dag (case-insensitively)"; .airflowignore: DAG_IGNORE_FILE_SYNTAX
  // "glob in Airflow 3 or later (in previous versions it was regexp)", regexp lines matched with Pattern.search);
  // config.yml ([core] dag_discovery_safe_mode, [core] dag_ignore_file_syntax default "glob");
  // administration-and-deployment (DAG file processing, Airflow 3: the DagFileProcessorManager "runs as a standalone
  // process by running the airflow dag-processor CLI command"); modules_management (the dags folder is on sys.path).
  const body = page('pipelines/airflow.md');
  const gate = titled(page('pipelines/index.md'), 'vigil_gate.py').code.toLowerCase();
  // Why the module needs it: safe mode parses it.
  expect(gate.includes('airflow') && gate.includes('dag')).toBe(true);

  const dag = section(body, 'The DAG');
  const lines = titled(dag, '.airflowignore')
    .code.split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  expect(lines.length).toBeGreaterThan(0);
  const regexpIgnores = (file: string) => lines.some((line) => new RegExp(line).test(file));
  const globIgnoresFile = (file: string) => lines.some((line) => globIgnores(line, file));
  expect(regexpIgnores('vigil_gate.py'), 'regexp syntax (Airflow 2 default)').toBe(true);
  expect(globIgnoresFile('vigil_gate.py'), 'glob syntax (Airflow 3 default)').toBe(true);
  // The DAG file itself is not ignored.
  expect(regexpIgnores('orders_hourly.py')).toBe(false);
  expect(globIgnoresFile('orders_hourly.py')).toBe(false);
  expect(titled(dag, 'orders_hourly.py').code).toMatch(/^import vigil_gate\b/m);

  const prose = withoutCode(body);
  expectPresent(prose, /the DAG processor, a\s+component of its own started with `airflow dag-processor`/, 'Airflow 3');
  expectPresent(
    prose,
    /`glob`, the default since Airflow 3, and\s+`regexp`, the default of Airflow 2/,
    'both syntaxes',
  );
  expectPresent(prose, /keep the lines the file already has/, 'a merge into an existing .airflowignore');
  expectAbsent(prose, /while the\s+scheduler parses the file/, 'Airflow 3 parses files in the DAG processor');
});

test('GitHub Actions (row 15): the workflow uses the current major versions of actions/checkout and actions/setup-python', () => {
  // github.com/actions/checkout: CHANGELOG (v7.0.0, v7.0.1 of 2026-07-17; no v8 tag), README ("Checkout v7",
  // node24 "requires a minimum Actions Runner version of v2.327.1"); github.com/actions/setup-python: README
  // ("What's new in V7", examples with actions/setup-python@v7), tag v7.0.0 of 2026-07-19, no v8 tag.
  const body = page('pipelines/github-actions.md');
  type Workflow = {jobs: Record<string, {steps: Array<{uses?: string}>}>};
  const workflow = yaml.load(titled(body, '.github/workflows/vigil.yml').code) as Workflow;
  const uses = Object.values(workflow.jobs).flatMap((job) =>
    job.steps.flatMap((step) => (step.uses ? [step.uses] : [])),
  );
  expect(uses.sort()).toEqual([
    'actions/checkout@v7',
    'actions/checkout@v7',
    'actions/setup-python@v7',
    'actions/setup-python@v7',
  ]);
  const prose = withoutCode(body);
  expectAbsent(prose, /actions\/(checkout@v[4-6]|setup-python@v[4-6])/, 'an earlier major version');
  expectPresent(
    prose,
    /self-hosted runner needs\s+version 2\.327\.1 or later/,
    'the runner that Node.js 24 actions need',
  );
});

// ---------------------------------------------------------------------------------------------------------------
// Row 16: Snowflake account locators, service users and the MFA rollout.

test('Snowflake (row 16): locators name their cloud where Snowflake’s table does, SERVICE users’ methods, the MFA rollout page', () => {
  // docs.snowflake.com/en/user-guide/admin-account-identifier (locator formats by cloud platform and region:
  // xy12345 in AWS US West (Oregon), xy12345.us-east-2.aws, xy12345.ca-central-1.aws, xy12345.eu-central-1, Azure
  // xy12345.east-us-2.azure; CURRENT_ORGANIZATION_NAME/CURRENT_ACCOUNT_NAME give orgname-account_name);
  // user-guide/admin-user-management (TYPE = SERVICE: no password, no SAML SSO, no MFA); sql-reference
  // show-user-workload-identity-authentication-methods (workload identity federation for service users),
  // user-guide/partner-authentication-support (OAuth, key pair, programmatic access tokens);
  // user-guide/security-mfa-rollout ("Planning for the deprecation of single-factor password sign-ins": milestones,
  // LEGACY_SERVICE, reader/Open Catalog/trial accounts not covered).
  const body = page(SNOWFLAKE);
  const troubleshooting = withoutCode(section(body, 'Troubleshooting')).replace(/\s+/g, ' ');
  expectAbsent(troubleshooting, /and cloud, outside AWS/, 'a rule Snowflake’s table contradicts');
  expectPresent(troubleshooting, /`xy12345\.us-east-2\.aws` in AWS US East \(Ohio\)/, 'an AWS locator with its cloud');
  expectPresent(troubleshooting, /Only AWS US West \(Oregon\) uses the bare locator/, 'the one bare form');
  expectPresent(troubleshooting, /docs\.snowflake\.com\/en\/user-guide\/admin-account-identifier/, 'Snowflake’s table');
  expectPresent(
    troubleshooting,
    /CURRENT_ORGANIZATION_NAME\(\) \|\| '-' \|\| CURRENT_ACCOUNT_NAME\(\)/,
    'the preferred form',
  );

  const grant = withoutCode(section(body, 'Grant access')).replace(/\s+/g, ' ');
  expectAbsent(grant, /only with the key/, 'a claim the vendor docs do not support');
  expectPresent(
    grant,
    /A service user signs in with a key pair, OAuth, a programmatic access token or workload identity federation/,
    'the sign-in methods of SERVICE users',
  );

  const fields = withoutCode(section(body, 'Connection fields')).replace(/\s+/g, ' ');
  expectPresent(
    fields,
    /\]\(https:\/\/docs\.snowflake\.com\/en\/user-guide\/security-mfa-rollout\)/,
    'Snowflake’s rollout page',
  );
  expectAbsent(fields, /final enforcement/i, 'a date the page states as done');
  expectAbsent(
    fields,
    /\b(?:January|February|March|April|May|June|July|August|September|October|November|December) 20\d\d\b/,
    'a date instead of Snowflake’s page',
  );
  expectPresent(
    fields,
    /reader accounts, Open Catalog accounts and trial accounts/,
    'who the deprecation does not cover',
  );
});

// ---------------------------------------------------------------------------------------------------------------
// Row 17: PostgreSQL versions.

test('PostgreSQL (row 17): the page says PostgreSQL 14 reached its end of life on 12 November 2026, and no page calls it supported', () => {
  // postgresql.org: support/versioning (five years of support, then a final minor release and end of life), the
  // home page's release note of 2026-08-13 ("PostgreSQL 14 will stop receiving fixes on November 12, 2026").
  const prerequisites = prose(section(page('configuring-datastore/postgresql.md'), 'Prerequisites'));
  expectPresent(
    prerequisites,
    /PostgreSQL 12, 13 and 14 have reached their end of life and no longer get community updates, 14 since 12 November 2026/,
    'the versions without community updates',
  );
  expectPresent(prerequisites, /plan an upgrade to PostgreSQL 15 or later/, 'what to upgrade to');
  // Across the docs: every sentence about PostgreSQL versions and community support or end of life names 14 among
  // the versions that have none, and none says 14 is still supported.
  for (const file of [...markdownFiles(DOCS), ...markdownFiles('blog')]) {
    const sentences = prose(file.body).split(/(?<=\.)\s+/);
    for (const sentence of sentences.filter(
      (candidate) =>
        /PostgreSQL 1\d/.test(candidate) &&
        /community updates|end of life|end-of-life|no longer supported/.test(candidate),
    )) {
      expect(sentence, `${file.file}: names PostgreSQL 14 among the versions without support`).toMatch(/\b14\b/);
    }
    expectAbsent(
      prose(file.body),
      /PostgreSQL 14[^.]*(?:still supported|still gets? (?:community )?updates)/,
      file.file,
    );
  }
});

// ---------------------------------------------------------------------------------------------------------------
// Row 18: the PSI recipe of the blog post on AI models and data quality.

const POST = 'blog/2025-10-21-ai-models-data-quality/index.md';
const spec = loadSpec();
const histogramOperation = operationsOf(spec).find((operation) => operation.operationId === 'getHistogramMetrics')!;
const validate = createBodyValidator(spec);

type Bucket = {label: string; count: number; lower?: number; upper?: number};
type HistogramResponse = {
  dataset_id: string;
  execution_id: string;
  computed_at: string;
  histograms: {column: string; buckets: Bucket[]}[];
};

/** A deterministic random number generator (mulberry32), and normal values from it (Box-Muller). */
function normals(seed: number, count: number, mean: number, deviation: number): number[] {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({length: count}, () => {
    const u = Math.max(uniform(), 1e-12);
    return mean + deviation * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * uniform());
  });
}

/** The histogram of a numeric column as Vigil computes it (profiling.md): 20 equal-width buckets, own min to max. */
function vigilBuckets(values: number[]): Bucket[] {
  const low = Math.min(...values);
  const high = Math.max(...values);
  const width = (high - low) / 20;
  const counts = new Array<number>(20).fill(0);
  for (const value of values) counts[Math.min(Math.floor((value - low) / width), 19)] += 1;
  return counts.map((count, i) => {
    const lower = low + width * i;
    const upper = i === 19 ? high : low + width * (i + 1);
    return {label: `[${lower.toFixed(2)}, ${upper.toFixed(2)}${i === 19 ? ']' : ')'}`, count, lower, upper};
  });
}

function response(datasetId: string, column: string, buckets: Bucket[]): HistogramResponse {
  const body = {
    dataset_id: datasetId,
    execution_id: 'jex_4k8m2p6r',
    computed_at: '2025-10-20T06:00:00Z',
    histograms: [{column, buckets}],
  };
  expect(validate(histogramOperation, 'response', body), 'shaped like a getHistogramMetrics response').toEqual([]);
  return body;
}

/** PSI as the post's psi() computes it, on two lists of counts over the same buckets. */
function psiOf(expected: number[], actual: number[], floor = 1e-4): number {
  const e = expected.reduce((a, b) => a + b, 0);
  const a = actual.reduce((x, y) => x + y, 0);
  return expected.reduce((score, count, i) => {
    const pe = Math.max(count / e, floor);
    const pa = Math.max(actual[i] / a, floor);
    return score + (pa - pe) * Math.log(pa / pe);
  }, 0);
}

/** The PSI of the raw values themselves, counted on 20 equal-width buckets over the range of both sides. */
function exactPsi(training: number[], serving: number[]): number {
  const low = Math.min(...training, ...serving);
  const high = Math.max(...training, ...serving);
  const count = (values: number[]) => {
    const counts = new Array<number>(20).fill(0);
    for (const value of values) counts[Math.min(Math.floor(((value - low) / (high - low)) * 20), 19)] += 1;
    return counts;
  };
  return psiOf(count(training), count(serving));
}

/** Runs the post's command as printed, in a folder with the post's psi.py and the two saved responses. */
function runPsi(training: HistogramResponse, serving: HistogramResponse): string {
  const body = readMarkdown(POST).body;
  const command = codeBlocks(body).filter(
    (block) => block.language === 'bash' && /\bpython3 psi\.py\b/.test(block.code),
  );
  expect(command.length, 'one block that runs psi.py').toBe(1);
  const script = titled(body, 'psi.py').code;
  const run = runAsPrinted(command[0].code, (_bin, dir) => {
    writeFileSync(path.join(dir, 'psi.py'), script);
    writeFileSync(path.join(dir, 'training.json'), JSON.stringify(training));
    writeFileSync(path.join(dir, 'serving.json'), JSON.stringify(serving));
  });
  return run.stdout.trim();
}

const printedPsi = (stdout: string) => Number(/PSI (\d+\.\d+)/.exec(stdout)?.[1]);

test.describe('AI models blog post (row 18): PSI between two histograms whose buckets span different ranges', () => {
  // docs/features/profiling.md (Histograms: 20 equal-width buckets between the column's min and max, the 20 most
  // frequent values and `other` for text) and openapi/vigil-api.yaml (getHistogramMetrics: histograms[].buckets[]
  // with label, count, and lower and upper for a numeric bucket). PSI: sum of (a - e) * ln(a / e) over the same buckets.

  test('the post fetches both histograms with getHistogramMetrics and reads only fields the API returns', () => {
    const body = readMarkdown(POST).body;
    const prose = withoutCode(section(body, 'Feature pipelines are where real time matters'));
    expectAbsent(prose, /Use the same buckets on both sides/, 'a recipe the API does not allow as written');
    expectPresent(prose, /own minimum and maximum/, 'why the buckets differ');
    const fetch = codeBlocks(body).find((block) => block.code.includes('/metrics/histograms'));
    expect(fetch, 'a block that fetches the histograms').toBeDefined();
    const saved = [
      ...fetch!.code.matchAll(
        /"\$API\/datasets\/(ds_\w+)\/metrics\/histograms\?column=(\w+)"[^\n]*\n[^\n]*-o (\w+\.json)/g,
      ),
    ];
    expect(saved.map((match) => match[3])).toEqual(['training.json', 'serving.json']);
    expect(new Set(saved.map((match) => match[2])).size, 'the same feature column on both sides').toBe(1);
    expect(saved[0][1]).not.toBe(saved[1][1]);

    const schemas = ['HistogramMetrics', 'ColumnHistogram', 'HistogramBucket'].map(
      (name) => deref(spec, (spec.components as JsonObject).schemas[name]) as JsonObject,
    );
    const fields = new Set(schemas.flatMap((schema) => Object.keys(schema.properties as JsonObject)));
    // Subscripts of a name, a call or another subscript: response["histograms"], bucket["lower"].
    const read = [...titled(body, 'psi.py').code.matchAll(/[\w\])]\["(\w+)"\]/g)].map((match) => match[1]);
    expect(read.length).toBeGreaterThan(4);
    for (const field of read) expect(fields, `psi.py reads "${field}"`).toContain(field);
  });

  test('a shifted feature: the printed PSI is close to the PSI of the raw values, where zipping the buckets is not', () => {
    const training = normals(11, 40_000, 50, 10);
    const serving = normals(29, 20_000, 56, 12);
    const stdout = runPsi(
      response('ds_2p6h9k3z', 'basket_value', vigilBuckets(training)),
      response('ds_5f8r2k6y', 'basket_value', vigilBuckets(serving)),
    );
    expect(stdout).toMatch(/^basket_value: PSI \d+\.\d{2} over 20 shared buckets$/);
    const exact = exactPsi(training, serving);
    expect(exact).toBeGreaterThan(0.2);
    expect(Math.abs(printedPsi(stdout) - exact), `printed ${stdout}, raw values ${exact.toFixed(3)}`).toBeLessThan(
      0.15 * exact,
    );
  });

  test('the same distribution with one outlier on the serving side: no drift, where zipping the buckets finds a large one', () => {
    const training = normals(5, 40_000, 50, 10);
    const serving = [...normals(17, 20_000, 50, 10), 400];
    const trainingBuckets = vigilBuckets(training);
    const servingBuckets = vigilBuckets(serving);
    const stdout = runPsi(
      response('ds_2p6h9k3z', 'basket_value', trainingBuckets),
      response('ds_5f8r2k6y', 'basket_value', servingBuckets),
    );
    expect(exactPsi(training, serving)).toBeLessThan(0.02);
    expect(printedPsi(stdout), stdout).toBeLessThan(0.05);
    // The recipe as it was: the counts of the two lists side by side, whatever range each bucket covers.
    const zipped = psiOf(
      trainingBuckets.map((bucket) => bucket.count),
      servingBuckets.map((bucket) => bucket.count),
    );
    expect(zipped).toBeGreaterThan(1);
  });

  test('text columns: the categories both sides list, every other value counted as other on both sides', () => {
    const stdout = runPsi(
      response('ds_2p6h9k3z', 'basket_value', [
        {label: 'DE', count: 500},
        {label: 'FR', count: 300},
        {label: 'IT', count: 150},
        {label: 'other', count: 50},
      ]),
      response('ds_5f8r2k6y', 'basket_value', [
        {label: 'DE', count: 400},
        {label: 'FR', count: 300},
        {label: 'ES', count: 200},
        {label: 'other', count: 100},
      ]),
    );
    // DE, FR, and other: 200 of 1,000 in training (IT and other), 300 of 1,000 serving (ES and other).
    const expected = psiOf([500, 300, 200], [400, 300, 300]);
    expect(stdout).toBe(`basket_value: PSI ${expected.toFixed(2)} over 3 shared buckets`);
  });

  test('the output line the post shows is the one the script prints', () => {
    const prose = withoutCode(readMarkdown(POST).body);
    const shown = /It prints, for example, `([^`]+)`/.exec(prose)?.[1];
    expect(shown).toBeDefined();
    expect(shown).toMatch(/^basket_value: PSI \d+\.\d{2} over 20 shared buckets$/);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Rows 20 and 21: the security group of Network access, the Redshift admin user.

test('Network access (row 20): the security group rule opens the port of the reader’s datastore, from a table of ports', () => {
  // docs.aws.amazon.com/msk/latest/developerguide/port-info (TLS 9094 inside AWS and 9194 public, SASL/SCRAM 9096
  // and 9196, IAM 9098 and 9198), redshift/latest/mgmt (default port 5439), AmazonRDS (PostgreSQL 5432, MySQL 3306),
  // cli/latest/reference/ec2/authorize-security-group-ingress (--ip-permissions FromPort, ToPort, IpRanges).
  const network = page('configuring-datastore/network-access.md');
  const group = subsection(network, 'AWS security group');
  const [header, ...rows] = tableRows(group);
  expect(header).toEqual(['Datastore', '`PORT`']);
  const portOf = (pattern: RegExp) => Number(/^\d+/.exec(rows.find((row) => pattern.test(row[0]))?.[1] ?? '')?.[0]);
  expect(portOf(/^Amazon Redshift/)).toBe(5439);
  expect(portOf(/^PostgreSQL/)).toBe(5432);
  expect(portOf(/^MySQL/)).toBe(3306);
  expect(portOf(/^Kafka on EC2/)).toBe(9093);
  expect(portOf(/^Amazon MSK .*SASL\/SCRAM/)).toBe(9196);
  expect(portOf(/^Amazon MSK .*mutual TLS/)).toBe(9194);
  // The same ports as the page's own table and the Kafka page.
  const ports = tableRows(section(network, 'Ports by datastore'));
  for (const [name, port] of [
    ['[Amazon Redshift](./redshift.md)', '5439'],
    ['[PostgreSQL](./postgresql.md)', '5432'],
    ['[MySQL](./mysql.md)', '3306'],
  ])
    expect(ports.find((row) => row[0] === name)?.[2]).toContain(port);
  const kafka = tableRows(section(page('configuring-datastore/kafka.md'), 'Allow network access'));
  expect(kafka.find((row) => /Amazon MSK, public access, SASL\/SCRAM/.test(row[0]))?.[1]).toBe('9196');
  expect(kafka.find((row) => /Amazon MSK, public access, mutual TLS/.test(row[0]))?.[1]).toBe('9194');
  expect(kafka.find((row) => /Self-managed/.test(row[0]))?.[1]).toMatch(/^9093/);

  // The command, as printed with each port of the table in PORT: one rule for both addresses on that port.
  const block = blockMatching(group, /authorize-security-group-ingress/).code;
  expect(block).toMatch(/^PORT=5439$/m);
  for (const row of rows) {
    const port = /^\d+/.exec(row[1])![0];
    const run = runAsPrinted(block.replace(/^PORT=\d+$/m, `PORT=${port}`), (bin) =>
      standIn(bin, 'aws', '[ "$1 $2" = "ec2 authorize-security-group-ingress" ] || exit 2'),
    );
    expect(run.calls, row[0]).toEqual([
      `ec2 authorize-security-group-ingress --group-id sg-0a1b2c3d4e5f67890 --ip-permissions IpProtocol=tcp,FromPort=${port},ToPort=${port},IpRanges=[{CidrIp=203.0.113.10/32,Description=vigil-eu},{CidrIp=203.0.113.11/32,Description=vigil-eu}]`,
    ]);
  }
});

test('Amazon Redshift (row 21): the admin user is awsuser by default on a provisioned cluster and admin on a Serverless namespace', () => {
  // docs.aws.amazon.com/config/latest/developerguide: redshift-default-admin-check ("awsuser" is the default admin
  // user name of a cluster), redshift-serverless-default-admin-check ("admin" is the default of a Serverless
  // namespace). redshift/latest/mgmt/serverless-iam-credentials (Customize admin user credentials).
  const check = section(page('configuring-datastore/redshift.md'), 'Check the grants');
  const text = prose(check);
  expectAbsent(text, /admin user of the cluster or workgroup \(here `awsuser`\)/, 'awsuser as the admin of both');
  expectPresent(
    text,
    /AWS's default is `awsuser` for a provisioned cluster, as in the command below, and `admin` for a Redshift Serverless namespace/,
    'the two defaults',
  );
  expectPresent(
    text,
    /On Serverless, connect to the workgroup endpoint, for example `[^`]+\.redshift-serverless\.amazonaws\.com`, with `user=admin`/,
    'the Serverless command',
  );
  // The psql command is the provisioned cluster's: its host is a cluster endpoint and its user awsuser.
  const psql = codeBlocks(check).filter((block) => block.language === 'bash' && /\bpsql\b/.test(block.code));
  expect(psql.length).toBe(1);
  expect(psql[0].code).toMatch(/host=analytics-cluster\.[^ ]*\.redshift\.amazonaws\.com .*user=awsuser /);
});
