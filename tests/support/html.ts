/** Reading served HTML without a browser: the text of elements, entities decoded. */

export function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}

/** The text of each `tag` element of `html` (tags inside removed, entities decoded, spaces folded). */
export function elementTexts(html: string, tag: string): string[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map((match) =>
    decodeEntities(match[1].replace(/<[^>]+>/g, '')).replace(/\s+/g, ' ').trim(),
  );
}

/** The document title of a page. */
export function documentTitle(html: string): string | undefined {
  return elementTexts(html, 'title')[0];
}

/** The content of a `<meta name=…>` or `<meta property=…>` element. */
export function metaContent(html: string, name: string): string | undefined {
  for (const match of html.matchAll(/<meta\b[^>]*>/g)) {
    const attributes = match[0];
    if (new RegExp(`\\s(?:name|property)=["']?${name.replace(/[.:]/g, '\\$&')}["'\\s>]`).test(attributes)) {
      return decodeEntities(/\scontent=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/.exec(attributes)?.slice(1).find((value) => value !== undefined) ?? '');
    }
  }
  return undefined;
}
