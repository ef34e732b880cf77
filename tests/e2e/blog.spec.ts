import {authors, blogTags, posts} from '../support/blog';
import {servedPage, textOf, textsOf} from '../support/html';
import {expect, test} from '../support/site';

// The blog's pages as the server sends them; the every-page sweep (every-page.spec.ts) proves each one
// hydrates to the same content without a console error.

test('the blog list shows the five posts newest first, each with its reading time', async ({request}) => {
  const $ = await servedPage(request, '/docs/blog');
  expect(textsOf($, 'h1')).toEqual(['Blog']);
  expect(textsOf($, 'main article h2')).toEqual(posts.map((post) => post.title));
  for (const header of textsOf($, 'main article header')) expect(header).toMatch(/\d+ min read/);
});

for (const post of posts) {
  test(`post "${post.slug}" shows its title, authors, tags and reading time`, async ({request}) => {
    const $ = await servedPage(request, `/docs/blog/${post.slug}`);
    expect(textsOf($, 'article h1')).toEqual([post.title]);
    const header = $('article header');
    expect(textOf(header)).toMatch(/\d+ min read/);
    const names = header
      .find('*')
      .toArray()
      .map((element) => textOf($(element)));
    for (const key of post.authors) expect(names, authors[key].name).toContain(authors[key].name);
    expect(textsOf($, 'article footer a[href*="/blog/tags/"]')).toEqual(post.tags.map((tag) => blogTags[tag].label));
  });
}

test('the archive lists all five posts', async ({request}) => {
  const $ = await servedPage(request, '/docs/blog/archive');
  const entries = new Map(
    $('main li a')
      .toArray()
      .map((link) => [$(link).attr('href'), textOf($(link))]),
  );
  expect(entries.size).toBe(posts.length);
  for (const post of posts) {
    const day = new Date(`${post.date}T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    expect(entries.get(`/docs/blog/${post.slug}`), post.slug).toBe(`${day} - ${post.title}`);
  }
});

test('the authors page lists the personas and each author page lists their posts', async ({request}) => {
  const $ = await servedPage(request, '/docs/blog/authors');
  const texts = $('main *')
    .toArray()
    .map((element) => textOf($(element)));
  for (const author of Object.values(authors)) expect(texts, author.name).toContain(author.name);
  for (const key of Object.keys(authors)) {
    const page = await servedPage(request, `/docs/blog/authors/${key}`);
    expect(textsOf(page, 'main article h2'), key).toEqual(
      posts.filter((post) => post.authors.includes(key)).map((post) => post.title),
    );
  }
});

test('the tags page lists the four tags and each tag page lists the right posts', async ({request}) => {
  const $ = await servedPage(request, '/docs/blog/tags');
  for (const tag of Object.values(blogTags)) {
    expect(textOf($(`main a[href="/docs/blog/tags${tag.permalink}"]`)), tag.label).toContain(tag.label);
  }
  for (const [key, tag] of Object.entries(blogTags)) {
    const page = await servedPage(request, `/docs/blog/tags${tag.permalink}`);
    expect(textsOf(page, 'main article h2'), key).toEqual(
      posts.filter((post) => post.tags.includes(key)).map((post) => post.title),
    );
  }
});

test('the sidebar lists every post under its year', async ({request}) => {
  const $ = await servedPage(request, `/docs/blog/${posts[0].slug}`);
  const sidebar = $('aside nav[aria-label]').first();
  expect(
    sidebar
      .find('[role="group"] > h3')
      .toArray()
      .map((year) => textOf($(year))),
  ).toEqual([...new Set(posts.map((post) => post.date.slice(0, 4)))]);
  expect(
    sidebar
      .find('a')
      .toArray()
      .map((link) => textOf($(link))),
  ).toEqual(posts.map((post) => post.title));
});

for (const [feed, itemTag, type] of [
  ['rss.xml', 'item', 'application/rss+xml'],
  ['atom.xml', 'entry', 'application/atom+xml'],
] as const) {
  test(`the ${feed} feed is well-formed XML with five entries, linked from the blog`, async ({page, request}) => {
    const response = await request.get(`/docs/blog/${feed}`);
    expect(response.status()).toBe(200);
    const xml = await response.text();
    // The browser's XML parser, on a blank page: it rejects what is not well-formed.
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
    const blog = await servedPage(request, '/docs/blog');
    expect(blog(`head link[type="${type}"]`).attr('href')).toBe(`/docs/blog/${feed}`);
  });
}
