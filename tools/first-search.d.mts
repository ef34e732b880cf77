import type {Browser} from '@playwright/test';

export const FIRST_SEARCH: {definition: string; path: string; query: string; budget: {bytes: number; afterLastDownloadMs: number}};

export const PHONE_THROTTLING: {cpuSlowdown: number; latencyMs: number; downloadBitsPerSecond: number; uploadBitsPerSecond: number};

export type FirstSearch = {
  query: string;
  throttled: boolean;
  files: {path: string; bytes: number}[];
  bytes: number;
  toFirstSuggestionMs: number;
  afterLastDownloadMs: number;
};

export function firstSearch(browser: Browser, baseURL: string, options?: {query?: string; throttled?: boolean}): Promise<FirstSearch>;
