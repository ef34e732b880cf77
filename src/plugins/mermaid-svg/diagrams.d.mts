export const CONTENT_DIRS: string[];
export const VARIANTS: Array<'light' | 'dark'>;
export type Variant = 'light' | 'dark';
export const SVG_DIR: string;
export const RENDER_COMMAND: string;

export function diagramHash(text: string): string;
export function svgPath(markdownFile: string, hash: string, variant: Variant): string;
export function svgId(hash: string, variant: Variant): string;

export type MermaidBlock = {text: string; line: number; hash: string};
export function mermaidBlocks(source: string, file: string): Promise<MermaidBlock[]>;

export type ContentDiagram = MermaidBlock & {file: string};
export function contentDiagrams(siteDir?: string): Promise<ContentDiagram[]>;
export function svgFilesOnDisk(siteDir?: string): string[];
