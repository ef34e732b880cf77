/** Facts every part of the site configuration agrees on (see the product brief). */
export const SITE_TITLE = 'Vigil';
export const SITE_TAGLINE = 'Real-Time Data Observability Platform';
export const DEFAULT_SITE_URL = 'https://vigil.example';
export const BASE_URL = '/docs/';
export const GITHUB_URL = 'https://github.com/vigil-data/vigil';
export const EDIT_URL = 'https://github.com/vigil-data/vigil-docs/edit/main/';
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
