export const SEARCH_INDEX_FOLDER: string;
export const VOCABULARY_FILE: string;
export const OUTLINE_FILE: string;

export type PageOutline = {section: 'Docs' | 'API' | 'Blog'; title: string; headings: string[]; glossary?: boolean};

export function searchablePages(buildDir: string, routes: string[], basePath?: string): {url: string; content: string}[];

export function writeSearchIndex(buildDir: string, pages: {url: string; content: string}[]): Promise<number>;

export type Fragment = {
  id: string;
  url: string;
  content: string;
  meta?: Record<string, string>;
  filters?: Record<string, string[]>;
  anchors?: {element: string; id: string; text: string}[];
};

export function fragmentsOf(indexDir: string): Generator<Fragment>;

export function vocabularyOf(fragments: Iterable<Fragment>): string[];

export function outlineOf(fragments: Fragment[]): Record<string, PageOutline>;

export function searchIndexSize(buildDir: string): {pages: number; chunks: number; chunkBytes: number; largestChunk: number; fragmentBytes: number};
