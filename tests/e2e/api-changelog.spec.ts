// The API changelog of our own description, as the server sends it (HTTP, no browser): its page lists the
// history's entries with their dates and versions, every link goes to an anchor its page has, and its feed is Atom.
import {execFileSync} from 'node:child_process';
import {OPERATIONS_LISTED} from '../../src/plugins/api-reference/changelog/pages';
import {atomProblems} from '../support/atom';
import {parseHtml} from '../support/html';
import {BASE_URL, expect, test} from '../support/site';

const PAGE = `${BASE_URL}api/changelog`;

/** How many commits of the description changed its API, from git as the build reads it (CI clones the whole history). */
function commitsOfTheDescription(): number {
  return execFileSync('git', ['log', '--follow', '--format=%H', '--', 'openapi/vigil-api.yaml'], {encoding: 'utf8'})
    .trim()
    .split('\n').length;
}

test('the changelog page lists dated entries by version, its links reach anchors that exist, its feed is Atom', async ({
  request,
}) => {
  const response = await request.get(PAGE);
  expect(response.status()).toBe(200);
  const $ = parseHtml(await response.text());
  const article = $('article');

  // What history it covers, in words, from the server: our clone is whole, so the page says so.
  const commits = commitsOfTheDescription();
  expect(article.text()).toContain(`${commits} commits changed vigil-api.yaml`);
  expect(article.text()).toContain('The whole history of vigil-api.yaml');

  // Versions, then entries dated by their commit, the oldest being where the history starts.
  const versions = article
    .find('h2')
    .map((_, heading) => $(heading).text().trim())
    .get();
  expect(versions.length).toBeGreaterThan(0);
  for (const version of versions) expect(version).toMatch(/^Version \d+\.\d+\.\d+/);
  const entries = article
    .find('h3')
    .map((_, heading) => $(heading).text().trim())
    .get();
  expect(entries.length).toBeGreaterThan(2);
  for (const entry of entries) expect(entry).toMatch(/^\d{4}-\d{2}-\d{2}: /);
  expect(entries[entries.length - 1]).toMatch(/: History starts: \d+ operations/);
  expect(article.find('time[datetime]').length).toBe(entries.length);
  expect(article.find('li').length).toBeGreaterThan(20);
  expect(article.text()).toContain('Breaking');
  // A change in more than OPERATIONS_LISTED operations: counted by tag, each tag linked to its page, the counts
  // adding up to the total the line gives; a commit's changes that differ by name alone are one line.
  const counted = article
    .find('li')
    .filter((_, item) => / \d+ operations, by tag: /.test($(item).text()))
    .first();
  const [, total] = / (\d+) operations, by tag: /.exec(counted.text())!;
  const tagCounts = [...counted.text().matchAll(/ \((\d+)\)/g)].map((match) => Number(match[1]));
  expect(tagCounts.reduce((sum, count) => sum + count, 0)).toBe(Number(total));
  expect(Number(total)).toBeGreaterThan(OPERATIONS_LISTED);
  const tagLinks = counted
    .find('a[href]')
    .map((_, link) => $(link).attr('href'))
    .get();
  expect(tagLinks).toHaveLength(tagCounts.length);
  for (const href of tagLinks) expect((await request.get(href)).status(), href).toBe(200);
  expect(
    article.find('li').filter((_, item) => /^(Breaking)?\s*\w+ (properties|enum values) /.test($(item).text())).length,
  ).toBeGreaterThan(0);

  // Every link to the API reference reaches its page, and the anchor it names is an id of that page.
  const links = article
    .find('a[href]')
    .map((_, link) => $(link).attr('href'))
    .get()
    .filter((href) => href.startsWith(`${BASE_URL}api/`));
  expect(links.length).toBeGreaterThan(20);
  const anchored = links.filter((href) => href.includes('#'));
  expect(anchored.length).toBeGreaterThan(10);
  // Each page fetched once (about a hundred), its ids read from the minified HTML, where a value is quoted only
  // when it must be.
  const pagePaths = [...new Set(links.map((href) => href.split('#')[0]))];
  const idsOf = new Map(
    await Promise.all(
      pagePaths.map(async (pagePath) => {
        const page = await request.get(pagePath);
        expect(page.status(), pagePath).toBe(200);
        const html = await page.text();
        const ids = [...html.matchAll(/\sid=(?:"([^"]*)"|([^\s">]+))/g)].map((match) => match[1] ?? match[2]);
        return [pagePath, new Set(ids)] as const;
      }),
    ),
  );
  const missing = anchored.filter((href) => {
    const [pagePath, anchor] = href.split('#');
    return !idsOf.get(pagePath)?.has(anchor);
  });
  expect(missing, 'links whose anchor is no id of their page').toEqual([]);

  // The feed the page links to: served, and Atom 1.0 with one entry per entry of the page.
  const feedUrl = $('link[rel="alternate"][type="application/atom+xml"]').attr('href');
  expect(feedUrl).toBe(`${PAGE}/atom.xml`);
  const feed = await request.get(feedUrl!);
  expect(feed.status()).toBe(200);
  const xml = await feed.text();
  expect(atomProblems(xml)).toEqual([]);
  expect(xml.match(/<entry>/g)).toHaveLength(entries.length);
});
