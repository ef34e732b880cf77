import {createStorageSlot} from '@docusaurus/theme-common';

/**
 * What the "your values" panel keeps between pages, in the site's storage (createStorageSlot: the site's
 * namespace, and nothing when the browser refuses storage): whether it is open, the server variables, path and
 * query parameters by name. Never a credential: those live in the form's state and go with the page.
 */
export type StoredValues = {
  open?: boolean;
  variables?: Record<string, string>;
  path?: Record<string, string>;
  query?: Record<string, string>;
};

const slot = createStorageSlot('vigil.api.your-values');

function read(): StoredValues {
  try {
    const parsed = JSON.parse(slot.get() ?? '{}') as unknown;
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as StoredValues) : {};
  } catch {
    return {};
  }
}

export const valuesSlot = {
  read,
  update(change: (stored: StoredValues) => StoredValues): void {
    slot.set(JSON.stringify(change(read())));
  },
};
