import {createContext} from 'react';

/**
 * The tokens (JSON of BlockTokens) of a code block in `language` with the reader's values in place of the page's
 * default names, or the same string when there is nothing to fill.
 */
export type FillBlock = (tokens: string, language: string) => string;

/**
 * What a setup page gives its code blocks (src/components/StaticCodeBlock reads it): null, the served code, until
 * the reader has values and the filling code has loaded (./Control.tsx).
 */
export const SetupFill = createContext<FillBlock | null>(null);

/** The storage key of the reader's values (./store.ts), in the site's namespace. */
export const STORAGE_KEY = 'vigil.setup-values';
