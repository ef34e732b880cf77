/**
 * The calls of the Vigil API that the landing page prints: the hero's first result and the three quickstart
 * steps. They are the calls of the Getting Started page (docs/intro.md), with its ids, so a reader who follows
 * either gets the same objects. The browser must not load the OpenAPI description for them, so each call names
 * its operation and page here, and tests/e2e/landing.spec.ts checks what the served page prints against the
 * description: the operation's method and path, its page, and every body against the operation's schema.
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | {[key: string]: JsonValue};

/** One call as a reader pastes it into a shell. */
export interface ApiCall {
  operationId: string;
  /** The operation's page in the API reference, under the base URL. */
  apiPage: string;
  method: 'GET' | 'POST';
  /** The path after the server's `/api/v1`, with the quickstart's ids. */
  path: string;
  body?: {[key: string]: JsonValue};
}

/** One step of the quickstart: what to do, the calls that do it, and where the whole story is. */
export interface QuickstartStep {
  title: string;
  text: string;
  /** Shell lines the calls need first (the token and instance the other calls read). */
  setup?: string[];
  calls: ApiCall[];
  guide: {label: string; to: string};
}

/** The server of the description, its `instance` variable read from the shell like the docs' commands. */
const SERVER = 'https://$VIGIL_INSTANCE.vigil.example/api/v1';

/** A call as the docs print it: curl with the token from the shell, a body as indented JSON. */
export function curlCommand(call: ApiCall): string {
  const lines = [
    `curl -sS ${call.method === 'GET' ? '' : `-X ${call.method} `}"${SERVER}${call.path}"`,
    '  -H "Authorization: Bearer $VIGIL_TOKEN"',
  ];
  if (call.body) {
    lines.push('  -H "Content-Type: application/json"');
    // The body's strings hold no single quote, so the shell passes the JSON as it is.
    lines.push(`  -d '${jsonText(call.body)}'`);
  }
  return lines.join(' \\\n');
}

/**
 * JSON as the docs print it: an object's members one a line, an array of plain values on one line, and each
 * object of an array on one line, so a list of columns reads as a table.
 */
export function jsonText(value: JsonValue, indent = ''): string {
  const inner = `${indent}  `;
  const inline = (item: JsonValue): string =>
    JSON.stringify(item, null, 1)
      .replace(/\n\s*/g, ' ')
      .replace(/([[{]) /g, '$1')
      .replace(/ ([\]}])/g, '$1');
  if (Array.isArray(value)) {
    if (!value.some((item) => typeof item === 'object' && item !== null)) return inline(value);
    return `[\n${value.map((item) => `${inner}${inline(item)}`).join(',\n')}\n${indent}]`;
  }
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const members = Object.entries(value).map(
    ([key, member]) => `${inner}${JSON.stringify(key)}: ${jsonText(member, inner)}`,
  );
  return `{\n${members.join(',\n')}\n${indent}}`;
}

export const QUICKSTART: readonly QuickstartStep[] = [
  {
    title: 'Create an API token',
    text: 'In the app, open Settings → API tokens → New token, give it the editor role and copy it: it is shown once. Export it with your instance name, then check which user and role it acts as.',
    setup: ['export VIGIL_INSTANCE=acme', "export VIGIL_TOKEN='paste-the-token-here'"],
    calls: [{operationId: 'getCurrentUser', apiPage: '/api/get-current-user', method: 'GET', path: '/users/me'}],
    guide: {label: 'Tokens, roles and revocation', to: '/product/security#api-tokens'},
  },
  {
    title: 'Connect a datastore',
    text: 'Point Vigil at a read-only service user. The key pair is stored first as a secret, which the datastore references by id; every datastore below has its own grants and connection fields.',
    calls: [
      {
        operationId: 'createDatastore',
        apiPage: '/api/create-datastore',
        method: 'POST',
        path: '/datastores',
        body: {
          name: 'Snowflake analytics',
          connection: {
            type: 'snowflake',
            account: 'xy12345.eu-central-1',
            user: 'VIGIL_USER',
            role: 'VIGIL_ROLE',
            warehouse: 'VIGIL_WH',
            database: 'ANALYTICS',
            secret_id: 'sec_4h8n2v6k',
          },
        },
      },
    ],
    guide: {label: 'Store the secret and connect Snowflake', to: '/intro#2-store-a-credential-as-a-secret'},
  },
  {
    title: 'Run a job',
    text: 'A job runs tasks over datasets on a schedule. Create an hourly job for the ORDERS dataset and its profile task, then start a run now instead of waiting for the hour.',
    calls: [
      {
        operationId: 'createJob',
        apiPage: '/api/create-job',
        method: 'POST',
        path: '/jobs',
        body: {
          name: 'orders-hourly',
          mode: 'batch',
          schedule: '0 * * * *',
          task_ids: ['pt_6c2v9d3r'],
          dataset_ids: ['ds_4n7q1x8z'],
          compute: 'vigil',
        },
      },
      {operationId: 'runJob', apiPage: '/api/run-job', method: 'POST', path: '/jobs/job_7p2m4x9k/run'},
    ],
    guide: {label: 'Onboard the dataset and profile it', to: '/intro#4-onboard-a-dataset'},
  },
];

/** The hero's example: what the first run of the quickstart's job reports, as the API returns it. */
export const FIRST_RESULT: {call: ApiCall; status: string; response: {[key: string]: JsonValue}} = {
  call: {
    operationId: 'getDatasetMetrics',
    apiPage: '/api/get-dataset-metrics',
    method: 'GET',
    path: '/datasets/ds_4n7q1x8z/metrics',
  },
  status: '200 OK',
  response: {
    dataset_id: 'ds_4n7q1x8z',
    execution_id: 'jex_2b7h5k1w',
    computed_at: '2025-03-17T06:03:12Z',
    row_count: 1000000,
    columns: [
      {name: 'amount', null_pct: 0.0, distinct_count: 48213, min: '-25.00', max: '9840.00', mean: 84.37},
      {name: 'customer_email', null_pct: 1.6, distinct_count: 611402, min: null, max: null, mean: null},
    ],
  },
};
