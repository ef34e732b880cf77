import {useMemo} from 'react';
import {useStorageSlot} from '@docusaurus/theme-common';
import type {SetupValues} from '@site/src/utils/setup-values/fill';
import {parseStoredObject, storedObject} from '@site/src/utils/stored-object';
import {STORAGE_KEY} from './context';

/**
 * The one place the reader's names are kept between pages: the site's storage (src/utils/stored-object.ts). The
 * setup pages' control writes them, their code blocks read them, and the API pages' "your values" panel reads and
 * writes the instance here (src/plugins/api-reference/theme/ApiYourValues/ValuesForm.tsx), so both show the same
 * instance. Never a secret: the control asks for none.
 */
export type StoredSetupValues = {open?: boolean; values?: SetupValues};

export const setupValuesSlot = storedObject<StoredSetupValues>(STORAGE_KEY);

/**
 * The reader's values, updated when any page or tab changes them; empty while the page hydrates, so the first
 * render is the served HTML's, with the defaults. For a component that prints commands: pass them to fillCommand.
 */
export function useSetupValues(): SetupValues {
  const [raw] = useStorageSlot(STORAGE_KEY);
  return useMemo(() => parseStoredObject<StoredSetupValues>(raw).values ?? {}, [raw]);
}
