export const SEARCH_INDEX_FOLDER: string;
export const VOCABULARY_FILE: string;
export const OUTLINE_FILE: string;

export type PageOutline = {section: 'Docs' | 'API' | 'Blog'; title: string; headings: string[]; glossary?: boolean};

export function searchablePages(buildDir: string, routes: string[], basePath?: string): {url: string; content: string}[];

export function writeSearchIndex(buildDir: string, pages: {url: string; content: string}[]): Promise<number>;

export function vocabularyOf(indexDir: string): string[];

export function outlineOf(indexDir: string): Record<string, PageOutline>;

export function searchIndexSize(buildDir: string): {pages: number; chunks: number; chunkBytes: number; largestChunk: number; fragmentBytes: number};
