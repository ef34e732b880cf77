/** A CSS color as red, green and blue (0-255) and alpha (0-1). */
export type Rgba = [number, number, number, number];

/** Reads `#rgb`, `#rrggbb`, `rgb()`, `rgba()`, `white` and `black`. */
export function parseColor(value: string): Rgba {
  const text = value.trim().toLowerCase();
  if (text === 'white') return [255, 255, 255, 1];
  if (text === 'black') return [0, 0, 0, 1];
  let match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(text);
  if (match) {
    const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
    return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)).concat(1) as Rgba;
  }
  match = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:[,\s/]+([\d.]+))?\s*\)$/.exec(text);
  if (match)
    return [Number(match[1]), Number(match[2]), Number(match[3]), match[4] === undefined ? 1 : Number(match[4])];
  throw new Error(`cannot read the color "${value}"`);
}

/** `top` painted over the opaque `bottom`. */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const alpha = top[3];
  return [0, 1, 2].map((i) => top[i] * alpha + bottom[i] * (1 - alpha)).concat(1) as Rgba;
}

/** WCAG relative luminance. */
export function luminance([r, g, b]: Rgba): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

const rgba = (color: string | Rgba): Rgba => (typeof color === 'string' ? parseColor(color) : color);

/** WCAG contrast ratio of a foreground on an opaque background (a translucent foreground painted over it). */
export function contrastRatio(foreground: string | Rgba, background: string | Rgba): number {
  const bottom = rgba(background);
  const [light, dark] = [luminance(over(rgba(foreground), bottom)), luminance(bottom)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

function hex(rgb: number[]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** `color` moved toward black (on a light background) or white (on a dark one) until it reaches `ratio`. */
export function readableOn(color: string, background: string, ratio: number): string {
  if (contrastRatio(color, background) >= ratio) return color;
  const target = luminance(parseColor(background)) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  const start = parseColor(color);
  for (let step = 1; step <= 100; step += 1) {
    const mixed = hex(target.map((t, i) => start[i] + ((t - start[i]) * step) / 100));
    if (contrastRatio(mixed, background) >= ratio) return mixed;
  }
  throw new Error(`no shade of ${color} reaches ${ratio}:1 on ${background}`);
}
