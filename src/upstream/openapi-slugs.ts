// The page ids docusaurus-plugin-openapi-docs gives the pages it generates (createItems in
// docusaurus-plugin-openapi-docs/lib/openapi/openapi.js), made with the same lodash function it calls.
//
// The site's model names an operation's or webhook's page itself (pageSlug in src/openapi/document.ts, which
// also strips the diacritics lodash keeps, such as Vietnamese ones); the loader writes as each one's operationId a
// name that apiPageSlug turns into that same id (completeOperationIds), and tests/unit/openapi-page-ids.spec.ts
// checks that they agree on every fixture and every description of the corpus. Once the plugin no longer
// generates the pages, this file goes: the model's ids need no operationId rewritten for the plugin, and the tag
// and root pages get their slugs from the model too.
import kebabCase from 'lodash/kebabCase';

/**
 * Slug the plugin gives the page of an operation (its operationId, in a loaded description the model's page id)
 * or of a tag (its name): `getS3Bucket` -> `get-s-3-bucket`.
 */
export function apiPageSlug(name: string): string {
  return kebabCase(name);
}

/** Slug of the API root page: the generator hyphenates the title's first space and lowercases it before kebab-casing. */
export function infoPageSlug(title: string): string {
  return kebabCase(title.replace(' ', '-').toLowerCase());
}
