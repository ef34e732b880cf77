import {expect, test} from '@playwright/test';
import {
  DEFAULT_ANNOUNCEMENT_ID,
  DEFAULT_SITE_URL,
  announcementIdFromEnv,
  siteUrlFromEnv,
} from '../../config/site-constants';
import {withTwitterMeta} from '../../src/plugins/social-meta';

test('the site url comes from SITE_URL, with the brief default', () => {
  expect(siteUrlFromEnv(undefined)).toBe(DEFAULT_SITE_URL);
  expect(siteUrlFromEnv('')).toBe(DEFAULT_SITE_URL);
  expect(siteUrlFromEnv('https://docs.acme.io/')).toBe('https://docs.acme.io');
  expect(() => siteUrlFromEnv('https://docs.acme.io/docs')).toThrow(/SITE_URL must be an origin/);
  expect(() => siteUrlFromEnv('docs.acme.io')).toThrow(/SITE_URL must be an origin/);
});

test('the announcement id can be changed at build time and is validated', () => {
  expect(announcementIdFromEnv(undefined)).toBe(DEFAULT_ANNOUNCEMENT_ID);
  expect(announcementIdFromEnv('release-2025-06')).toBe('release-2025-06');
  expect(() => announcementIdFromEnv('Not Valid!')).toThrow(/ANNOUNCEMENT_ID/);
});

test('twitter title and description mirror the open-graph tags', () => {
  const html =
    '<html><head><meta data-rh="true" property="og:title" content="Connect Snowflake | Vigil">' +
    '<meta data-rh="true" property="og:description" content="Grants &amp; fields"></head><body></body></html>';
  const out = withTwitterMeta(html);
  expect(out).toContain('<meta name="twitter:title" content="Connect Snowflake | Vigil">');
  expect(out).toContain('<meta name="twitter:description" content="Grants &amp; fields">');
  expect(withTwitterMeta(out)).toBe(out);
  expect(withTwitterMeta('<html><head></head></html>')).toBe('<html><head></head></html>');
  // The production build minifies HTML and drops the quotes of simple attribute values.
  const minified = '<head><meta data-rh=true property=og:title content="Rules | Vigil"><meta property=og:description content=Checks><body>';
  expect(withTwitterMeta(minified)).toContain('<meta property=og:description content=Checks><meta name="twitter:description" content="Checks">');
  expect(withTwitterMeta(minified)).toContain(
    '<meta data-rh=true property=og:title content="Rules | Vigil"><meta name="twitter:title" content="Rules | Vigil">',
  );
});
