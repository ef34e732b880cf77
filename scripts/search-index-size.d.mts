export type PageKind = 'docs' | 'blog' | 'api-operation' | 'api-other';

export type KindSize = {kind: PageKind | 'total'; label: string; pages: number; raw: number; gzip: number};

export type SearchIndexSizes = {files: string[]; kinds: KindSize[]; total: KindSize};

export const PAGE_KINDS: Array<{kind: PageKind; label: string}>;

export function pageKind(url: string, baseUrl: string, buildDir: string): PageKind;

export function searchIndexFiles(buildDir?: string): string[];

export function searchIndexSizes(buildDir?: string, baseUrl?: string): SearchIndexSizes;

export function formatSearchIndexSizes(sizes: SearchIndexSizes): string;
