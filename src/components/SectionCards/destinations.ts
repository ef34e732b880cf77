/**
 * Where the landing page sends a reader: the setup page of every datastore and catalog, the tasks readers search
 * for most, what an evaluator checks first, and the sections of the site. tests/e2e/landing.spec.ts keeps these
 * lists honest: the grids against the pages of docs/, the tasks against the search relevance questions.
 */

/** A datastore or catalog, by the id of its setup page in docs/ (the page's path comes from the docs plugin). */
export interface SetupPage {
  label: string;
  docId: string;
  detail: string;
}

export interface Destination {
  label: string;
  to: string;
}

/** The supported datastores of the product brief, each with its setup page. */
export const DATASTORES: readonly SetupPage[] = [
  {label: 'Snowflake', docId: 'configuring-datastore/snowflake', detail: 'Key pair, read-only role'},
  {label: 'Google BigQuery', docId: 'configuring-datastore/bigquery', detail: 'Service account or workload identity'},
  {label: 'Databricks', docId: 'configuring-datastore/databricks', detail: 'Unity Catalog, OAuth service principal'},
  {label: 'Amazon Redshift', docId: 'configuring-datastore/redshift', detail: 'Cluster or Serverless, password or IAM'},
  {label: 'PostgreSQL', docId: 'configuring-datastore/postgresql', detail: 'Read-only role, TLS, read replica'},
  {label: 'MySQL', docId: 'configuring-datastore/mysql', detail: 'Read-only user that requires TLS'},
  {label: 'Amazon S3', docId: 'configuring-datastore/s3', detail: 'Parquet, CSV and JSON through an IAM role'},
  {label: 'Apache Kafka', docId: 'configuring-datastore/kafka', detail: 'Streaming: Amazon MSK, Confluent Cloud'},
];

/** The catalogs synced into Vigil, then the sources one dataset is onboarded from. */
export const CATALOGS: readonly SetupPage[] = [
  {label: 'AWS Glue Data Catalog', docId: 'onboarding-catalog/aws-glue', detail: 'Catalog sync through an IAM role'},
  {
    label: 'Databricks Unity Catalog',
    docId: 'onboarding-catalog/unity-catalog',
    detail: 'Catalog sync, tags as domains',
  },
  {label: 'DataHub', docId: 'onboarding-catalog/datahub', detail: 'Catalog sync with an access token'},
  {
    label: 'Snowflake Marketplace',
    docId: 'onboarding-catalog/snowflake-marketplace',
    detail: 'One listing onto your Snowflake datastore',
  },
  {label: 'Kaggle', docId: 'onboarding-catalog/kaggle', detail: 'One file of up to 2 GiB into Amazon S3'},
];

/** Tasks from the search relevance questions (tests/support/search-questions.ts), at the heading that answers. */
export const COMMON_TASKS: readonly Destination[] = [
  {label: 'Create, scope and revoke API tokens', to: '/product/security#api-tokens'},
  {label: 'Compare how each datastore authenticates', to: '/configuring-datastore/'},
  {label: 'Allowlist the Vigil egress IP addresses', to: '/configuring-datastore/network-access#egress-ip-addresses'},
  {label: 'Rotate a secret without downtime', to: '/configuring-datastore/secrets#rotate-a-secret-without-downtime'},
  {label: 'Route alerts to email, Slack, PagerDuty or a webhook', to: '/features/alerts#notification-channels'},
  {label: 'Verify the signature of a webhook', to: '/features/alerts#verify-the-signature'},
  {label: 'Stop an Airflow DAG when the checks fail', to: '/pipelines/airflow'},
  {label: 'Set up SAML single sign-on', to: '/product/security#saml-20'},
];

/** The status page, customer support and the issues of this site's repository, as the product brief names them. */
export const STATUS_PAGE_URL = 'https://status.vigil.example';
export const SUPPORT_EMAIL = 'support@vigil.example';
export const DOCS_ISSUES_URL = 'https://github.com/vigil-data/vigil-docs/issues';

/**
 * What an evaluator reads before a trial: security, API changes, data flow, deployment, limits and cost; then
 * where to see incidents, reach support, and report a problem with these docs.
 */
export const EVALUATION: readonly Destination[] = [
  {label: 'Security: secrets, SSO, roles, audit log', to: '/product/security'},
  {label: 'Report a vulnerability', to: '/product/security#responsible-disclosure'},
  {label: 'API changelog, breaking changes marked', to: '/api/changelog'},
  {label: 'Architecture: what data leaves your account', to: '/product/architecture'},
  {label: 'Deployment: Vigil Cloud, Dedicated or your own compute', to: '/product/deployment'},
  {label: 'Limits and quotas', to: '/product/limits-and-quotas'},
  {label: 'What Vigil costs you to run', to: '/product/cost'},
  {label: 'Status page: incidents and uptime per region', to: STATUS_PAGE_URL},
  {label: `Support for customers: ${SUPPORT_EMAIL}`, to: `mailto:${SUPPORT_EMAIL}`},
  {label: 'A problem with these docs? Open an issue on GitHub', to: DOCS_ISSUES_URL},
];

/** The sections of the site, as the navbar lists them, with the pipelines guides. */
export const SECTIONS: readonly (Destination & {description: string})[] = [
  {
    label: 'Getting Started',
    to: '/intro',
    description: 'The core concepts and a quickstart from an API token to your first alert.',
  },
  {
    label: 'Configure Datastore',
    to: '/configuring-datastore/',
    description: 'Grants, connection fields, network access and secrets for every datastore.',
  },
  {
    label: 'Data Catalog',
    to: '/onboarding-catalog/',
    description: 'Sync a whole catalog, or onboard one dataset from a marketplace.',
  },
  {
    label: 'Features',
    to: '/features/',
    description:
      'Profiling, rules, anomaly detection, data contracts, streaming monitoring, alerts and the quality score.',
  },
  {
    label: 'Pipelines and CI',
    to: '/pipelines/',
    description: 'Quality gates in Airflow, Dagster, dbt and GitHub Actions, and rules kept as code.',
  },
  {
    label: 'Product',
    to: '/product/',
    description: 'Architecture, security, deployment options, limits and the glossary.',
  },
  {
    label: 'API Reference',
    to: '/api',
    description: 'Every operation of the REST API with its parameters, schemas and request samples.',
  },
];
