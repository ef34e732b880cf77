import {themes, type PrismTheme} from 'prism-react-renderer';
import {readableOn} from '../src/utils/color';

/** WCAG AA for normal text. */
export const CODE_CONTRAST = 4.5;

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
      return {
        types,
        ...(languages ? {languages} : {}),
        style: {...rest, ...(style.color ? {color: fix(style.color)} : {})},
      };
    }),
  };
}

/** Code block themes of the light and dark color modes. */
export const codeThemes = {
  light: withReadableTokens(themes.github),
  dark: withReadableTokens(themes.dracula),
};
