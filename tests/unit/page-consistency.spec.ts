// Where one page says what another page or the OpenAPI file also says, they agree: the reader who follows either
// gets the same answer.
import {readFileSync, writeFileSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {DOCS_REPOSITORY_URL} from '../../config/site-constants';
import {
  DOCS_ISSUES_URL,
  EVALUATION,
  STATUS_PAGE_URL,
  SUPPORT_EMAIL,
} from '../../src/components/SectionCards/destinations';
import {deref, operationsOf, type JsonObject} from '../../src/openapi';
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
import {codeBlocks, markdownFiles, readMarkdown, withoutCode} from '../support/content';
import {ensureDebianPackage} from '../support/debian-package';
import {loadSpec} from '../support/openapi';
import {runAsPrinted, standIn} from '../support/stand-ins';

const spec = loadSpec();

/** Every property path under `schema` whose last name ends in `suffix`, through $ref, allOf, oneOf and anyOf. */
function propertyPaths(schema: JsonObject | undefined, suffix: string, trail: string[] = [], seen = new Set()) {
  const resolved = deref(spec, schema);
  if (!resolved || seen.has(resolved)) return [] as string[][];
  const inner = new Set(seen).add(resolved);
  const paths: string[][] = [];
  for (const part of [...(resolved.allOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])])
    paths.push(...propertyPaths(part, suffix, trail, inner));
  for (const [name, property] of Object.entries<JsonObject>(resolved.properties ?? {})) {
    if (name.endsWith(suffix)) paths.push([...trail, name]);
    paths.push(...propertyPaths(property, suffix, [...trail, name], inner));
  }
  return paths;
}

test.describe('Secrets page: finding the datastores that use a secret', () => {
  test.beforeAll(async () => {
    await ensureDebianPackage('/usr/bin/jq', 'jq');
  });

  test('the loop finds a datastore through every secret reference its connection can hold', () => {
    const list = operationsOf(spec).find((op) => op.operationId === 'listDatastores')!;
    const listSchema = deref(spec, list.definition.responses['200'].content['application/json'].schema);
    const itemSchema = deref(spec, listSchema?.properties?.data)?.items;
    const references = [...new Set(propertyPaths(itemSchema, 'secret_id').map((trail) => trail.join('.')))];
    // The connection's own secret, Kafka's schema registry secret and the SSH tunnel's key at least.
    expect(references).toEqual(
      expect.arrayContaining([
        'connection.secret_id',
        'connection.schema_registry_secret_id',
        'connection.ssh_tunnel.secret_id',
      ]),
    );
    const SECRET = 'sec_5t9w2c4r';
    const datastores = references.flatMap((reference, index) => {
      const make = (secret: string, id: string) => {
        const datastore: JsonObject = {id, name: `${reference} ${secret}`};
        let node = datastore;
        const names = reference.split('.');
        for (const name of names.slice(0, -1)) node = node[name] ??= {};
        node[names[names.length - 1]] = secret;
        return datastore;
      };
      return [make(SECRET, `dst_uses${index}`), make('sec_0ther0ne', `dst_other${index}`)];
    });

    const block = codeBlocks(readMarkdown('docs/configuring-datastore/secrets.md').body).find((b) =>
      b.code.includes('/api/v1/datastores"'),
    )!;
    expect(block.code).toContain(`SECRET=${SECRET}`);
    // curl answers the two pages of listDatastores, the first with a next_cursor.
    const run = runAsPrinted(block.code, (bin, _dir, state) => {
      const half = Math.ceil(datastores.length / 2);
      writeFileSync(`${state}/page1.json`, JSON.stringify({data: datastores.slice(0, half), next_cursor: 'c2'}));
      writeFileSync(`${state}/page2.json`, JSON.stringify({data: datastores.slice(half), next_cursor: null}));
      standIn(
        bin,
        'curl',
        'case " $* " in *"cursor=c2"*) cat "$STATE/page2.json" ;; *) cat "$STATE/page1.json" ;; esac',
      );
    });
    expect(run.calls).toHaveLength(2);
    expect(run.stdout.trim().split('\n').sort()).toEqual(
      datastores
        .filter((datastore) => datastore.id.startsWith('dst_uses'))
        .map((datastore) => `${datastore.id} ${datastore.name}`)
        .sort(),
    );
  });
});

test('the Kaggle page names the status the OpenAPI file gives when no Kaggle source is configured', () => {
  const page = withoutCode(readMarkdown('docs/onboarding-catalog/kaggle.md').body);
  const search = operationsOf(spec).find((op) => op.operationId === 'searchKaggleDatasets')!;
  const statuses = Object.keys(search.definition.responses);
  const missing = Object.entries<JsonObject>(search.definition.responses).find(([, response]) =>
    /no kaggle source is configured/i.test(String(deref(spec, response)?.description)),
  );
  expect(missing, `a response of searchKaggleDatasets (${statuses.join(', ')}) says "No Kaggle source"`).toBeTruthy();
  const [status] = missing!;
  const sentence = /with no Kaggle source configured they return\s+`(\d{3})[^`]*`/.exec(page);
  expect(sentence?.[1], 'the page says which status').toBe(status);
  expect(page).toContain(`### \`${status}\`: \`No Kaggle source is configured\``);
});

test('the pages agree on when a connection is encrypted: PostgreSQL and MySQL can be set to connect without TLS', () => {
  const prose = (file: string) => withoutCode(readMarkdown(`docs/${file}`).body).replace(/\s+/g, ' ');
  // The connection fields that turn TLS off, in the OpenAPI file.
  const enumOf = (property: string) =>
    Object.values<JsonObject>(spec.components.schemas).flatMap(
      (schema) => deref(spec, deref(spec, schema)?.properties?.[property])?.enum ?? [],
    );
  expect(enumOf('ssl_mode')).toContain('disable');
  expect(enumOf('tls')).toContain('disabled');
  for (const file of [
    'configuring-datastore/index.md',
    'configuring-datastore/network-access.md',
    'product/security.md',
  ]) {
    const text = prose(file);
    expect(text, `${file} does not promise TLS always`).not.toMatch(
      /always with TLS|every connection from Vigil to a datastore is encrypted/i,
    );
  }
  expect(prose('configuring-datastore/network-access.md')).toMatch(
    /PostgreSQL with `ssl_mode` `disable` and MySQL with `tls` `disabled` connect without encryption/,
  );
});

// Content round 5 (issue 44): rows 7, 22 and 23. Network access and Amazon S3 say the same of same-region S3 reads
// and of the bucket policy that admits them; every job id of the docs names one job, described as the OpenAPI
// examples describe it; the landing page's last links are those of the product brief.

// ---------------------------------------------------------------------------------------------------------------
// A policy statement's conditions as IAM evaluates them (docs.aws.amazon.com/IAM: reference_policies_elements_
// condition_operators, reference_policies_multi-value-conditions): every operator of a statement must match (AND);
// the values of one key are alternatives (OR; NOR for a negated operator); a key missing from the request does not
// match a positive operator and does match a negated one. Only the operators the page uses are known.

type RequestContext = Record<string, string>;

function ipv4(address: string): number {
  const parts = address.split('.').map(Number);
  expect(parts.length, address).toBe(4);
  return parts.reduce((value, part) => value * 256 + part, 0);
}

function inCidr(address: string, cidr: string): boolean {
  const [base, bits = '32'] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  return Math.floor(ipv4(address) / size) === Math.floor(ipv4(base) / size);
}

const OPERATORS: Record<string, {negated: boolean; matches: (actual: string, value: string) => boolean}> = {
  IpAddress: {negated: false, matches: inCidr},
  NotIpAddress: {negated: true, matches: inCidr},
  ArnEquals: {negated: false, matches: (actual, value) => actual === value},
  ArnNotEquals: {negated: true, matches: (actual, value) => actual === value},
  StringEquals: {negated: false, matches: (actual, value) => actual === value},
  StringNotEquals: {negated: true, matches: (actual, value) => actual === value},
};

function conditionsMatch(condition: Record<string, Record<string, string | string[]>>, request: RequestContext) {
  return Object.entries(condition).every(([operator, keys]) => {
    const known = OPERATORS[operator];
    expect(known, `condition operator ${operator}`).toBeDefined();
    return Object.entries(keys).every(([key, values]) => {
      const actual = request[key];
      if (actual === undefined) return known.negated;
      const any = [values].flat().some((value) => known.matches(actual, value));
      return known.negated ? !any : any;
    });
  });
}

test('Network access and Amazon S3 (row 7): both pages say same-region S3 reads carry no source IP, and the bucket policy exempts the role by aws:PrincipalArn', () => {
  // docs.aws.amazon.com: repost.aws/knowledge-center/iam-restrict-access-policy (aws:SourceIp is in every request
  // except those through a VPC endpoint; aws:SourceVpc and aws:SourceVpce only in those), kms/latest/developerguide/
  // vpce-policy-condition (aws:SourceIp is not effective through a VPC endpoint; use aws:SourceVpce or
  // aws:SourceVpc), IAM/latest/UserGuide/reference_policies_elements_condition_operators (a missing key matches a
  // negated operator), IAM/latest/UserGuide/reference_policies_condition-keys (aws:PrincipalArn).
  const network = page('configuring-datastore/network-access.md');
  const s3 = page('configuring-datastore/s3.md');
  const s3Network = prose(section(s3, 'Allow network access'));

  // What the S3 page says about a bucket in the Vigil region...
  expectPresent(s3Network, /read through Vigil's S3 VPC endpoint/, 'S3: same-region reads use the VPC endpoint');
  expectPresent(s3Network, /no public source IP/, 'S3: those requests carry no public source IP');
  // ...and what Network access says: no sentence may send every read through the two addresses.
  const egress = prose(section(network, 'Egress IP addresses'));
  expectAbsent(
    prose(network),
    /\bAll (?:pushdown queries|reads|[^.]*compute reads)[^.]*come from the two/i,
    'Network access: a claim that every read comes from the two addresses',
  );
  expectPresent(
    egress,
    /Amazon S3 buckets in the same AWS region as your account, which go through Vigil's S3 VPC endpoint/,
    'Network access: the S3 exception',
  );
  expectPresent(egress, /`aws:SourceIp` cannot match those reads/, 'Network access: what it means for a bucket policy');
  // Nor may any other page that gives the egress addresses (docs/product/architecture.md gives them too).
  for (const {file, body} of markdownFiles('docs'))
    expectAbsent(
      withoutCode(body).replace(/\s+/g, ' '),
      /\bAll (?:pushdown queries|reads|[^.]*compute reads)[^.]*come from (?:these|the two)/i,
      `${file}: a claim that every read comes from the egress addresses`,
    );

  // The condition for each case, on both pages.
  const policies = subsection(network, 'S3 bucket policies');
  const [header, ...rows] = tableRows(policies);
  expect(header[0]).toBe('Bucket');
  const sameRegion = rows.find((row) => /region of your Vigil account/.test(row[0]))!;
  const otherRegion = rows.find((row) => /any other region/.test(row[0]))!;
  expect(sameRegion[1]).toMatch(/no `aws:SourceIp`/);
  expect(sameRegion[1]).toMatch(/`aws:SourceVpce` and `aws:SourceVpc` are Vigil's endpoint and VPC, not yours/);
  expect(sameRegion[2]).toBe("`aws:PrincipalArn`, the role's ARN");
  expect(otherRegion[2]).toMatch(/^`aws:SourceIp` with the two egress IPs, or `aws:PrincipalArn`$/);
  expectPresent(s3Network, /A bucket policy recognizes them by `aws:PrincipalArn` only/, 'S3: same-region condition');
  expectPresent(
    s3Network,
    /test them by `aws:SourceIp` with those addresses, or by `aws:PrincipalArn`/,
    'S3: other regions',
  );
  expectPresent(
    prose(policies),
    /the statement to merge into your bucket policy is on the \[Amazon S3\]\(\.\/s3\.md#allow-network-access\)/,
    'Network access links the statement',
  );

  // The printed statement, evaluated for the requests each case makes: it refuses strangers outside the office
  // range and never Vigil's role, with or without a source IP.
  const statement = JSON.parse(titled(section(s3, 'Allow network access'), 'Bucket policy statement').code) as {
    Effect: string;
    Condition: Record<string, Record<string, string | string[]>>;
  };
  expect(statement.Effect).toBe('Deny');
  const createBody = JSON.parse(codeBlocks(s3).find((block) => block.title === 'createDatastore request')!.code) as {
    connection: {role_arn: string};
  };
  const role = createBody.connection.role_arn;
  const denied = (request: RequestContext) => conditionsMatch(statement.Condition, request);
  const vigilInRegion = {'aws:PrincipalArn': role, 'aws:SourceVpce': 'vpce-0a1b2c3d4e5f67890'};
  const vigilOverInternet = {'aws:PrincipalArn': role, 'aws:SourceIp': '203.0.113.10'};
  const office = {'aws:PrincipalArn': 'arn:aws:iam::111122223333:role/analyst', 'aws:SourceIp': '192.0.2.15'};
  const stranger = {'aws:PrincipalArn': 'arn:aws:iam::111122223333:role/analyst', 'aws:SourceIp': '198.18.0.7'};
  expect(denied(vigilInRegion), 'Vigil, same-region bucket, through its VPC endpoint').toBe(false);
  expect(denied(vigilOverInternet), 'Vigil, bucket in another region, from an egress IP').toBe(false);
  expect(denied(office), 'another principal in the office range').toBe(false);
  expect(denied(stranger), 'another principal outside the office range').toBe(true);
  // Without the exception the same statement denies Vigil's same-region reads: the reason for the page's advice.
  const withoutException = Object.fromEntries(
    Object.entries(statement.Condition).filter(([operator]) => operator !== 'ArnNotEquals'),
  );
  expect(conditionsMatch(withoutException, vigilInRegion)).toBe(true);
  // The policy is merged, never replaced by this statement alone.
  expectPresent(s3Network, /`put-bucket-policy` replaces the bucket's policy as a whole/, 'S3: the merge warning');
});

// ---------------------------------------------------------------------------------------------------------------
// Row 22: one job per id

type JobFacts = {name?: string; status?: string; mode?: string; schedule?: string};
type Fact = {id: string; key: keyof JobFacts; value: string; where: string};

const JOB_ID = /\bjob_[a-z0-9]{8,}\b/g;

/** `0 * * * *` and `15 * * * *` are hourly, `30 2 * * *` daily; other crons as written. */
function cadence(cron: string): string {
  if (/^\d+ \* \* \* \*$/.test(cron)) return 'hourly';
  if (/^\d+ \d+ \* \* \*$/.test(cron)) return 'daily';
  return cron;
}

/** Facts about jobs in JSON values: objects whose `id` is a job id, with their name, status, mode and schedule. */
function jsonFacts(value: unknown, where: string, facts: Fact[]): void {
  if (Array.isArray(value)) {
    for (const item of value) jsonFacts(item, where, facts);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const object = value as JsonObject;
  if (typeof object.id === 'string' && /^job_[a-z0-9]{8,}$/.test(object.id)) {
    const id = object.id;
    if (typeof object.name === 'string') facts.push({id, key: 'name', value: object.name, where});
    if (typeof object.status === 'string') facts.push({id, key: 'status', value: object.status, where});
    if (typeof object.mode === 'string') facts.push({id, key: 'mode', value: object.mode, where});
    if (typeof object.schedule === 'string') facts.push({id, key: 'schedule', value: cadence(object.schedule), where});
  }
  for (const item of Object.values(object)) jsonFacts(item, where, facts);
}

/**
 * Facts about a job in a unit of text that names exactly one job id (a prose paragraph or list item, a table
 * row, a line of code): `job 'NAME' (id)` names it; "paused"/"active", "batch"/"streaming" and
 * "hourly"/"nightly"/"daily" describe it, unless the unit says both of a pair.
 */
function textFacts(unit: string, where: string, facts: Fact[]): void {
  const ids = [...new Set(unit.match(JOB_ID) ?? [])];
  if (ids.length !== 1) return;
  const [id] = ids;
  let text = unit;
  for (const match of unit.matchAll(/\bjob '([^']+)' \((job_[a-z0-9]{8,})\)/g)) {
    facts.push({id: match[2], key: 'name', value: match[1], where});
    text = text.replace(match[0], '');
  }
  // Names are not descriptions: orders-hourly is a name.
  text = text.replace(/[`'"][\w-]+[`'"]/g, (quoted) =>
    /^.(paused|active|batch|streaming).$/.test(quoted) ? quoted : '',
  );
  const pairs: Array<[keyof JobFacts, Array<[string, RegExp]>]> = [
    [
      'status',
      [
        ['paused', /\bpaused\b/i],
        ['active', /\bactive\b/i],
      ],
    ],
    [
      'mode',
      [
        ['batch', /\bbatch\b/i],
        ['streaming', /\bstreaming\b/i],
      ],
    ],
    [
      'schedule',
      [
        ['hourly', /\bhourly\b|\bevery hour\b/i],
        ['daily', /\bnightly\b|\bdaily\b/i],
      ],
    ],
  ];
  for (const [key, words] of pairs) {
    const said = words.filter(([, pattern]) => pattern.test(text));
    if (said.length === 1) facts.push({id, key, value: said[0][0], where});
  }
}

/** The prose units of a Markdown body: paragraphs, list items and table rows, with the line each starts on. */
function proseUnits(body: string): Array<{text: string; line: number}> {
  const units: Array<{text: string; line: number}> = [];
  let current: string[] = [];
  let start = 0;
  let fence: string | undefined;
  const flush = () => {
    if (current.length) units.push({text: current.join('\n'), line: start + 1});
    current = [];
  };
  body.split('\n').forEach((line, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence || marker) {
      flush();
      if (!fence) fence = marker;
      else if (marker && marker[0] === fence[0] && marker.length >= fence.length && !line.trim().slice(marker.length))
        fence = undefined;
      return;
    }
    const newItem = /^\s*(?:[-*]|\d+\.)\s/.test(line) || line.trim().startsWith('|');
    if (!line.trim() || newItem) flush();
    if (line.trim()) {
      if (!current.length) start = index;
      current.push(line);
    }
    if (line.trim().startsWith('|')) flush();
  });
  flush();
  return units;
}

test('Job ids (row 22): every job id in docs/ names one job, with the same name, status, mode and schedule everywhere, as in the OpenAPI examples', () => {
  // The OpenAPI file's schema examples (Job, JobList) define job_7p2m4x9k as the active hourly batch job
  // orders-hourly; ids are `job_` and at least 8 lowercase letters and digits (the Job schema's pattern). The
  // examples of updateJob and setJobStatus show a job after a change, so they are not descriptions of it.
  const facts: Fact[] = [];
  jsonFacts((loadSpec().components as JsonObject).schemas, 'openapi/vigil-api.yaml (schema examples)', facts);
  const seen = new Set<string>();
  for (const {file, body} of markdownFiles(DOCS)) {
    for (const id of body.match(JOB_ID) ?? []) seen.add(id);
    for (const unit of proseUnits(body)) textFacts(unit.text, `${file} (prose from line ${unit.line})`, facts);
    for (const block of codeBlocks(body)) {
      const where = `${file}:${block.line}`;
      if (block.language === 'json') {
        try {
          jsonFacts(JSON.parse(block.code), where, facts);
        } catch {
          // A JSON block with comments or placeholders is checked by the JSON tests, not here.
        }
      } else for (const line of block.code.split('\n')) textFacts(line, where, facts);
    }
  }
  expect(seen.size).toBeGreaterThan(3);
  for (const id of seen) expect(id, 'a job id as the Job schema writes them').toMatch(/^job_[a-z0-9]{8,}$/);

  const conflicts: string[] = [];
  for (const id of [...new Set(facts.map((fact) => fact.id))].sort())
    for (const key of ['name', 'status', 'mode', 'schedule'] as const) {
      const values = new Map<string, string[]>();
      for (const fact of facts.filter((candidate) => candidate.id === id && candidate.key === key))
        values.set(fact.value, [...(values.get(fact.value) ?? []), fact.where]);
      if (values.size > 1)
        conflicts.push(
          `${id} ${key}: ${[...values].map(([value, where]) => `${value} (${[...new Set(where)].join('; ')})`).join(' vs ')}`,
        );
    }
  expect(conflicts).toEqual([]);

  // The gate jobs of the pipeline pages are paused batch jobs of their own, not the hourly orders-hourly.
  const described = (id: string, key: keyof JobFacts) => [
    ...new Set(facts.filter((fact) => fact.id === id && fact.key === key).map((fact) => fact.value)),
  ];
  const gateJobs = new Set(
    ['pipelines/index.md', 'pipelines/airflow.md', 'pipelines/dagster.md', 'pipelines/dbt.md'].flatMap(
      (file) => page(file).match(JOB_ID) ?? [],
    ),
  );
  expect(gateJobs.size).toBeGreaterThan(0);
  for (const id of gateJobs) {
    expect(described(id, 'status'), `${id} on the gate pages`).toEqual(['paused']);
    expect(id).not.toBe('job_7p2m4x9k');
  }
  expect(described('job_7p2m4x9k', 'status')).toEqual(['active']);
});

// ---------------------------------------------------------------------------------------------------------------
// Row 23: the landing page's status page, support and docs-issues links.

test('Landing page (row 23): the evaluation links end with the status page, customer support and the docs’ issues', () => {
  // The product brief, "Links": status page https://status.vigil.example (incidents, uptime per region); support
  // support@vigil.example for customers; problems with the docs go to the GitHub repository's issues (the repository
  // of these docs is the one of the edit URL, config/site-constants.ts DOCS_REPOSITORY_URL).
  expect(STATUS_PAGE_URL).toBe('https://status.vigil.example');
  expect(SUPPORT_EMAIL).toBe('support@vigil.example');
  expect(DOCS_ISSUES_URL).toBe(`${DOCS_REPOSITORY_URL}/issues`);
  const targets = EVALUATION.map((link) => link.to);
  expect(targets.slice(-3)).toEqual([
    'https://status.vigil.example',
    'mailto:support@vigil.example',
    'https://github.com/vigil-data/vigil-docs/issues',
  ]);
  // The links the page had keep their place, as the changelog and security links are listed.
  expect(targets).toEqual(expect.arrayContaining(['/product/security', '/api/changelog']));
  const [status, support, issues] = EVALUATION.slice(-3).map((link) => link.label);
  expect(status).toMatch(/^Status page: incidents and uptime per region$/);
  expect(support).toContain('support@vigil.example');
  expect(issues).toMatch(/problem with these docs.*issue/i);
  // The list is rendered by the landing page's LinkList, each entry as a Link to its `to` (an address with a protocol
  // is an ordinary link that opens in a new tab; nothing is fetched from another host).
  const cards = readFileSync('src/components/SectionCards/index.tsx', 'utf8');
  expect(cards).toContain('<LinkList id="evaluation-heading" title="Evaluating Vigil" links={EVALUATION} />');
  expect(cards).toContain('<Link to={link.to}>{link.label}</Link>');
  expect(readFileSync('src/pages/index.tsx', 'utf8')).toContain('<SectionCards />');
});
