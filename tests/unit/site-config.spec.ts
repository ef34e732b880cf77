import {readFileSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {
  BASE_URL,
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
  const minified =
    '<head><meta data-rh=true property=og:title content="Rules | Vigil"><meta property=og:description content=Checks><body>';
  expect(withTwitterMeta(minified)).toContain(
    '<meta property=og:description content=Checks><meta name="twitter:description" content="Checks">',
  );
  expect(withTwitterMeta(minified)).toContain(
    '<meta data-rh=true property=og:title content="Rules | Vigil"><meta name="twitter:title" content="Rules | Vigil">',
  );
});

test('deploy/nginx.conf serves the site at the base URL of the configuration, and nothing else', () => {
  // The server block is a static file an operator copies; it names the base path in its locations, redirects
  // and error page, so a change of BASE_URL must be made there too.
  const directives = readFileSync('deploy/nginx.conf', 'utf8')
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
    .filter((line) => line !== '' && !line.startsWith('root '));
  const sitePaths = directives.flatMap((line) =>
    [...line.matchAll(/(?<=[\s"(^])\/[a-z][\w-]*\/?/g)].map((match) => match[0]),
  );
  expect(sitePaths.length).toBeGreaterThan(5);
  expect(new Set(sitePaths.map((path) => `${path.replace(/\/$/, '')}/`))).toEqual(new Set([BASE_URL]));
  expect(directives).toContain(`location ^~ ${BASE_URL} {`);
  expect(directives).toContain(`error_page 404 ${BASE_URL}404.html;`);
  expect(directives).toContain(`return 302 ${BASE_URL};`);
});
