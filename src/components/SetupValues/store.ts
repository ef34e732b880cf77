import {useMemo} from 'react';
import {createStorageSlot, useStorageSlot} from '@docusaurus/theme-common';
import type {SetupValues} from '@site/src/utils/setup-values/fill';
import {STORAGE_KEY} from './context';

/**
 * The one place the reader's names are kept between pages: the site's storage (createStorageSlot: the site's
 * namespace, and nothing when the browser refuses storage). The setup pages' control writes them, their code blocks
 * read them, and the API pages' "your values" panel reads and writes the instance here
 * (src/plugins/api-pages/theme/ApiYourValues/ValuesForm.tsx), so both show the same instance. Never a secret: the
 * control asks for none.
 */
export type StoredSetupValues = {open?: boolean; values?: SetupValues};

const KEY = STORAGE_KEY;

function parse(raw: string | null): StoredSetupValues {
  try {
    const parsed = JSON.parse(raw ?? '{}') as unknown;
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as StoredSetupValues) : {};
  } catch {
    return {};
  }
}

// Created on first use: a storage slot made while the page renders on the server would throw when used.
let slot: ReturnType<typeof createStorageSlot> | undefined;
const slotOf = () => (slot ??= createStorageSlot(KEY));

export const setupValuesSlot = {
  read: (): StoredSetupValues => parse(slotOf().get()),
  update(change: (stored: StoredSetupValues) => StoredSetupValues): void {
    slotOf().set(JSON.stringify(change(parse(slotOf().get()))));
  },
};

/**
 * The reader's values, updated when any page or tab changes them; empty while the page hydrates, so the first
 * render is the served HTML's, with the defaults. For a component that prints commands: pass them to fillCommand.
 */
export function useSetupValues(): SetupValues {
  const [raw] = useStorageSlot(KEY);
  return useMemo(() => parse(raw).values ?? {}, [raw]);
}
