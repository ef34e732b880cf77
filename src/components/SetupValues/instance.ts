import {setupValuesSlot} from './store';

// The instance the setup pages and the API pages' panel share (src/plugins/api-reference/theme/ApiYourValues/
// ValuesForm.tsx), kept in the setup values' slot (./store.ts). Apart from the store, which is on every doc page's
// path, because only the on-demand panel and form use it.

/** The Vigil instance the reader gave on any page, setup or API, or undefined. */
export function readInstance(): string | undefined {
  return setupValuesSlot.read().values?.instance || undefined;
}

/** Keeps the reader's instance for every page; an empty value forgets it. */
export function writeInstance(instance: string): void {
  setupValuesSlot.update((stored) => ({...stored, values: {...stored.values, instance}}));
}

export {API_INSTANCE_VARIABLE} from '@site/src/utils/setup-values/api-instance';
