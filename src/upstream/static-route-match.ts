// What react-router 5.3.4's matchPath computes for a path without parameters, by string comparison, with no regular
// expression compiled (route-matching.ts says why; route-matching-loader.cjs calls it from matchPath).

/**
 * The text a path stands for when path-to-regexp 1.9 reads it as plain text, or null when it does not: printable
 * ASCII without a `:name` parameter, a `(group)` or a `*`, where a backslash escapes the character after it (as
 * NavLink escapes its path). Its compiled expression is that text, escaped, so comparing strings gives the same
 * answer. `?`, `+` and `)` are plain text to path-to-regexp too, but are left to it.
 */
const PRINTABLE = /^[\x20-\x7e]*$/;
const PATTERN_SYNTAX = /[\\:()*?+]/;

export function literalPath(path: unknown): string | null {
  if (typeof path !== 'string' || !PRINTABLE.test(path)) return null;
  if (!PATTERN_SYNTAX.test(path)) return path;
  let text = '';
  for (let index = 0; index < path.length; index += 1) {
    const character = path[index];
    if (character === '\\') {
      // An escaped character is itself; a backslash with nothing after it is left to path-to-regexp.
      if (index + 1 === path.length) return null;
      index += 1;
      text += path[index];
    } else if (PATTERN_SYNTAX.test(character)) return null;
    else text += character;
  }
  return text;
}

/**
 * Whether `pathname` starts with `base` (printable ASCII): the same characters, or with `sensitive` false the same
 * but for the case of ASCII letters, which is all the `i` flag of a regular expression without `u` folds for an ASCII
 * pattern (it never folds a character above 127 onto one below, as toLowerCase does with the Kelvin sign). Compared
 * from the end, where the paths of one folder differ, without making a string.
 */
function startsWithPath(pathname: string, base: string, sensitive: boolean): boolean {
  for (let index = base.length - 1; index >= 0; index -= 1) {
    let given = pathname.charCodeAt(index);
    let expected = base.charCodeAt(index);
    if (given === expected) continue;
    if (sensitive) return false;
    if (given >= 65 && given <= 90) given += 32;
    if (expected >= 65 && expected <= 90) expected += 32;
    if (given !== expected) return false;
  }
  return true;
}

/**
 * The part of `pathname` that a path of plain `text` (literalPath) matches, as `regexp.exec(pathname)[0]` gives it
 * for the expression path-to-regexp 1.9 compiles in non-strict mode (`end`: the path must match to the end,
 * react-router's `exact`; `sensitive`: letters' case counts), or null when it does not match. The expression is the
 * text without its trailing slash, an optional slash at the very end, then the end (`end`) or a slash or the end
 * after it.
 */
export function matchedStaticPart(pathname: string, text: string, end: boolean, sensitive: boolean): string | null {
  const base = text.endsWith('/') ? text.slice(0, -1) : text;
  if (pathname.length < base.length || !startsWithPath(pathname, base, sensitive)) return null;
  const head = pathname.slice(0, base.length);
  if (pathname.length === base.length) return head;
  if (pathname[base.length] !== '/') return null;
  // A slash at the very end belongs to the match; before more of the path it ends the segment, outside the match.
  if (pathname.length === base.length + 1) return pathname;
  return end ? null : head;
}
