import type {Browser, BrowserContextOptions, Page} from '@playwright/test';

export type Viewport = 'desktop' | 'phone';

export const VIEWPORTS: Record<Viewport, BrowserContextOptions>;

export const QUIET_MS: number;

export type Sizes = {raw: number; gzip: number; brotli?: number};

export type Download = {type: 'script' | 'stylesheet'; url: string; path: string; status: number; body: Buffer};

export type PageDownloads = {status: number; html: Buffer; js: Download[]; css: Download[]; prefetched: string[]};

export type FileSizes = Sizes & {path: string};

export type PageWeight = {
  status: number;
  html: Sizes;
  js: Sizes & {files: number; list: FileSizes[]};
  css: Sizes & {files: number; list: FileSizes[]};
};

export type WeightOptions = {brotli?: boolean; cache?: Map<string, Sizes>};

export function sizesOf(buffer: Buffer, options?: {brotli?: boolean}): Sizes;

export function pageDownloads(page: Page, url: string): Promise<PageDownloads>;

export function pageWeight(downloads: PageDownloads, options?: WeightOptions): PageWeight;

export function weighPage(browser: Browser, url: string, viewport: Viewport, options?: WeightOptions): Promise<PageWeight>;

export type RequestTracker = {inFlight: Set<unknown>; started: number; listeners: Set<() => void>};

export function trackRequests(page: Page): RequestTracker;

export function waitForQuietNetwork(tracker: RequestTracker, options?: {quietMs?: number; timeoutMs?: number}): Promise<void>;
