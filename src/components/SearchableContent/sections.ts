/**
 * The sections a search result belongs to, as the search box labels them and the search page filters them.
 * A module of its own, without React, so the search (`src/components/SiteSearch`) also runs outside the
 * browser: the docs MCP server (`packages/vigil-docs-mcp`) compiles it in.
 */
export const SEARCH_SECTIONS = ['Docs', 'API', 'Blog'] as const;
export type SearchSection = (typeof SEARCH_SECTIONS)[number];
