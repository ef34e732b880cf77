import {BASE_URL} from './base-url.cjs';

/** Facts every part of the site configuration agrees on (see the product brief). */
export const SITE_TITLE = 'Vigil';
export const SITE_TAGLINE = 'Real-Time Data Observability Platform';
/** One paragraph on the platform: the summary under the title of /docs/llms.txt and /docs/llms-full.txt. */
export const SITE_SUMMARY =
  'Vigil is a real-time data observability and data quality platform for data engineers and data-quality teams. ' +
  'It connects to datastores such as Snowflake, BigQuery, Databricks, Redshift, PostgreSQL, MySQL, Amazon S3 and Kafka, ' +
  'onboards datasets from data catalogs, profiles them, checks them against rules, anomaly detection and data contracts, ' +
  'scores their quality and raises alerts, in batch or on streams. Everything in the app is also available through the Vigil REST API. ' +
  'Each link below points to the Markdown version of a page; the HTML page is at the same address without ".md".';
export const DEFAULT_SITE_URL = 'https://vigil.example';
/** The path the site is served under, from config/base-url.cjs, which the tools and scripts read too. */
export {BASE_URL};
export const GITHUB_URL = 'https://github.com/vigil-data/vigil';
export const EDIT_URL = 'https://github.com/vigil-data/vigil-docs/edit/main/';
/** The repository of this site, which holds the docs MCP server (packages/vigil-docs-mcp). */
export const DOCS_REPOSITORY_URL = 'https://github.com/vigil-data/vigil-docs';

/**
 * The paragraphs of /docs/llms.txt after the summary on the other ways a program reads the site, given its
 * URL (origin and base path): content negotiation (deploy/nginx.conf) and the docs MCP server.
 */
export function machineAccessNotes(siteUrl: string): string[] {
  return [
    'Every page names its Markdown version in its HTML head (`<link rel="alternate" type="text/markdown">`), and a page URL ' +
      'requested with the header `Accept: text/markdown` answers that Markdown version instead of the HTML.',
    `MCP server: \`vigil-docs-mcp\`, in the repository of these docs (${DOCS_REPOSITORY_URL}, folder \`packages/vigil-docs-mcp\`), ` +
      'gives an MCP client the tools `search_docs` (the search of this site, in its order), `read_page`, `get_operation` and ' +
      '`list_operations`, over stdio, reading only this site: in a clone, `npm install --prefix packages/vigil-docs-mcp`, then ' +
      `\`npx ./packages/vigil-docs-mcp --site ${siteUrl}\`.`,
  ];
}
export const COPYRIGHT_YEAR = 2025;
export const DEFAULT_ANNOUNCEMENT_ID = 'api-reference-v1';

/** The site url comes from SITE_URL at build time; anything else than an absolute http(s) origin is refused. */
export function siteUrlFromEnv(value: string | undefined): string {
  if (value === undefined || value.trim() === '') {
    return DEFAULT_SITE_URL;
  }
  const url = value.trim().replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+$/.test(url)) {
    throw new Error(
      `SITE_URL must be an origin such as https://docs.example.com (no path; the base path is ${BASE_URL}), got "${value}"`,
    );
  }
  return url;
}

/** The announcement id may be changed at build time so that readers who dismissed the bar see a new one. */
export function announcementIdFromEnv(value: string | undefined): string {
  if (value === undefined || value.trim() === '') {
    return DEFAULT_ANNOUNCEMENT_ID;
  }
  if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(value)) {
    throw new Error(`ANNOUNCEMENT_ID must be lowercase letters, digits and dashes, got "${value}"`);
  }
  return value;
}
