// The page ids docusaurus-plugin-openapi-docs gives the pages it generates (createItems in
// docusaurus-plugin-openapi-docs/lib/openapi/openapi.js), made with the same lodash function it calls.
import kebabCase from 'lodash/kebabCase';

/** Slug of the page of an operation (its operationId) or of a tag (its name): `getS3Bucket` -> `get-s-3-bucket`. */
export function apiPageSlug(name: string): string {
  return kebabCase(name);
}

/** Slug of the API root page: the generator hyphenates the title's first space and lowercases it before kebab-casing. */
export function infoPageSlug(title: string): string {
  return kebabCase(title.replace(' ', '-').toLowerCase());
}
