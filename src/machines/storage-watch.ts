// Tells a machine when another tab changed one of its localStorage keys (the `storage` event fires only in other tabs).
import { fromCallback } from 'xstate';

export function watchStorageKey<TEvent extends { type: string }>(key: string, event: TEvent) {
  return fromCallback<TEvent>(({ sendBack }) => {
    const onStorage = (storageEvent: StorageEvent) => {
      // A null key means the whole storage was cleared.
      if (storageEvent.key === key || storageEvent.key === null) sendBack(event);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  });
}
