import {createStorageSlot} from '@docusaurus/theme-common';
import {isRecord} from './is-record';

/**
 * A JSON object kept in the site's storage, as the "your values" controls keep theirs: an absent, unreadable or
 * non-object value reads as `{}`.
 */
export function parseStoredObject<T extends object>(raw: string | null): T {
  try {
    const parsed = JSON.parse(raw ?? '{}') as unknown;
    return (isRecord(parsed) ? parsed : {}) as T;
  } catch {
    return {} as T;
  }
}

/**
 * The object under `key` in the site's storage (createStorageSlot: the site's namespace, and nothing when the
 * browser refuses storage), read and changed as a whole. The slot is made on first use: one made while the page
 * renders on the server would throw when used.
 */
export function storedObject<T extends object>(key: string) {
  let slot: ReturnType<typeof createStorageSlot> | undefined;
  const slotOf = () => (slot ??= createStorageSlot(key));
  const read = (): T => parseStoredObject<T>(slotOf().get());
  return {
    read,
    update(change: (stored: T) => T): void {
      slotOf().set(JSON.stringify(change(read())));
    },
  };
}
