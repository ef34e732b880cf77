// The Amazon S3 page's permissions policy (docs/configuring-datastore/s3.md, the block titled IAM policy) and its
// check (check-grants.sh): four simulations of the role's policies, `action  resource  decision` each, in the
// order of the commands: the three statements of the policy must be allowed, a prefix outside the monitored one
// denied.
import {readSpaceAligned} from '../client-output/tables';
import {
  EMPTY_MESSAGE,
  unreadable,
  verdictOf,
  type CheckedRow,
  type GrantCheck,
  type Requirement,
  type Statement,
} from './model';

const json = (statement: object): Statement => ({language: 'json', code: JSON.stringify(statement, null, 2)});

/** The statements of the page's IAM policy, by Sid. */
export const POLICY_STATEMENTS = {
  ListMonitoredPrefix: {
    Sid: 'ListMonitoredPrefix',
    Effect: 'Allow',
    Action: 's3:ListBucket',
    Resource: 'arn:aws:s3:::acme-data-lake',
    Condition: {StringLike: {'s3:prefix': ['events/', 'events/*']}},
  },
  ReadMonitoredObjects: {
    Sid: 'ReadMonitoredObjects',
    Effect: 'Allow',
    Action: 's3:GetObject',
    Resource: 'arn:aws:s3:::acme-data-lake/events/*',
  },
  DecryptSseKms: {
    Sid: 'DecryptSseKms',
    Effect: 'Allow',
    Action: 'kms:Decrypt',
    Resource: 'arn:aws:kms:eu-central-1:111122223333:key/1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d',
    Condition: {StringEquals: {'kms:ViaService': 's3.eu-central-1.amazonaws.com'}},
  },
};

export const requirements = {
  list: {what: 's3:ListBucket on the monitored prefix', statements: [json(POLICY_STATEMENTS.ListMonitoredPrefix)]},
  read: {what: 's3:GetObject on the monitored objects', statements: [json(POLICY_STATEMENTS.ReadMonitoredObjects)]},
  decrypt: {
    what: 'kms:Decrypt through S3 (only for a bucket encrypted with SSE-KMS)',
    statements: [json(POLICY_STATEMENTS.DecryptSseKms)],
  },
  prefixOnly: {
    what: 's3:ListBucket only on the monitored prefix: replace the statement that allows more with this one',
    statements: [json(POLICY_STATEMENTS.ListMonitoredPrefix)],
  },
} satisfies Record<string, Requirement>;

type Id = keyof typeof requirements;

/** The four simulations, in the order of check-grants.sh: the action each asks for, and the decision it needs. */
const SIMULATIONS: {id: Id; action: string; allowed: boolean}[] = [
  {id: 'list', action: 's3:ListBucket', allowed: true},
  {id: 'read', action: 's3:GetObject', allowed: true},
  {id: 'decrypt', action: 'kms:Decrypt', allowed: true},
  {id: 'prefixOnly', action: 's3:ListBucket', allowed: false},
];
const DECISIONS = ['allowed', 'implicitDeny', 'explicitDeny'];

const FORMATS = "the AWS CLI's text output of the four commands: action, resource and decision on each line";

export const grantCheck: GrantCheck = {
  formats: FORMATS,
  check(output) {
    if (output.trim() === '') return unreadable(EMPTY_MESSAGE);
    const {rows: lines, unread} = readSpaceAligned(output, 3);
    if (unread.length > 0 || lines.some(([, , decision]) => !DECISIONS.includes(decision))) {
      return unreadable(`This is not the output of check-grants.sh. Expected ${FORMATS}.`);
    }
    if (lines.length !== SIMULATIONS.length || lines.some(([action], index) => action !== SIMULATIONS[index].action)) {
      return unreadable(
        `check-grants.sh prints four lines, for ${SIMULATIONS.map(({action}) => action).join(', ')} in that order; this output has ${lines.length}. Paste the output of the four commands.`,
      );
    }
    const rows: CheckedRow<Id>[] = lines.map(([action, resource, decision], index) => ({
      id: SIMULATIONS[index].id,
      label: `${action} on ${resource}: ${decision}`,
      present: (decision === 'allowed') === SIMULATIONS[index].allowed,
    }));
    return verdictOf('AWS CLI text', rows, requirements, []);
  },
};
