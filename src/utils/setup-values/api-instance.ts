/**
 * The name of the API samples' variable that holds the instance (serverVariableEnv('instance') of
 * src/openapi/request-samples.ts, which runs at build time; tests/unit/setup-values.spec.ts checks they agree):
 * the API pages' panel keeps its instance as the setup pages' `instance`. A module of its own, so the pages'
 * shared bundle, which holds the store that reads it, gets this constant and nothing more.
 */
export const API_INSTANCE_VARIABLE = 'VIGIL_INSTANCE';
