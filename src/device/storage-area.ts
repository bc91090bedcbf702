// The browser's localStorage or sessionStorage, safely: its own module so the entry chunk can read one key without zod.

export type StorageKind = 'local' | 'session';

/** The browser's storage, or undefined where it is missing or refused (some privacy modes throw on the mere access). */
export function storageArea(kind: StorageKind): Storage | undefined {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}
