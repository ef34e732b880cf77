// Every copyable block of the docs, read as a reader pastes it: nothing in it may harm what the reader already has.
// 1. No literal session or process id where the reader's own belongs: `KILL 48213` ends whatever session has
//    that number on the reader's server.
// 2. A command that replaces a whole list or policy comes after the read of what exists, in the same block, so
//    that what exists is written back (the read-modify-write form).
// 3. What a block drops, deletes or revokes is what Vigil's setup made: a name with `vigil` in it, an object the
//    same page creates, a principal the same page grants to, or a `<placeholder>`.
// 4. The read-modify-write blocks run, exactly as printed, against stand-ins of the cloud CLIs that keep state:
//    what existed is kept, Vigil's entries are added once, and nothing is written when the read fails.
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {markdownFiles, type MarkdownFile} from '../support/content';
import {runAsPrinted, standIn, type StandInRun} from '../support/stand-ins';
import {ensureDebianPackage} from '../support/debian-package';

type Block = {file: string; line: number; language: string; title?: string; code: string};

/** Every fenced block of a page, indented ones (in lists and tabs) included, with the indentation removed. */
function copyableBlocks(page: MarkdownFile): Block[] {
  const blocks: Block[] = [];
  const pattern = /^([ \t]*)(`{3,}|~{3,})(\w*)([^\n]*)\n([\s\S]*?)^\1\2[ \t]*$/gm;
  for (const match of page.body.matchAll(pattern)) {
    const indent = match[1].length;
    const code = match[5]
      .split('\n')
      .map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length)))
      .join('\n');
    blocks.push({
      file: page.file,
      line: page.body.slice(0, match.index).split('\n').length,
      language: match[3],
      title: /title="([^"]+)"/.exec(match[4])?.[1],
      code,
    });
  }
  return blocks;
}

const pages = markdownFiles('docs');
const blocks = pages.flatMap(copyableBlocks);
const where = (block: Block) => `${block.file}: block at body line ${block.line}`;
/** Code without SQL and shell comments, which a reader's paste does not run. */
const statements = (code: string) => code.replace(/--[^\n]*|(^|\s)#[^\n!]*/g, '$1');

test('the docs have the copyable blocks this audit reads', () => {
  expect(blocks.length).toBeGreaterThan(300);
  expect(blocks.filter((block) => block.language === 'sql').length).toBeGreaterThan(40);
});

test('no block holds a literal session or process id where the reader’s own belongs', () => {
  const literalIds: [RegExp, string][] = [
    [/\bKILL\s+(?:QUERY\s+|CONNECTION\s+)?\d+/i, 'KILL <number>'],
    [/\bmysql\.rds_kill(?:_query)?\(\s*\d+\s*\)/i, 'mysql.rds_kill(<number>)'],
    [/\bpg_(?:terminate|cancel)_backend\(\s*\d+\s*\)/i, 'pg_terminate_backend(<number>)'],
    [/\bSYSTEM\$(?:CANCEL_QUERY|ABORT_SESSION|CANCEL_ALL_QUERIES)\(\s*'?\d+/i, 'SYSTEM$CANCEL_QUERY(<id>)'],
    [/\bkill\s+(?:-\w+\s+)*\d{2,}\b/, 'kill <pid>'],
  ];
  const found = blocks.flatMap((block) =>
    literalIds
      .filter(([pattern]) => pattern.test(statements(block.code)))
      .map(([, form]) => `${where(block)}: ${form}; print the ids to end instead (SELECT CONCAT('KILL ', ID, ';') …)`),
  );
  expect(found).toEqual([]);
});

/** Commands that replace a whole list or policy, and the read of what exists that must come before them. */
const REPLACING: {write: RegExp; read: RegExp; what: string}[] = [
  {
    write: /gcloud\s+sql\s+instances\s+patch[\s\S]*?--authorized-networks/,
    read: /gcloud\s+sql\s+instances\s+describe/,
    what: '--authorized-networks replaces the whole list',
  },
  {
    write: /aws\s+kafka\s+put-cluster-policy/,
    read: /aws\s+kafka\s+get-cluster-policy/,
    what: 'put-cluster-policy replaces the whole policy',
  },
  {write: /\bset-iam-policy\b/, read: /\bget-iam-policy\b/, what: 'set-iam-policy replaces the whole policy'},
  {
    write: /aws\s+s3api\s+put-bucket-policy/,
    read: /aws\s+s3api\s+get-bucket-policy/,
    what: 'put-bucket-policy replaces the whole policy',
  },
  {
    write: /aws\s+iam\s+update-assume-role-policy/,
    read: /aws\s+iam\s+get-role\b/,
    what: 'update-assume-role-policy replaces the whole trust policy',
  },
  {
    write: /databricks\s+ip-access-lists\s+(?:replace|update)/,
    read: /databricks\s+ip-access-lists\s+(?:get|list)/,
    what: 'replace/update rewrites the whole IP access list',
  },
  {
    write: /ALTER\s+NETWORK\s+POLICY\s+\S+\s+SET\s+ALLOWED_/i,
    read: /(?:DESCRIBE|DESC)\s+NETWORK\s+POLICY/i,
    what: 'SET ALLOWED_… replaces the whole list of the network policy',
  },
  {
    write: /ALTER\s+ACCOUNT\s+SET\s+NETWORK_POLICY/i,
    read: /SHOW\s+PARAMETERS\s+LIKE\s+'NETWORK_POLICY'\s+IN\s+ACCOUNT/i,
    what: 'an account network policy applies to every user of the account',
  },
];

test('a command that replaces a whole list or policy comes after the read of what exists', () => {
  const found: string[] = [];
  for (const block of blocks) {
    const code = statements(block.code);
    for (const {write, read, what} of REPLACING) {
      const written = write.exec(code);
      if (!written) continue;
      const readAt = read.exec(code)?.index ?? Infinity;
      if (readAt > written.index) found.push(`${where(block)}: ${what}, and the block does not read it first`);
    }
  }
  expect(found).toEqual([]);
});

/** Names a page's code blocks create (SQL CREATE, or a cloud CLI's create-… --name/--role-name). */
function createdNames(page: MarkdownFile): Set<string> {
  const names = new Set<string>();
  const code = copyableBlocks(page)
    .map((block) => statements(block.code))
    .join('\n');
  for (const match of code.matchAll(
    /\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:[A-Z]+\s+){1,2}(?:IF\s+NOT\s+EXISTS\s+)?([^\s;(]+)/gi,
  ))
    names.add(match[1].toLowerCase());
  for (const match of code.matchAll(/\bcreate-[\w-]+[^\n]*?--(?:name|role-name|user-name)\s+(\S+)/g))
    names.add(match[1].toLowerCase());
  return names;
}

/** Principals a page's code blocks grant to (GRANT … TO [ROLE|USER] <principal>). */
function grantees(page: MarkdownFile): Set<string> {
  const code = copyableBlocks(page)
    .map((block) => statements(block.code))
    .join('\n');
  return new Set(
    [...code.matchAll(/\bGRANT\s[\s\S]*?\bTO\s+(?:ROLE\s+|USER\s+|SHARE\s+)?([^\s;,]+)/gi)].map((match) =>
      match[1].toLowerCase(),
    ),
  );
}

const DROP_KINDS =
  'NETWORK POLICY|NETWORK RULE|RESOURCE MONITOR|STORAGE INTEGRATION|API INTEGRATION|INTEGRATION|MATERIALIZED VIEW|' +
  'DATABASE|SCHEMA|TABLE|VIEW|USER|ROLE|WAREHOUSE|SHARE|SECRET|STAGE|CATALOG|EXTERNAL LOCATION|CONNECTION';
const DESTROYING: {pattern: RegExp; what: string}[] = [
  {pattern: new RegExp(`\\bDROP\\s+(?:${DROP_KINDS})\\s+(?:IF\\s+EXISTS\\s+)?([^\\s;]+)`, 'gi'), what: 'DROP'},
  {pattern: /\baws\s+iam\s+delete-[\w-]+[^\n]*?--(?:role-name|user-name)\s+(\S+)/g, what: 'aws iam delete-…'},
  {pattern: /\baws\s+iam\s+delete-[\w-]+[^\n]*?--policy-name\s+(\S+)/g, what: 'aws iam delete-… policy'},
  {pattern: /\bdelete-secret\b[^\n]*?--secret-id\s+(\S+)/g, what: 'delete-secret'},
];

test('what a block drops, deletes or revokes is what Vigil’s setup made', () => {
  const found: string[] = [];
  const ours = (name: string, made: Set<string>) =>
    /vigil/i.test(name) || /^<[^>]+>$/.test(name) || made.has(name.toLowerCase()) || name.startsWith('$');
  for (const page of pages) {
    const made = createdNames(page);
    const granted = grantees(page);
    for (const block of copyableBlocks(page)) {
      const code = statements(block.code);
      for (const {pattern, what} of DESTROYING)
        for (const match of code.matchAll(pattern))
          if (!ours(match[1], made)) found.push(`${where(block)}: ${what} ${match[1]}, which no setup step made`);
      for (const match of code.matchAll(/\bREVOKE\s[\s\S]*?\bFROM\s+(?:ROLE\s+|USER\s+)?([^\s;,]+)/gi))
        if (!ours(match[1], granted))
          found.push(`${where(block)}: REVOKE … FROM ${match[1]}, a principal no setup step grants to`);
    }
  }
  expect(found).toEqual([]);
});

// ---------------------------------------------------------------------------------------------------------
// The read-modify-write blocks, run as printed against stand-ins of gcloud and aws (tests/support/stand-ins.ts).

/** The one block of `file` that contains `marker`. */
function blockWith(file: string, marker: string): Block {
  const found = blocks.filter((block) => block.file === file && block.code.includes(marker));
  expect(found.map(where), `one block of ${file} contains ${marker}`).toHaveLength(1);
  return found[0];
}

test.beforeAll(async () => {
  await ensureDebianPackage('/usr/bin/jq', 'jq');
});

test.describe('Cloud SQL authorized networks, as printed', () => {
  const block = () => blockWith('docs/configuring-datastore/network-access.md', '--authorized-networks');
  // gcloud: `sql instances describe` prints the instance from state/instance.json (or fails like gcloud when it
  // is missing); `sql instances patch --authorized-networks=LIST` records LIST.
  const gcloud = `
if [ "$1 $2 $3" = "sql instances describe" ]; then
  [ -f "$STATE/instance.json" ] || { echo "ERROR: (gcloud.sql.instances.describe) HTTPError 404" >&2; exit 1; }
  cat "$STATE/instance.json"
elif [ "$1 $2 $3" = "sql instances patch" ]; then
  for arg in "$@"; do case "$arg" in --authorized-networks=*) echo "\${arg#*=}" > "$STATE/patched";; esac; done
else
  echo "unexpected gcloud $*" >&2; exit 2
fi`;
  const instance = (networks: string[]) =>
    JSON.stringify({
      name: 'orders-db',
      settings: {ipConfiguration: {authorizedNetworks: networks.map((value, i) => ({value, name: `net-${i}`}))}},
    });

  test('keeps the networks authorized today and adds Vigil’s two addresses once', () => {
    const run = runAsPrinted(block().code, (bin, _dir, state) => {
      standIn(bin, 'gcloud', gcloud);
      writeFileSync(
        path.join(state, 'instance.json'),
        instance(['198.51.100.7/32', '192.0.2.0/24', '203.0.113.10/32']),
      );
    });
    expect(run.state('patched')?.trim().split(',').sort()).toEqual(
      ['192.0.2.0/24', '198.51.100.7/32', '203.0.113.10/32', '203.0.113.11/32'].sort(),
    );
  });

  test('on an instance with no authorized network, authorizes Vigil’s two addresses', () => {
    const run = runAsPrinted(block().code, (bin, _dir, state) => {
      standIn(bin, 'gcloud', gcloud);
      writeFileSync(path.join(state, 'instance.json'), JSON.stringify({settings: {ipConfiguration: {}}}));
    });
    expect(run.state('patched')?.trim()).toBe('203.0.113.10/32,203.0.113.11/32');
  });

  test('patches nothing when the instance cannot be read', () => {
    const run = runAsPrinted(block().code, (bin) => standIn(bin, 'gcloud', gcloud));
    expect(run.calls.some((call) => call.startsWith('sql instances describe'))).toBe(true);
    expect(run.state('patched')).toBeUndefined();
    expect(run.calls.filter((call) => call.startsWith('sql instances patch'))).toEqual([]);
  });
});

test.describe('Amazon MSK cluster policy, as printed', () => {
  const PAGE = 'docs/configuring-datastore/kafka.md';
  const block = () => blockWith(PAGE, 'put-cluster-policy');
  const vigilPolicy = () => blocks.find((b) => b.file === PAGE && b.title === 'msk-cluster-policy.json')!.code;
  // aws kafka get-cluster-policy: state/policy.json and state/version, or NotFoundException, or (state/denied)
  // AccessDenied; put-cluster-policy: checks --current-version against state/version, then stores the policy.
  const aws = `
[ "$1 $2" = "kafka get-cluster-policy" ] || [ "$1 $2" = "kafka put-cluster-policy" ] || { echo "unexpected aws $*" >&2; exit 2; }
if [ -f "$STATE/denied" ]; then
  echo "An error occurred (ForbiddenException) when calling the $2 operation: not authorized" >&2; exit 254
fi
if [ "$2" = "get-cluster-policy" ]; then
  if [ ! -f "$STATE/policy.json" ]; then
    echo "An error occurred (NotFoundException) when calling the GetClusterPolicy operation: no policy" >&2; exit 254
  fi
  case " $* " in
    *" --query Policy "*) cat "$STATE/policy.json" ;;
    *) jq -n --rawfile p "$STATE/policy.json" --arg v "$(cat "$STATE/version")" '{CurrentVersion: $v, Policy: $p}' ;;
  esac
else
  version="" file=""
  while [ $# -gt 0 ]; do
    case "$1" in --current-version) version="$2"; shift ;; --policy) file="\${2#file://}"; shift ;; esac; shift
  done
  if [ -f "$STATE/version" ] && [ "$version" != "$(cat "$STATE/version")" ]; then
    echo "An error occurred (BadRequestException): the policy version does not match" >&2; exit 254
  fi
  jq -c . "$file" > "$STATE/policy.json" && echo "K$RANDOM" > "$STATE/version" && echo put >> "$STATE/puts"
fi`;
  const setup = (policy?: object, extra?: (state: string) => void) => (bin: string, dir: string, state: string) => {
    standIn(bin, 'aws', aws);
    writeFileSync(path.join(dir, 'msk-cluster-policy.json'), vigilPolicy());
    if (policy) {
      writeFileSync(path.join(state, 'policy.json'), JSON.stringify(policy));
      writeFileSync(path.join(state, 'version'), 'K3EXAMPLE\n');
    }
    extra?.(state);
  };
  const sids = (run: StandInRun) =>
    (JSON.parse(run.state('policy.json') ?? '{"Statement": []}').Statement as {Sid?: string}[]).map((s) => s.Sid);

  test('keeps the statements the cluster has and adds Vigil’s once, with the version it read', () => {
    const existing = {
      Version: '2012-10-17',
      Statement: [
        {
          Sid: 'AnalyticsAccount',
          Effect: 'Allow',
          Principal: {AWS: '444455556666'},
          Action: 'kafka:GetBootstrapBrokers',
        },
        {Sid: 'VigilMultiVpcConnectivity', Effect: 'Allow', Principal: {AWS: '210987654321'}, Action: 'kafka:Old'},
      ],
      Resource: '*',
    };
    const run = runAsPrinted(block().code, setup(existing));
    expect(run.state('puts')?.trim()).toBe('put');
    expect(sids(run)).toEqual(['AnalyticsAccount', 'VigilMultiVpcConnectivity']);
    const vigil = JSON.parse(run.state('policy.json')!).Statement[1];
    expect(vigil).toEqual(JSON.parse(vigilPolicy()).Statement[0]);
  });

  test('writes Vigil’s policy as it is on a cluster with no policy', () => {
    const run = runAsPrinted(block().code, setup());
    expect(JSON.parse(run.state('policy.json')!)).toEqual(JSON.parse(vigilPolicy()));
  });

  test('writes nothing when the policy cannot be read', () => {
    const run = runAsPrinted(
      block().code,
      setup({Version: '2012-10-17', Statement: [{Sid: 'Keep'}]}, (state) =>
        writeFileSync(path.join(state, 'denied'), ''),
      ),
    );
    expect(run.state('puts')).toBeUndefined();
    expect(sids(run)).toEqual(['Keep']);
  });
});
