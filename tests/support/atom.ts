// What keeps a document from being an Atom 1.0 feed (RFC 4287): not well-formed XML, another root element or
// namespace, or a feed or entry without an element section 4.1 requires (`atom:id` an IRI, `atom:title`,
// `atom:updated` an RFC 3339 date-time, an author for the feed, content or an alternate link for each entry).
import {XMLParser, XMLValidator} from 'fast-xml-parser';

const ATOM_NAMESPACE = 'http://www.w3.org/2005/Atom';
/** RFC 3339 `date-time`: `2026-11-25T17:48:41Z`, `2026-11-25T17:48:41.5+01:00`. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
/** An IRI has a scheme (RFC 3987): `urn:…`, `https://…`. */
const IRI = /^[a-z][a-z0-9+.-]*:\S+$/i;

type Element = Record<string, unknown>;

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as Element)['#text'] === 'string')
    return (value as Element)['#text'] as string;
  return undefined;
}

/** The problems of `xml` as an Atom feed: none for a valid one. */
export function atomProblems(xml: string): string[] {
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) return [`not well-formed XML: ${wellFormed.err.msg} (line ${wellFormed.err.line})`];
  const document = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    isArray: (name) => ['entry', 'link', 'author'].includes(name),
  }).parse(xml) as Element;
  const feed = document.feed as Element | undefined;
  if (!feed) return ['the root element is not feed'];
  const problems: string[] = [];
  if (feed['@xmlns'] !== ATOM_NAMESPACE) problems.push(`the feed's namespace is not ${ATOM_NAMESPACE}`);
  const required = (element: Element, where: string, hasAuthor: boolean) => {
    const id = textOf(element.id);
    if (id === undefined) problems.push(`${where} has no id`);
    else if (!IRI.test(id)) problems.push(`${where}'s id ${id} is not an IRI`);
    if (!textOf(element.title)?.trim()) problems.push(`${where} has no title`);
    const updated = textOf(element.updated);
    if (updated === undefined) problems.push(`${where} has no updated`);
    else if (!DATE_TIME.test(updated)) problems.push(`${where}'s updated ${updated} is not an RFC 3339 date-time`);
    if (!hasAuthor) problems.push(`${where} has no author`);
  };
  const entries = (feed.entry ?? []) as Element[];
  const feedAuthor = Array.isArray(feed.author) && feed.author.length > 0;
  required(feed, 'the feed', feedAuthor || (entries.length > 0 && entries.every((entry) => entry.author)));
  const ids = new Set<string>();
  entries.forEach((entry, index) => {
    const where = `entry ${index + 1}`;
    required(entry, where, true);
    const links = (entry.link ?? []) as Element[];
    const alternate = links.some((link) => (link['@rel'] ?? 'alternate') === 'alternate' && link['@href']);
    if (entry.content === undefined && !alternate) problems.push(`${where} has neither content nor an alternate link`);
    const id = textOf(entry.id);
    if (id !== undefined && ids.has(id)) problems.push(`${where} has the id of an earlier entry`);
    if (id !== undefined) ids.add(id);
  });
  return problems;
}
