import {promises as fs} from 'node:fs';
import path from 'node:path';
import type {LoadedPlugin, Plugin, PluginModule} from '@docusaurus/types';
import type {DocMetadata, LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import type {BlogContent} from '@docusaurus/plugin-content-blog';
import {sidebarDocIds, type SidebarItem as SidebarEntry} from '../../utils/sidebar';
import {MarkdownTwinError, mdxToMarkdown, type LinkResolver} from './mdx-to-markdown';
import {twinPath} from '../../utils/twin-path';

export {MarkdownTwinError, twinPath};

export type MarkdownTwinsOptions = {
  /** The one-paragraph summary of the platform under the title of llms.txt. */
  summary: string;
  /**
   * The pages of the API reference with their Markdown versions, in the order of its sidebar: the API reference
   * plugin makes them from its build object (src/plugins/api-reference), after it has loaded its content.
   */
  apiPages: () => TwinPage[];
  /** Heading of the llms.txt section listing the API reference and of the one listing blog posts. */
  apiSectionTitle: string;
  blogSectionTitle: string;
  /** Heading of the llms.txt section listing the Markdown pages of src/pages. */
  otherSectionTitle: string;
  /**
   * Paragraphs of llms.txt after the summary and the full-text files, given the site's URL (origin and base
   * path): the other ways a program reads the site (content negotiation, the docs MCP server).
   */
  notes?: (siteUrl: string) => string[];
};

/** The full-text files next to llms.txt: every doc, and every page of the API reference. */
export const LLMS_FULL_FILE = 'llms-full.txt';
export const LLMS_API_FULL_FILE = 'llms-api-full.txt';

/** A page with a Markdown twin: where it is, what it is called, and its Markdown. */
export type TwinPage = {permalink: string; title: string; description: string; markdown: string};

type Section = {title: string; pages: TwinPage[]};

/** A sidebar item as the docs plugin loads it. */
type SidebarItem = Exclude<SidebarEntry, string>;

/** A Markdown source with its YAML front matter blanked out: line numbers stay those of the file. */
export function withoutFrontMatter(source: string): string {
  const match = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(\r?\n|$)/.exec(source);
  return match ? match[0].replace(/[^\n]/g, '') + source.slice(match[0].length) : source;
}

function siteRelative(file: string, siteDir: string): string {
  return path.relative(siteDir, file).split(path.sep).join('/');
}

function sourceFile(source: string, siteDir: string): string {
  return path.resolve(siteDir, source.replace(/^@site\//, ''));
}

/** Title, a blockquote with the description, then the body: the llmstxt.org shape of a page. */
function pageMarkdown(title: string, description: string, body: string, extra: string[] = []): string {
  return [`# ${title}`, description ? `> ${description.replace(/\s*\n\s*/g, ' ')}` : '', ...extra, body]
    .filter((part) => part.trim() !== '')
    .join('\n\n')
    .concat('\n');
}

/**
 * The Markdown of a doc or blog post source (front matter removed). Fails, naming the file, when the
 * source cannot be converted or converts to nothing.
 */
export async function sourceToMarkdown(source: string, file: string, resolveLink: LinkResolver): Promise<string> {
  const markdown = await mdxToMarkdown(withoutFrontMatter(source), file, resolveLink);
  if (markdown.trim() === '') {
    throw new MarkdownTwinError(file, 'the converted Markdown is empty');
  }
  return markdown;
}

function docsContent(plugins: LoadedPlugin[], id: string): DocsContent {
  const plugin = plugins.find((item) => item.name === 'docusaurus-plugin-content-docs' && item.options.id === id);
  if (!plugin) {
    throw new Error(`markdown twins: no docs plugin instance with id "${id}"`);
  }
  return plugin.content as DocsContent;
}

/** The Markdown pages of src/pages (the pages plugin's `mdx` entries; JSX pages have no Markdown source). */
function markdownPagesContent(
  plugins: LoadedPlugin[],
): Array<{permalink: string; source: string; frontMatter: Record<string, unknown>}> {
  const content = plugins.find((item) => item.name === 'docusaurus-plugin-content-pages')?.content as
    Array<{type: string; permalink: string; source: string; frontMatter?: Record<string, unknown>}> | undefined;
  return (content ?? [])
    .filter((page) => page.type === 'mdx')
    .map(({permalink, source, frontMatter = {}}) => ({permalink, source, frontMatter}));
}

function blogContent(plugins: LoadedPlugin[]): BlogContent | undefined {
  return plugins.find((item) => item.name === 'docusaurus-plugin-content-blog')?.content as BlogContent | undefined;
}

/**
 * Resolves link targets of a source file to absolute URLs: relative Markdown file links to the page
 * of that file, site paths under the base URL, in-page anchors to the page. Throws on a file link that
 * names no page.
 */
export function linkResolver(options: {
  file: string;
  pageUrl: string;
  origin: string;
  baseUrl: string;
  pagesBySource: Map<string, string>;
}): LinkResolver {
  const {file, pageUrl, origin, baseUrl, pagesBySource} = options;
  return (target) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('pathname://')) {
      return target;
    }
    if (target.startsWith('#')) {
      return `${pageUrl}${target}`;
    }
    const plain = target.replace(/^pathname:\/\//, '');
    const hashIndex = plain.search(/[?#]/);
    const [pathPart, suffix] = hashIndex === -1 ? [plain, ''] : [plain.slice(0, hashIndex), plain.slice(hashIndex)];
    if (plain.startsWith('/')) {
      const based = pathPart.startsWith(baseUrl) ? pathPart : `${baseUrl}${pathPart.replace(/^\/+/, '')}`;
      return `${origin}${based}${suffix}`;
    }
    if (/\.mdx?$/.test(pathPart)) {
      const permalink = pagesBySource.get(path.resolve(path.dirname(file), decodeURIComponent(pathPart)));
      if (permalink === undefined) {
        throw new MarkdownTwinError(file, `the link ${target} names no page of the site`);
      }
      return `${origin}${permalink}${suffix}`;
    }
    throw new MarkdownTwinError(
      file,
      `the relative link ${target} cannot be made absolute; link to a Markdown file or a site path`,
    );
  };
}

async function writeFile(outDir: string, urlPath: string, baseUrl: string, content: string): Promise<void> {
  const relative = urlPath.slice(baseUrl.length);
  const target = path.join(outDir, ...relative.split('/'));
  await fs.mkdir(path.dirname(target), {recursive: true});
  await fs.writeFile(target, content, 'utf8');
}

function llmsIndexEntry(page: TwinPage, origin: string): string {
  const description = page.description.replace(/\s*\n\s*/g, ' ').trim();
  return `- [${page.title}](${origin}${twinPath(page.permalink)})${description ? `: ${description}` : ''}`;
}

/**
 * The llms.txt index (llmstxt.org): title, summary, the paragraphs of `notes`, then one section of links per
 * part of the site.
 */
export function llmsIndex(
  title: string,
  tagline: string,
  summary: string,
  sections: Section[],
  origin: string,
  notes: string[] = [],
): string {
  const parts = [
    `# ${title}`,
    `> ${tagline}`,
    summary.replace(/\s*\n\s*/g, ' ').trim(),
    ...notes.map((note) => note.replace(/\s*\n\s*/g, ' ').trim()),
  ];
  for (const section of sections) {
    parts.push(`## ${section.title}`, section.pages.map((page) => llmsIndexEntry(page, origin)).join('\n'));
  }
  return `${parts.join('\n\n')}\n`;
}

/**
 * Writes, after the build, a Markdown twin of every doc, blog post and API reference page (the page URL
 * with `.md` appended), /llms.txt indexing them by section, /llms-full.txt with every doc in sidebar
 * order and /llms-api-full.txt with every page of the API reference in its sidebar's order (the root, then
 * each tag and its operations). Docs and posts are converted from their sources; API pages are written from
 * the OpenAPI file. Anything that cannot be converted fails the build with the file named.
 */
export function markdownTwinsPlugin(options: MarkdownTwinsOptions): PluginModule {
  return (): Plugin => ({
    name: 'vigil-markdown-twins',
    async postBuild({outDir, siteDir, siteConfig, plugins}) {
      const origin = siteConfig.url.replace(/\/+$/, '');
      const {baseUrl} = siteConfig;

      const docs = docsContent(plugins, 'default').loadedVersions[0];
      const posts = blogContent(plugins)?.blogPosts ?? [];

      const pagesBySource = new Map<string, string>();
      for (const doc of docs.docs) {
        pagesBySource.set(sourceFile(doc.source, siteDir), doc.permalink);
      }
      for (const post of posts) {
        pagesBySource.set(sourceFile(post.metadata.source, siteDir), post.metadata.permalink);
      }
      const resolverFor = (file: string, permalink: string) =>
        linkResolver({file, pageUrl: `${origin}${permalink}`, origin, baseUrl, pagesBySource});

      // Docs, in the order of the sidebar; each top-level sidebar entry is a section of llms.txt.
      const docsById = new Map(docs.docs.map((doc) => [doc.id, doc]));
      const docPage = async (doc: DocMetadata): Promise<TwinPage> => {
        const file = sourceFile(doc.source, siteDir);
        const markdown = await sourceToMarkdown(
          await fs.readFile(file, 'utf8'),
          siteRelative(file, siteDir),
          resolverFor(file, doc.permalink),
        );
        return {
          permalink: doc.permalink,
          title: doc.title,
          description: doc.description,
          markdown: pageMarkdown(doc.title, doc.description, markdown),
        };
      };
      const sidebars = Object.values(docs.sidebars as Record<string, SidebarItem[]>);
      const listed = new Set<string>();
      const docSections: Section[] = [];
      for (const item of sidebars.flat()) {
        const ids = sidebarDocIds([item]).filter((id) => !listed.has(id));
        ids.forEach((id) => listed.add(id));
        if (ids.length === 0) continue;
        const first = docsById.get(ids[0]);
        const title =
          item.type === 'category'
            ? item.label
            : item.type === 'doc'
              ? (item.label ?? first?.frontMatter.sidebar_label ?? first?.title)
              : undefined;
        const pages: TwinPage[] = [];
        for (const id of ids) {
          const doc = docsById.get(id);
          if (!doc) throw new Error(`markdown twins: the sidebar names the doc "${id}", which does not exist`);
          pages.push(await docPage(doc));
        }
        docSections.push({title: title ?? ids[0], pages});
      }
      const unlisted = docs.docs.filter((doc) => !listed.has(doc.id));
      if (unlisted.length > 0) {
        throw new Error(
          `markdown twins: ${unlisted.map((doc) => doc.source).join(', ')}: in no sidebar, so without a place in llms.txt; add each to sidebars.ts`,
        );
      }

      // The API reference, in the order of its sidebar, from the API reference's build object.
      const apiSectionPages = options.apiPages();

      // Blog posts, newest first as on the blog.
      const blogPages: TwinPage[] = [];
      for (const post of posts) {
        const {metadata} = post;
        const file = sourceFile(metadata.source, siteDir);
        const markdown = await sourceToMarkdown(
          await fs.readFile(file, 'utf8'),
          siteRelative(file, siteDir),
          resolverFor(file, metadata.permalink),
        );
        const byline = `Published ${metadata.date.toISOString().slice(0, 10)}${
          metadata.authors.length
            ? ` by ${metadata.authors
                .map((author) => author.name)
                .filter(Boolean)
                .join(', ')}`
            : ''
        }.`;
        blogPages.push({
          permalink: metadata.permalink,
          title: metadata.title,
          description: metadata.description,
          markdown: pageMarkdown(metadata.title, metadata.description, markdown, [byline]),
        });
      }

      // Markdown pages of src/pages: their h1 is in the body, so the title is not written a second time.
      const otherPages: TwinPage[] = [];
      for (const page of markdownPagesContent(plugins)) {
        const file = sourceFile(page.source, siteDir);
        const {title, description} = page.frontMatter;
        if (typeof title !== 'string' || typeof description !== 'string') {
          throw new MarkdownTwinError(
            siteRelative(file, siteDir),
            'a Markdown page needs a title and a description in its front matter',
          );
        }
        const markdown = await sourceToMarkdown(
          await fs.readFile(file, 'utf8'),
          siteRelative(file, siteDir),
          resolverFor(file, page.permalink),
        );
        const heading = `# ${title}\n`;
        const body = markdown.startsWith(heading) ? markdown.slice(heading.length) : markdown;
        otherPages.push({
          permalink: page.permalink,
          title,
          description,
          markdown: pageMarkdown(title, description, body),
        });
      }

      const sections: Section[] = [
        ...docSections,
        {title: options.apiSectionTitle, pages: apiSectionPages},
        {title: options.blogSectionTitle, pages: blogPages},
        ...(otherPages.length ? [{title: options.otherSectionTitle, pages: otherPages}] : []),
      ];
      for (const page of sections.flatMap((section) => section.pages)) {
        await writeFile(outDir, twinPath(page.permalink), baseUrl, page.markdown);
      }
      const notes = [
        `Full text: [${LLMS_FULL_FILE}](${origin}${baseUrl}${LLMS_FULL_FILE}) holds every doc in sidebar order, ` +
          `[${LLMS_API_FULL_FILE}](${origin}${baseUrl}${LLMS_API_FULL_FILE}) every page of the API reference ` +
          '(each operation with its parameters, request and response fields, and request samples).',
        ...(options.notes?.(`${origin}${baseUrl}`) ?? []),
      ];
      await writeFile(
        outDir,
        `${baseUrl}llms.txt`,
        baseUrl,
        llmsIndex(siteConfig.title, siteConfig.tagline, options.summary, sections, origin, notes),
      );
      // The docs and the API reference apart: the docs are what most questions need, and the API reference,
      // twice their size, would make one file too large for most context windows (README "Markdown for machines").
      const fullText = (pages: TwinPage[]) =>
        `${[llmsIndex(siteConfig.title, siteConfig.tagline, options.summary, [], origin).trim(), ...pages.map((page) => page.markdown.trim())].join('\n\n---\n\n')}\n`;
      await writeFile(
        outDir,
        `${baseUrl}${LLMS_FULL_FILE}`,
        baseUrl,
        fullText(docSections.flatMap((section) => section.pages)),
      );
      await writeFile(outDir, `${baseUrl}${LLMS_API_FULL_FILE}`, baseUrl, fullText(apiSectionPages));
    },
  });
}
