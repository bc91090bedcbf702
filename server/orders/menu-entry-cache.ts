// The dishes placing checks, kept per database between orders while the menu's version (migration 062) stands.
import type { MenuEntry } from './order-checks';

interface Cache {
  version: string;
  entries: Map<number, MenuEntry>;
}

/** Dishes of one order as cached, and the menu version they are exact for. */
export interface CachedDishes {
  version: string;
  entries: Map<number, MenuEntry>;
}

// Per database handle, so tests with databases of their own never see each other's dishes.
const caches = new WeakMap<object, Cache>();

/**
 * The order's dishes as cached, taken now: a concurrent order may replace the cache before this one is answered.
 * Undefined when any is missing, so that the placing statement reads them all.
 */
export function cachedDishes(db: object, menuIds: readonly number[]): CachedDishes | undefined {
  const cache = caches.get(db);
  if (!cache) return undefined;
  const entries = new Map<number, MenuEntry>();
  for (const id of menuIds) {
    const entry = cache.entries.get(id);
    if (!entry) return undefined;
    entries.set(id, entry);
  }
  return { version: cache.version, entries };
}

/**
 * Keeps dishes read at `version`. Another version replaces the cache, even an older one (a slower concurrent order,
 * or a database restored from a backup): the next order then reads its dishes again, which is always right.
 */
export function rememberDishes(db: object, version: string, read: readonly MenuEntry[]): Map<number, MenuEntry> {
  const entries = new Map(read.map((entry) => [entry.id, entry]));
  const cache = caches.get(db);
  if (cache?.version === version) for (const [id, entry] of entries) cache.entries.set(id, entry);
  else caches.set(db, { version, entries: new Map(entries) });
  return entries;
}
