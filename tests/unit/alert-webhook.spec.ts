import {spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {OPENAPI_SPEC_PATH} from '../../config/api-reference';
import {deref, loadOpenApiDescription, webhooksOf, type ApiOperation, type JsonObject} from '../../src/openapi';
import {codeBlocks, readMarkdown} from '../support/content';
import {createBodyValidator} from '../support/schema-validator';

// The alert webhooks of the OpenAPI file carry a real signature in their examples: the verification code that
// docs/features/alerts.md gives readers, run as it stands, accepts each example (payload and headers read from
// the file) and rejects it with one byte of the body changed.

const DOC = 'docs/features/alerts.md';
const NODE_BLOCK = 'verify-vigil.mjs';
const PYTHON_BLOCK = 'verify_vigil.py';

const spec = loadOpenApiDescription(OPENAPI_SPEC_PATH);
const webhooks = webhooksOf(spec);
const doc = readMarkdown(DOC);

function block(title: string): string {
  const found = codeBlocks(doc.body).find((candidate) => candidate.title === title);
  if (!found) throw new Error(`${DOC} has no code block titled "${title}"`);
  return found.code;
}

/** The example delivery of a webhook, as the file gives it: signing secret, signature header, raw body and its time. */
function exampleDelivery(webhook: ApiOperation) {
  const signature = webhook.parameters.find(
    (parameter) => parameter.in === 'header' && parameter.name === 'Vigil-Signature',
  );
  if (!signature) throw new Error(`${webhook.operationId} has no Vigil-Signature header parameter`);
  const header = String(signature.example);
  const secret = /example signing secret\s+`([^`]+)`/.exec(String(signature.description))?.[1];
  if (!secret)
    throw new Error(`${webhook.operationId}: the Vigil-Signature description names no example signing secret`);
  const media = deref(spec, webhook.definition.requestBody)?.content?.['application/json'] as JsonObject;
  // Vigil sends the body as compact JSON, keys in the order of the example (the parameter's description says so).
  const body = Buffer.from(JSON.stringify(media.example), 'utf8');
  const t = Number(/^t=(\d+),/.exec(header)?.[1]);
  return {secret, header, body, t, payload: media.example as JsonObject};
}

type Case = {label: string; secret: string; header: string; body: string; now: number; expected: boolean};

/** The cases each verification must get right: the example as is, and altered in each way the check exists for. */
function casesOf(webhook: ApiOperation): Case[] {
  const {secret, header, body, t} = exampleDelivery(webhook);
  const changed = Buffer.from(body);
  const middle = Math.floor(changed.length / 2);
  changed[middle] = changed[middle] === 0x30 ? 0x31 : 0x30;
  const v1 = /v1=([0-9a-f]+)/.exec(header)![1];
  const base = {secret, header, body: body.toString('base64'), now: t};
  return [
    {...base, label: 'the example', expected: true},
    {...base, label: 'one byte of the body changed', body: changed.toString('base64'), expected: false},
    {...base, label: 'another secret', secret: `${secret}x`, expected: false},
    {...base, label: 'checked 6 minutes later', now: t + 360, expected: false},
    {
      ...base,
      label: 'during a rotation, the old secret signing first',
      header: `t=${t},v1=${'0'.repeat(64)},v1=${v1}`,
      expected: true,
    },
    {...base, label: 'another timestamp', header: header.replace(`t=${t}`, `t=${t + 1}`), now: t + 1, expected: false},
  ];
}

const NODE_RUNNER = `import {readFileSync} from 'node:fs';
import {verifyVigilSignature} from './verify-vigil.mjs';
const cases = JSON.parse(readFileSync(0, 'utf8'));
console.log(JSON.stringify(cases.map((c) => verifyVigilSignature(c.secret, c.header, Buffer.from(c.body, 'base64'), c.now))));
`;

const PYTHON_RUNNER = `import base64, json, sys
from verify_vigil import verify_vigil_signature
cases = json.load(sys.stdin)
print(json.dumps([verify_vigil_signature(c["secret"], c["header"], base64.b64decode(c["body"]), c["now"]) for c in cases]))
`;

/** Runs the docs' block as a file of its own with a runner beside it; returns what it answers for each case. */
function run(
  command: string,
  blockFile: string,
  code: string,
  runnerFile: string,
  runner: string,
  cases: Case[],
): boolean[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'alert-webhook-'));
  try {
    writeFileSync(path.join(dir, blockFile), code);
    writeFileSync(path.join(dir, runnerFile), runner);
    const result = spawnSync(command, [runnerFile], {
      cwd: dir,
      input: JSON.stringify(cases),
      encoding: 'utf8',
      timeout: 20_000,
    });
    if (result.status !== 0)
      throw new Error(`${command} ${blockFile} failed (${result.status}): ${result.stderr || result.error}`);
    return JSON.parse(result.stdout) as boolean[];
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

function pythonAtLeast310(): boolean {
  return spawnSync('python3', ['-c', 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)']).status === 0;
}

test('the alert webhooks are in the file: alert.raised, alert.acknowledged and alert.resolved, in the Alerts tag', () => {
  expect(spec.openapi).toMatch(/^3\.1\./);
  expect(webhooks.map((webhook) => [webhook.operationId, webhook.slug, webhook.tag, webhook.method])).toEqual([
    ['alertRaised', 'alert-raised', 'Alerts', 'post'],
    ['alertAcknowledged', 'alert-acknowledged', 'Alerts', 'post'],
    ['alertResolved', 'alert-resolved', 'Alerts', 'post'],
  ]);
  const validate = createBodyValidator(spec);
  for (const webhook of webhooks) {
    const {payload} = exampleDelivery(webhook);
    const event = webhook.parameters.find((parameter) => parameter.name === 'Vigil-Event');
    expect(payload.event, webhook.operationId).toBe(event?.example);
    expect(validate(webhook, 'request', payload), webhook.operationId).toEqual([]);
    expect(Object.keys(webhook.definition.responses), webhook.operationId).toEqual(['2XX', 'default']);
  }
});

test('the payload of the docs is the example of alertRaised, and both name the same example signing secret', () => {
  const alertRaised = webhooks.find((webhook) => webhook.operationId === 'alertRaised')!;
  const {payload, secret} = exampleDelivery(alertRaised);
  expect(JSON.parse(block('alertRaised request'))).toEqual(payload);
  expect(doc.body.replace(/\s+/g, ' ')).toContain(`example signing secret \`${secret}\``);
});

for (const webhook of webhooks) {
  test(`${webhook.operationId}: the "signed now" curl sample sends the example body and signs it as Vigil does`, () => {
    test.skip(spawnSync('openssl', ['version']).status !== 0, 'openssl is not installed');
    const {secret, header, body, t} = exampleDelivery(webhook);
    const sample = ((webhook.definition['x-codeSamples'] ?? []) as JsonObject[]).find(
      (candidate) => candidate.label === 'curl, signed now',
    );
    const lines = String(sample?.source ?? '').split('\n');
    const bodyLine = lines.find((line) => line.startsWith("body='"));
    const signLine = lines.find((line) => line.startsWith('sig=$('));
    expect(bodyLine, 'the sample sets body').toBe(`body='${body.toString('utf8')}'`);
    // The sample's own signing line, with the example's time and secret: the example's signature.
    const script = `${bodyLine}\nt=${t}\n${signLine}\nprintf '%s' "$sig"`;
    const result = spawnSync('bash', ['-c', script], {
      env: {...process.env, VIGIL_WEBHOOK_SECRET: secret},
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    expect(`t=${t},v1=${result.stdout}`).toBe(header);
  });

  test(`${webhook.operationId}: the Node.js check of the docs (${NODE_BLOCK}) accepts the example's signature and rejects a changed body`, () => {
    const cases = casesOf(webhook);
    const answers = run(process.execPath, NODE_BLOCK, block(NODE_BLOCK), 'runner.mjs', NODE_RUNNER, cases);
    expect(cases.map((c, i) => `${c.label}: ${answers[i]}`)).toEqual(cases.map((c) => `${c.label}: ${c.expected}`));
  });

  test(`${webhook.operationId}: the Python check of the docs (${PYTHON_BLOCK}) accepts the example's signature and rejects a changed body`, () => {
    test.skip(!pythonAtLeast310(), 'python3 3.10 or later is not installed');
    const cases = casesOf(webhook);
    const answers = run('python3', PYTHON_BLOCK, block(PYTHON_BLOCK), 'runner.py', PYTHON_RUNNER, cases);
    expect(cases.map((c, i) => `${c.label}: ${answers[i]}`)).toEqual(cases.map((c) => `${c.label}: ${c.expected}`));
  });
}
