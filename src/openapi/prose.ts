// The text the API pipeline writes itself around a description's texts ("Media type `application/json`: object.",
// "Authentication: a bearer token…", a definition list of servers and contacts): data, not HTML. The pages render
// it with React (src/plugins/api-reference/theme/ApiProse), so a text of the description in it (a scheme's name, a
// server's URL, a scope) is a React text node and cannot become markup. A description itself comes as
// sanitised HTML (`{html}`, src/openapi/text.ts), the one place HTML is allowed.
import type {Fact, Segment} from './fields';

/** Inline text: plain text, a code span, or a link to a URL the page may follow. */
export type Inline = string | {code: string} | {href: string; text: string; download?: true};

/** A block: a paragraph, a list, a definition list, or a description as sanitised HTML. */
export type ProseBlock =
  {paragraph: Inline[]} | {list: Inline[][]} | {terms: Array<{term: Inline[]; details: ProseBlock[]}>} | {html: string};

export type Prose = ProseBlock[];

/** An absolute URL of the description for an `href`: http(s) and mailto only; anything else is dropped. */
export function absoluteHref(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    const parsed = new URL(url.trim());
    return ['http:', 'https:', 'mailto:'].includes(parsed.protocol) ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** A link to a URL of the description, or its text alone when the URL is not an absolute one a page may follow. */
export function link(text: string, url: unknown): Inline {
  const href = absoluteHref(url);
  return href ? {href, text} : text;
}

/** A segment of a fact (fields.ts) as inline text: a site path gets the site's base URL. */
export function segmentInline(segment: Segment, baseUrl: string): Inline {
  if (typeof segment === 'string' || 'code' in segment) return segment;
  const target = segment.link.trim();
  // The pipeline's own links: an anchor of the page, a site path, or a URL of the description.
  if (/^#/.test(target)) return {href: target, text: segment.text};
  if (/^\/(?!\/)/.test(target))
    return {href: target.startsWith(baseUrl) ? target : `${baseUrl.replace(/\/$/, '')}${target}`, text: segment.text};
  return link(segment.text, target);
}

/** Facts as one paragraph, a space between sentences; none when there are no facts. */
export function factsParagraph(facts: Fact[], baseUrl: string): ProseBlock[] {
  if (facts.length === 0) return [];
  return [
    {
      paragraph: facts.flatMap((fact, index) => [
        ...(index > 0 ? [' '] : []),
        ...fact.map((segment) => segmentInline(segment, baseUrl)),
      ]),
    },
  ];
}

/** Inline parts joined by a separator: `a, b and c` style lists of code spans. */
export function joined(parts: Inline[][], separator: string): Inline[] {
  return parts.flatMap((part, index) => (index > 0 ? [separator, ...part] : part));
}

/** A description's sanitised HTML as a block, or none when it is empty. */
export function htmlBlock(html: string): ProseBlock[] {
  return html ? [{html}] : [];
}
