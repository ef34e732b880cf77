/**
 * Relevance question set for the offline search of the Vigil docs.
 *
 * Each entry is what a data engineer who evaluates, sets up or integrates Vigil would type into the search
 * box, and the ONE page that best answers it. The set was written from the content of docs/, blog/ and
 * openapi/vigil-api.yaml alone, as a reader's questions, before the search engine was tuned and without
 * looking at any search results: it is the yardstick for the engine, not a record of what it returns.
 *
 * Kinds:
 * - `how-to`: a task ("set up", "connect", "how do i"), always answered by a doc page;
 * - `concept`: what something is or how it works;
 * - `reference`: a number, a list or a table to look up (limits, codes, prefixes);
 * - `error`: an error message quoted from a troubleshooting section or a problem body of the docs;
 * - `misspelling`: a realistic one-letter typo of a query whose page is known;
 * - `api-action`: an API action named by what it does (not by its operationId), answered by the
 *   operation's page under /docs/api/.
 *
 * Doc routes follow tests/support/content.ts (docRoute: an index doc ends with a slash), blog routes are
 * /docs/blog/<front matter slug>, and operation pages are built with the project's own slug function.
 * tests/unit/search-questions.spec.ts checks every answer against the sources.
 */
import {BASE_URL} from '../../config/site-constants';
import {operationsOf} from '../../src/openapi';
import {loadSpec} from './openapi';

export type SearchQuestionKind = 'how-to' | 'concept' | 'api-action' | 'error' | 'misspelling' | 'reference';

export interface SearchQuestion {
  /** What the reader types into the search box, as they would type it (lower case is fine, no trailing question mark needed). */
  query: string;
  /** The site path of the page that answers it, e.g. '/docs/configuring-datastore/snowflake', or for an API operation `/docs/api/${slug}`. */
  answer: string;
  kind: SearchQuestionKind;
}

const operations = operationsOf(loadSpec());

/** The page of an API operation, from its operationId and the project's slug function. */
function operationPage(operationId: string): string {
  const found = operations.find((o) => o.operationId === operationId);
  if (!found) throw new Error(`openapi/vigil-api.yaml has no operation ${operationId}`);
  return `${BASE_URL}api/${found.slug}`;
}

const DATASTORE = `${BASE_URL}configuring-datastore`;
const CATALOG = `${BASE_URL}onboarding-catalog`;
const FEATURES = `${BASE_URL}features`;
const PRODUCT = `${BASE_URL}product`;
const PIPELINES = `${BASE_URL}pipelines`;

export const SEARCH_QUESTIONS: readonly SearchQuestion[] = [
  // Getting started
  {query: 'quickstart first alert', answer: `${BASE_URL}intro`, kind: 'how-to'},

  // Configure Datastore: one question or more per datastore, then network access and secrets
  {query: 'compare datastore auth methods', answer: `${DATASTORE}/`, kind: 'reference'},
  {query: 'connect snowflake with key pair', answer: `${DATASTORE}/snowflake`, kind: 'how-to'},
  {query: 'JWT token is invalid', answer: `${DATASTORE}/snowflake`, kind: 'error'},
  {query: 'bigqeury service account roles', answer: `${DATASTORE}/bigquery`, kind: 'misspelling'},
  {query: 'databriks sql warehouse grants', answer: `${DATASTORE}/databricks`, kind: 'misspelling'},
  {query: 'redshift iam authentication setup', answer: `${DATASTORE}/redshift`, kind: 'how-to'},
  {query: 'no pg_hba.conf entry for host', answer: `${DATASTORE}/postgresql`, kind: 'error'},
  {query: 'connections using insecure transport are prohibited', answer: `${DATASTORE}/mysql`, kind: 'error'},
  {query: 'connect confluent cloud kafka', answer: `${DATASTORE}/kafka`, kind: 'how-to'},
  {query: 'monitor parquet files in s3', answer: `${DATASTORE}/s3`, kind: 'how-to'},
  {query: 'allowlist vigil ip addresses', answer: `${DATASTORE}/network-access`, kind: 'how-to'},
  {query: 'set up aws privatelink', answer: `${DATASTORE}/network-access`, kind: 'how-to'},
  {query: 'how do i rotate secrets', answer: `${DATASTORE}/secrets`, kind: 'how-to'},

  // Data catalog
  {query: 'catalog sync vs single dataset onboarding', answer: `${CATALOG}/`, kind: 'concept'},
  {query: 'sync tables from aws glue', answer: `${CATALOG}/aws-glue`, kind: 'how-to'},
  {query: 'unity catalog tags as domains', answer: `${CATALOG}/unity-catalog`, kind: 'how-to'},
  {query: 'connect datahub with access token', answer: `${CATALOG}/datahub`, kind: 'how-to'},
  {query: 'mount snowflake marketplace listing', answer: `${CATALOG}/snowflake-marketplace`, kind: 'how-to'},
  {query: 'exceeds the 2 GiB limit', answer: `${CATALOG}/kaggle`, kind: 'error'},
  {query: 'sync timed out after 7200 seconds', answer: `${CATALOG}/sync-status-and-scheduling`, kind: 'error'},

  // Features
  {query: 'how tasks and jobs fit together', answer: `${FEATURES}/`, kind: 'concept'},
  {query: 'verify webhok signature', answer: `${FEATURES}/alerts`, kind: 'misspelling'},
  {query: 'anomally detection baseline', answer: `${FEATURES}/anomaly-detection`, kind: 'misspelling'},
  {query: 'force install browser extension', answer: `${FEATURES}/browser-extension`, kind: 'how-to'},
  {query: 'data contracts as code', answer: `${FEATURES}/data-contracts`, kind: 'concept'},
  {query: 'job error vs data error', answer: `${FEATURES}/data-errors`, kind: 'concept'},
  {query: 'job error codes', answer: `${FEATURES}/data-errors`, kind: 'reference'},
  {query: 'profile a sample of rows', answer: `${FEATURES}/profiling`, kind: 'how-to'},
  {query: 'how is quailty score computed', answer: `${FEATURES}/quality-score`, kind: 'misspelling'},
  {query: 'write a referential integrity rule', answer: `${FEATURES}/rules`, kind: 'how-to'},
  {query: 'choose streaming interval', answer: `${FEATURES}/streaming-monitoring`, kind: 'how-to'},

  // Pipelines and CI
  {query: 'airflow data quality gate', answer: `${PIPELINES}/airflow`, kind: 'how-to'},
  {query: 'dry run contracts in ci', answer: `${PIPELINES}/github-actions`, kind: 'how-to'},

  // Product: architecture, deployment, security, limits, glossary
  {query: 'what data leaves my account', answer: `${PRODUCT}/architecture`, kind: 'concept'},
  {query: 'vigil cloud vs dedicated', answer: `${PRODUCT}/deployment`, kind: 'concept'},
  {query: 'run checks on emr serverless', answer: `${PRODUCT}/deployment`, kind: 'how-to'},
  {query: 'set up saml sso', answer: `${PRODUCT}/security`, kind: 'how-to'},
  {query: 'revoke an api token', answer: `${PRODUCT}/security`, kind: 'how-to'},
  {query: 'editor vs viewer permissions', answer: `${PRODUCT}/security`, kind: 'concept'},
  {query: 'api rate limit per token', answer: `${PRODUCT}/limits-and-quotas`, kind: 'reference'},
  {query: 'request a limit increase', answer: `${PRODUCT}/limits-and-quotas`, kind: 'how-to'},
  {query: 'ds_ vs dst_ id prefix', answer: `${PRODUCT}/glossary`, kind: 'reference'},
  {query: 'what is a domain', answer: `${PRODUCT}/glossary`, kind: 'concept'},

  // Blog
  {query: 'cost of bad data', answer: `${BASE_URL}blog/quantifying-bad-data`, kind: 'concept'},
  {query: 'data quality for ml models', answer: `${BASE_URL}blog/ai-models-data-quality`, kind: 'concept'},

  // API operations, named by what they do
  {query: 'create datastore via api', answer: operationPage('createDatastore'), kind: 'api-action'},
  {query: 'pause a job api', answer: operationPage('setJobStatus'), kind: 'api-action'},
  {query: 'list datasets endpoint', answer: operationPage('listDatasets'), kind: 'api-action'},
  {query: 'cancel a running job api', answer: operationPage('cancelJobExecution'), kind: 'api-action'},
  {query: 'acknowledge alert endpoint', answer: operationPage('acknowledgeAlert'), kind: 'api-action'},
  {query: 'reveal secret value api', answer: operationPage('readSecretValue'), kind: 'api-action'},
  {query: 'start a catalog sync api', answer: operationPage('triggerCatalogSync'), kind: 'api-action'},
  {query: 'deactivate user endpoint', answer: operationPage('deactivateUser'), kind: 'api-action'},
];
