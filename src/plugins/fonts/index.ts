import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {HtmlTagObject, Plugin} from '@docusaurus/types';
import manifest from './manifest.json';

/** A font of the site, as scripts/subset-fonts.mjs records it in manifest.json. */
export type SiteFont = {
  id: 'text' | 'code';
  family: string;
  package: string;
  license: string;
  url: string;
  bytes: number;
  preload: boolean;
  fallbackFamily: string;
  codePoints: number[];
};

export type FontManifest = {
  fontDisplay: string;
  codeSupplement: {family: string; codePoints: number[]};
  fonts: SiteFont[];
};

export const fontManifest = manifest as FontManifest;

/**
 * `<link rel=preload>` of the fonts every page needs at once (the text font): the browser fetches it with the
 * HTML instead of after the style sheet, so text is set in it from the first paint on most connections. Fonts are
 * fetched in CORS mode, so the preload must be too (`crossorigin`), or the browser downloads the file twice.
 */
export function preloadTags(fonts: SiteFont[]): HtmlTagObject[] {
  return fonts
    .filter((font) => font.preload)
    .map((font) => ({
      tagName: 'link',
      attributes: {rel: 'preload', href: font.url, as: 'font', type: 'font/woff2', crossorigin: 'anonymous'},
    }));
}

/** A style sheet without its comments and indentation, for a `<style>` element. */
export function inlineFontFaces(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s*\n\s*/g, '')
    .replace(/([:,])\s+/g, '$1');
}

/**
 * The site's self-hosted fonts (static/fonts, made by `npm run fonts`): the text font preloaded and the
 * @font-face rules of the files (file-faces.css) in every page's head, and the metric-matched fallback faces
 * (fallback-faces.css) in the bundled style sheet. The files' faces are inline rather than bundled: the bundler
 * would resolve their URLs and re-emit the fonts under names of its own that the preload cannot know, and the
 * browser finds them with the HTML. Inline styles are allowed by the Content-Security-Policy (deploy/nginx.conf,
 * style-src 'unsafe-inline').
 */
export function fontsPlugin(): Plugin {
  const fileFaces = inlineFontFaces(readFileSync(path.join(__dirname, 'file-faces.css'), 'utf8'));
  return {
    name: 'vigil-fonts',
    getClientModules() {
      return [path.join(__dirname, 'fallback-faces.css')];
    },
    injectHtmlTags() {
      return {
        headTags: [...preloadTags(fontManifest.fonts), {tagName: 'style', innerHTML: fileFaces}],
      };
    },
  };
}
