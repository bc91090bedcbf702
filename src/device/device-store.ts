// One way to keep state on this device: read with validation, write without throwing, one parse cache, one watch on other tabs.
import * as z from 'zod/mini';
import { storageArea, type StorageKind } from './storage-area';

export { storageArea, type StorageKind } from './storage-area';

/** What went wrong keeping state on the device, for the UI to explain. */
export type StorageProblem = 'storage-full' | 'storage-unavailable' | 'unreadable-replaced';

export type DeviceRead<T> =
  | { status: 'missing' }
  | { status: 'unreadable'; raw: string; reason: string }
  | { status: 'ok'; raw: string; value: T };

export type WriteOutcome = { ok: true } | { ok: false; problem: 'storage-full' | 'storage-unavailable' };

export interface DeviceStoreOptions {
  storage: StorageKind;
  /** `json` (the default) stores `JSON.stringify(value)`; `text` stores a string as it is (the spec's `order_note`). */
  format?: 'json' | 'text';
  /** How a failed write is reported, in the guest's terms (`Could not keep the order note on this device`). */
  writeFailure?: string;
}

export interface DeviceStore<T> {
  readonly key: string;
  /** The stored value, validated; an unchanged text is not parsed again. */
  read(): DeviceRead<T>;
  write(value: T): WriteOutcome;
  remove(): void;
  /** Calls back when another tab changes this key or clears the storage; returns the unsubscribe. */
  watch(onChange: () => void): () => void;
}

// One `storage` listener for every key and store: the event fires only in the other tabs of the same origin.
const watchers = new Map<string, Set<() => void>>();

function onStorage(event: StorageEvent) {
  // A null key means the whole storage was cleared: every watcher hears of it.
  const affected = event.key === null ? [...watchers.values()] : [watchers.get(event.key) ?? new Set()];
  for (const listeners of affected) for (const listener of [...listeners]) listener();
}

function watchKey(key: string, onChange: () => void): () => void {
  if (watchers.size === 0) window.addEventListener('storage', onStorage);
  const listeners = watchers.get(key) ?? new Set();
  listeners.add(onChange);
  watchers.set(key, listeners);
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0) watchers.delete(key);
    if (watchers.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function isQuotaError(error: unknown): boolean {
  // Checked by name: the DOMException may come from another realm than this module's Error.
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'QuotaExceededError';
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function deviceStore<Schema extends z.core.$ZodType>(
  key: string,
  schema: Schema,
  { storage, format = 'json', writeFailure = `Could not save ${key} on this device` }: DeviceStoreOptions,
): DeviceStore<z.output<Schema>> {
  type T = z.output<Schema>;
  // The same text gives the same result object: large values are not parsed twice, and React sees no change.
  let last: { raw: string; result: DeviceRead<T> } | undefined;

  function parse(raw: string): DeviceRead<T> {
    if (last?.raw === raw) return last.result;
    let result: DeviceRead<T>;
    try {
      const parsed = z.safeParse(schema, format === 'json' ? JSON.parse(raw) : raw);
      result = parsed.success
        ? { status: 'ok', raw, value: parsed.data }
        : { status: 'unreadable', raw, reason: parsed.error.issues.map((issue) => issue.message).join('; ') };
    } catch (error) {
      result = { status: 'unreadable', raw, reason: reasonOf(error) };
    }
    last = { raw, result };
    return result;
  }

  return {
    key,
    read() {
      let raw: string | null = null;
      try {
        raw = storageArea(storage)?.getItem(key) ?? null;
      } catch (error) {
        console.error(`Could not read ${key} on this device`, error);
      }
      return raw === null ? { status: 'missing' } : parse(raw);
    },
    write(value) {
      const area = storageArea(storage);
      if (!area) return { ok: false, problem: 'storage-unavailable' };
      try {
        const raw = format === 'json' ? JSON.stringify(value) : String(value);
        area.setItem(key, raw);
        last = { raw, result: { status: 'ok', raw, value } };
        return { ok: true };
      } catch (error) {
        console.error(writeFailure, error);
        return { ok: false, problem: isQuotaError(error) ? 'storage-full' : 'storage-unavailable' };
      }
    },
    remove() {
      try {
        storageArea(storage)?.removeItem(key);
      } catch {
        // Storage unavailable: there is nothing stored to remove.
      }
    },
    watch: (onChange) => watchKey(key, onChange),
  };
}

/** The stored value, or `fallback` when it is missing or unreadable. */
export function valueOr<T>(read: DeviceRead<T>, fallback: T): T {
  return read.status === 'ok' ? read.value : fallback;
}
