// The grant check of each datastore page, each a chunk of its own: a page loads only its datastore's, and only
// when the reader uses the check (src/components/GrantCheck).
import type {GrantCheck} from './model';

export const GRANT_CHECKS = {
  postgresql: () => import('./postgresql'),
  mysql: () => import('./mysql'),
  snowflake: () => import('./snowflake'),
  redshift: () => import('./redshift'),
  databricks: () => import('./databricks'),
  bigquery: () => import('./bigquery'),
  s3: () => import('./s3'),
  kafka: () => import('./kafka'),
} satisfies Record<string, () => Promise<{grantCheck: GrantCheck}>>;

export type GrantCheckDatastore = keyof typeof GRANT_CHECKS;
