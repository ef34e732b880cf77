export const BASE_URL: string;

export const CONTENT_TYPES: Record<string, string>;

export function sitemapPaths(buildDir?: string): string[];

export function htmlFiles(dir: string): string[];

export function fileForPath(root: string, pathname: string, basePath?: string): string | undefined;
