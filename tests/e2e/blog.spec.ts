import {authors, blogTags, posts} from '../support/blog';
import {expect, openPage, test} from '../support/site';

test('the blog list shows the five posts newest first, each with its reading time', async ({page}) => {
  await openPage(page, '/docs/blog');
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Blog');
  const articles = page.locator('main article');
  await expect(articles.locator('h2')).toHaveText(posts.map((post) => post.title));
  for (const article of await articles.all()) {
    await expect(article.locator('header')).toContainText(/\d+ min read/);
  }
});

for (const post of posts) {
  test(`post "${post.slug}" shows its title, authors, tags and reading time`, async ({page}) => {
    const response = await openPage(page, `/docs/blog/${post.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('article h1')).toHaveText(post.title);
    await expect(page.locator('article header')).toContainText(/\d+ min read/);
    for (const key of post.authors) {
      await expect(page.locator('article header').getByText(authors[key].name, {exact: true})).toBeVisible();
    }
    const tagLinks = page.locator('article footer a[rel="tag"], article footer .tag_zVej, article footer a[href*="/blog/tags/"]');
    await expect(tagLinks).toHaveText(post.tags.map((tag) => blogTags[tag].label), {useInnerText: true});
  });
}

test('the archive lists all five posts', async ({page}) => {
  await openPage(page, '/docs/blog/archive');
  for (const post of posts) {
    await expect(page.locator('main').getByRole('link', {name: post.title})).toBeVisible();
  }
});

test('the authors page lists the personas and each author page lists their posts', async ({page}) => {
  await openPage(page, '/docs/blog/authors');
  for (const author of Object.values(authors)) {
    await expect(page.locator('main').getByText(author.name, {exact: true}).first()).toBeVisible();
  }
  for (const key of Object.keys(authors)) {
    await openPage(page, `/docs/blog/authors/${key}`);
    const expected = posts.filter((post) => post.authors.includes(key)).map((post) => post.title);
    await expect(page.locator('main article h2')).toHaveText(expected);
  }
});

test('the tags page lists the four tags and each tag page lists the right posts', async ({page}) => {
  await openPage(page, '/docs/blog/tags');
  for (const tag of Object.values(blogTags)) {
    await expect(page.locator(`main a[href="/docs/blog/tags${tag.permalink}"]`)).toContainText(tag.label);
  }
  for (const [key, tag] of Object.entries(blogTags)) {
    await openPage(page, `/docs/blog/tags${tag.permalink}`);
    const expected = posts.filter((post) => post.tags.includes(key)).map((post) => post.title);
    await expect(page.locator('main article h2')).toHaveText(expected);
  }
});

test('the sidebar lists every post under its year', async ({page}) => {
  await openPage(page, `/docs/blog/${posts[0].slug}`);
  const sidebar = page.locator('aside nav[aria-label]').first();
  const years = [...new Set(posts.map((post) => post.date.slice(0, 4)))];
  await expect(sidebar.locator('[role="group"] > h3')).toHaveText(years);
  await expect(sidebar.locator('a')).toHaveText(posts.map((post) => post.title));
});

for (const [feed, itemTag] of [
  ['rss.xml', 'item'],
  ['atom.xml', 'entry'],
] as const) {
  test(`the ${feed} feed is well-formed XML with five entries`, async ({page, request}) => {
    const response = await request.get(`/docs/blog/${feed}`);
    expect(response.status()).toBe(200);
    const xml = await response.text();
    await openPage(page, '/docs/blog');
    const parsed = await page.evaluate(
      ([source, tag]) => {
        const doc = new DOMParser().parseFromString(source, 'application/xml');
        return {
          error: doc.querySelector('parsererror')?.textContent ?? null,
          titles: [...doc.getElementsByTagName(tag)].map((item) => item.getElementsByTagName('title')[0]?.textContent),
        };
      },
      [xml, itemTag],
    );
    expect(parsed.error).toBeNull();
    expect(parsed.titles).toEqual(posts.map((post) => post.title));
    await expect(page.locator(`head link[type="application/${feed === 'rss.xml' ? 'rss' : 'atom'}+xml"]`)).toHaveAttribute(
      'href',
      `/docs/blog/${feed}`,
    );
  });
}
