import {storedObject} from '@site/src/utils/stored-object';

/**
 * What the "your values" panel keeps between pages, in the site's storage (src/utils/stored-object.ts): whether
 * it is open, the server variables, path and query parameters by name. Never a credential: those live in the
 * form's state and go with the page.
 */
export type StoredValues = {
  open?: boolean;
  variables?: Record<string, string>;
  path?: Record<string, string>;
  query?: Record<string, string>;
};

export const valuesSlot = storedObject<StoredValues>('vigil.api.your-values');
