import {promises as fs} from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** `<meta>` tags of the minified HTML: attribute values may be quoted or not. */
const META_TAG = /<meta\b[^>]*>/g;
const ATTRIBUTE = /([a-z:-]+)=(?:"([^"]*)"|([^\s">]+))/g;

function attributesOf(tag: string): Map<string, string> {
  return new Map([...tag.matchAll(ATTRIBUTE)].map((match) => [match[1], match[2] ?? match[3]]));
}

/**
 * Adds twitter:title and twitter:description, mirroring the page's open-graph tags, to an HTML document,
 * each right after its open-graph twin (minified HTML may have no closing </head> to anchor on).
 */
export function withTwitterMeta(html: string): string {
  // The tags are in the head: the body (hundreds of kilobytes on an API page) is not searched.
  const bodyAt = html.search(/<body[\s>]/);
  const tags = [...(bodyAt === -1 ? html : html.slice(0, bodyAt)).matchAll(META_TAG)].map((match) => ({
    tag: match[0],
    attributes: attributesOf(match[0]),
  }));
  if (tags.some(({attributes}) => attributes.get('name') === 'twitter:title')) {
    return html;
  }
  let result = html;
  for (const field of ['title', 'description']) {
    const og = tags.find(({attributes}) => attributes.get('property') === `og:${field}`);
    const content = og?.attributes.get('content');
    if (og !== undefined && content !== undefined) {
      // No data-rh attribute: React Helmet would remove the tag on hydration, as one it does not manage.
      result = result.replace(og.tag, `${og.tag}<meta name="twitter:${field}" content="${content}">`);
    }
  }
  return result;
}

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, {withFileTypes: true})) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      yield* htmlFiles(full);
    } else if (entry.name.endsWith('.html')) {
      yield full;
    }
  }
}

/**
 * Docusaurus sets open-graph title and description per page but not their twitter twins;
 * after the build every page's HTML gets them, from the same values. They are for link previews, which
 * read the served HTML; client-side navigation does not update them.
 */
export function socialMetaPlugin(): Plugin {
  return {
    name: 'vigil-social-meta',
    async postBuild({outDir}) {
      for await (const file of htmlFiles(outDir)) {
        const html = await fs.readFile(file, 'utf8');
        const updated = withTwitterMeta(html);
        if (updated !== html) {
          // Written aside, then renamed over the page: other plugins' postBuild (the search index) read the
          // same files at the same time, and a file rewritten in place can be read empty or half written.
          const written = `${file}.${process.pid}.tmp`;
          await fs.writeFile(written, updated);
          await fs.rename(written, file);
        }
      }
    },
  };
}
