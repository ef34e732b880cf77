import {themes, type PrismTheme} from 'prism-react-renderer';

/** WCAG AA for normal text. */
export const CODE_CONTRAST = 4.5;

type Rgb = [number, number, number];

function parseColor(value: string): Rgb {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (hex) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as Rgb;
  }
  const rgb = /^rgba?\(\s*(\d+)[,\s]+(\d+)[,\s]+(\d+)/i.exec(value.trim());
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  throw new Error(`prism theme: cannot read the color "${value}"`);
}

function luminance([r, g, b]: Rgb): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two CSS colors. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(parseColor(a)), luminance(parseColor(b))].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

function hex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** `color` moved toward black (on a light background) or white (on a dark one) until it reaches `ratio`. */
function readableOn(color: string, background: string, ratio: number): string {
  if (contrastRatio(color, background) >= ratio) return color;
  const target: Rgb = luminance(parseColor(background)) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  const start = parseColor(color);
  for (let step = 1; step <= 100; step += 1) {
    const mixed = hex(start.map((c, i) => c + ((target[i] - c) * step) / 100) as Rgb);
    if (contrastRatio(mixed, background) >= ratio) return mixed;
  }
  throw new Error(`prism theme: no shade of ${color} reaches ${ratio}:1 on ${background}`);
}

/**
 * A copy of a code theme whose token colors all reach AA contrast on its background. Hues stay; only
 * the lightness of the failing colors moves. Opacity on tokens is dropped, as it lowers contrast.
 */
export function withReadableTokens(theme: PrismTheme, ratio = CODE_CONTRAST): PrismTheme {
  const background = theme.plain.backgroundColor;
  if (!background) throw new Error('prism theme: the plain style has no backgroundColor');
  const fix = (color: string | undefined) => (color ? readableOn(color, background, ratio) : color);
  return {
    plain: {...theme.plain, color: fix(theme.plain.color)},
    styles: theme.styles.map(({types, languages, style}) => {
      const {opacity: _opacity, ...rest} = style;
      return {types, ...(languages ? {languages} : {}), style: {...rest, ...(style.color ? {color: fix(style.color)} : {})}};
    }),
  };
}

/** Code block themes of the light and dark color modes. */
export const codeThemes = {
  light: withReadableTokens(themes.github),
  dark: withReadableTokens(themes.dracula),
};
