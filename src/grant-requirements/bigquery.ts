// The BigQuery page's grants (docs/configuring-datastore/bigquery.md) and its check (check-grants.sh): the roles
// of the service account in the billing and data projects, one "<project>  <role>" line each, then the entries of
// the dataset's access list that name it, as the JSON objects `jq -c` prints from `bq show --format=prettyjson`.
import {property, readJsonValues} from '../client-output/json-values';
import {linesOf} from '../client-output/tables';
import {
  bash,
  EMPTY_MESSAGE,
  sql,
  unreadable,
  verdictOf,
  type CheckedRow,
  type GrantCheck,
  type Requirement,
} from './model';

const variables = bash(
  `export DATA_PROJECT=acme-analytics      # the project that holds the datasets
export BILLING_PROJECT=acme-analytics   # the project that runs and pays for Vigil's query jobs
export SA=vigil-reader@$DATA_PROJECT.iam.gserviceaccount.com`,
  true,
);

export const requirements = {
  jobs: {
    what: 'roles/bigquery.jobUser on the billing project',
    statements: [
      variables,
      bash(`gcloud projects add-iam-policy-binding "$BILLING_PROJECT" \\
  --member="serviceAccount:$SA" --role="roles/bigquery.jobUser"`),
    ],
  },
  metadata: {
    what: 'roles/bigquery.metadataViewer on the data project',
    statements: [
      variables,
      bash(`gcloud projects add-iam-policy-binding "$DATA_PROJECT" \\
  --member="serviceAccount:$SA" --role="roles/bigquery.metadataViewer"`),
    ],
  },
  data: {
    what: 'roles/bigquery.dataViewer on the dataset (READER in its access list) or on the data project',
    statements: [
      sql(`GRANT \`roles/bigquery.dataViewer\`
ON SCHEMA \`acme-analytics\`.sales
TO "serviceAccount:vigil-reader@acme-analytics.iam.gserviceaccount.com";`),
    ],
  },
} satisfies Record<string, Requirement>;

type Id = keyof typeof requirements;

/** The roles that give each requirement: the page's predefined roles, or its custom roles. */
const ROLES: Record<Id, RegExp> = {
  jobs: /^(roles\/bigquery\.jobUser|projects\/[^/]+\/roles\/vigilBigQueryJobs)$/,
  metadata: /^(roles\/bigquery\.metadataViewer|projects\/[^/]+\/roles\/vigilBigQueryReader)$/,
  data: /^(roles\/bigquery\.dataViewer|projects\/[^/]+\/roles\/vigilBigQueryReader)$/,
};

const FORMATS =
  'the lines check-grants.sh prints: "<project>  <role>" for each project role, then the JSON of each dataset entry';

export const grantCheck: GrantCheck = {
  formats: FORMATS,
  check(output) {
    if (output.trim() === '') {
      return unreadable(
        `${EMPTY_MESSAGE} If check-grants.sh printed nothing, the service account has none of the grants: run every command of Grant access.`,
      );
    }
    const roles: string[] = [];
    let readerEntries = 0;
    for (const line of linesOf(output)) {
      const text = line.trim();
      if (text === '') continue;
      if (text.startsWith('{')) {
        const entry = readJsonValues(text)?.[0];
        const role = property(entry, 'role');
        if (typeof role !== 'string')
          return unreadable(`The line ${text} is not a dataset access entry. Expected ${FORMATS}.`);
        if (role === 'READER' || role === 'roles/bigquery.dataViewer') readerEntries += 1;
        continue;
      }
      const cells = text.split(/\s+/);
      if (cells.length !== 2 || !/^(roles|projects)\//.test(cells[1])) {
        return unreadable(`The line "${text}" is not one that check-grants.sh prints. Expected ${FORMATS}.`);
      }
      roles.push(cells[1]);
    }
    const has = (id: Id) => roles.some((role) => ROLES[id].test(role));
    const rows: CheckedRow<Id>[] = [
      {id: 'jobs', label: requirements.jobs.what, present: has('jobs')},
      {id: 'metadata', label: requirements.metadata.what, present: has('metadata')},
      {id: 'data', label: requirements.data.what, present: readerEntries > 0 || has('data')},
    ];
    return verdictOf('check-grants.sh', rows, requirements, []);
  },
};
