// The changelog as an Atom 1.0 feed (RFC 4287): one entry per commit that changed the API, newest first. Written
// by a serializer of elements whose text and attributes are escaped, never by templates around the description's
// text.
import {
  changelogYears,
  changeText,
  entryAnchor,
  entryDay,
  entryTitle,
  entryYear,
  yearPageUrl,
  type ApiChangelog,
  type ChangelogEntry,
} from './model';

/** An XML element: its name, attributes and children (text or elements). */
type XmlNode = {name: string; attributes?: Record<string, string>; children?: Array<XmlNode | string>};

function escapeXml(text: string): string {
  // Characters XML 1.0 does not allow are dropped (a control character in a description would make the feed invalid).
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  );
}

function serialize(node: XmlNode | string, indent = ''): string {
  if (typeof node === 'string') return escapeXml(node);
  const attributes = Object.entries(node.attributes ?? {})
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  const children = node.children ?? [];
  if (children.length === 0) return `${indent}<${node.name}${attributes}/>`;
  if (children.every((child) => typeof child === 'string')) {
    return `${indent}<${node.name}${attributes}>${children.map((child) => serialize(child)).join('')}</${node.name}>`;
  }
  const inner = children.map((child) => serialize(child, `${indent}  `)).join('\n');
  return `${indent}<${node.name}${attributes}>\n${inner}\n${indent}</${node.name}>`;
}

const text = (name: string, value: string, attributes?: Record<string, string>): XmlNode => ({
  name,
  attributes,
  children: [value],
});

/** An entry's changes, one a line, for its `content` (type text: a reader shows it as it is, nothing runs). */
function entryText(entry: ChangelogEntry): string {
  if (entry.start) return `The history of the description starts with this commit: ${entryTitle(entry)}.`;
  return entry.changes
    .map((change) => {
      return `- ${change.breaking ? '[breaking] ' : ''}${changeText(change)}`;
    })
    .join('\n');
}

/**
 * The feed of `changelog`; `siteUrl` is the site's origin (`https://vigil.example`), which makes every link and id
 * absolute as Atom asks.
 */
export function atomFeed(changelog: ApiChangelog, siteUrl: string, siteTitle: string): string {
  const entries = changelog.versions.flatMap((group) => group.entries);
  const page = `${siteUrl}${changelog.url}`;
  const newestYear = changelogYears(changelog)[0];
  // Each entry links to its year's page (changelog/pages.ts); the feed lists them all, every operation of each.
  const entryUrl = (entry: ChangelogEntry) =>
    `${siteUrl}${yearPageUrl(changelog, entryYear(entry), newestYear)}#${entryAnchor(entry)}`;
  const updated = entries[0]?.date ?? changelog.coverage.to ?? new Date(0).toISOString();
  const feed: XmlNode = {
    name: 'feed',
    attributes: {xmlns: 'http://www.w3.org/2005/Atom'},
    children: [
      text('id', `${siteUrl}${changelog.feedUrl}`),
      text('title', `${siteTitle} ${changelog.title}`),
      text('subtitle', changelog.coverage.note),
      text('updated', new Date(updated).toISOString()),
      {name: 'link', attributes: {rel: 'self', type: 'application/atom+xml', href: `${siteUrl}${changelog.feedUrl}`}},
      {name: 'link', attributes: {rel: 'alternate', type: 'text/html', href: page}},
      {name: 'author', children: [text('name', siteTitle)]},
      ...changelog.versions.flatMap((group) =>
        group.entries.map((entry): XmlNode => ({
          name: 'entry',
          children: [
            // The commit: the same change has the same id in every build, whatever the site's URL.
            text('id', `urn:git:${entry.commit}`),
            text(
              'title',
              `${entryDay(entry)}, version ${group.version}: ${entryTitle(entry)}${entry.breaking ? ' (breaking)' : ''}`,
            ),
            text('updated', new Date(entry.date).toISOString()),
            {name: 'link', attributes: {rel: 'alternate', type: 'text/html', href: entryUrl(entry)}},
            ...(entry.breaking ? [{name: 'category', attributes: {term: 'breaking'}}] : []),
            text('content', entryText(entry), {type: 'text'}),
          ],
        })),
      ),
    ],
  };
  return `<?xml version="1.0" encoding="utf-8"?>\n${serialize(feed)}\n`;
}
