// The kitchen summary kept for at most a second per process, one query shared by everyone asking meanwhile.

export interface SummaryCache<T> {
  /** The cached answer while it is fresh; otherwise one new query, which every read until it settles shares. */
  read: () => Promise<T>;
  /** A change may have committed: the next read queries again, even if one is already under way. */
  invalidate: () => void;
}

export interface SummaryCacheOptions {
  /** How long an answer is reused, counted from when its query started; 0: every read queries. */
  ttlMs?: number;
  /** Milliseconds; injectable for tests. */
  clock?: () => number;
}

/** A query, pending or answered, and what it was started under. */
export interface CacheEntry<T> {
  answer: Promise<T>;
  startedAt: number;
  generation: number;
}

/**
 * An entry may answer a read when no change was seen since its query started (a query running across a commit may
 * not show it) and it started less than `ttlMs` ago (changes made by other processes are seen late or never).
 */
export function isFresh(entry: CacheEntry<unknown>, generation: number, now: number, ttlMs: number): boolean {
  return entry.generation === generation && now - entry.startedAt < ttlMs;
}

export function createSummaryCache<T>(query: () => Promise<T>, options: SummaryCacheOptions = {}): SummaryCache<T> {
  const { ttlMs = 1_000, clock = Date.now } = options;
  let generation = 0;
  let entry: CacheEntry<T> | undefined;

  return {
    read() {
      const now = clock();
      if (entry && isFresh(entry, generation, now, ttlMs)) return entry.answer;
      const started: CacheEntry<T> = { answer: query(), startedAt: now, generation };
      entry = started;
      // A failed query is not kept: the next read tries again. Its own readers still get the failure.
      started.answer.catch(() => {
        if (entry === started) entry = undefined;
      });
      return started.answer;
    },
    invalidate() {
      generation += 1;
    },
  };
}
