// Slows password guessing: each account, client address and known device has a count of failures; past a few, every
// further attempt waits a growing delay. An attempt is counted (reserved) before its password is checked.

/** Whose failures a count holds: an account name (from unknown devices), a client address, or one known device. */
export type ThrottleKind = 'account' | 'client' | 'device';

export interface ThrottleKey {
  kind: ThrottleKind;
  id: string;
}

export interface DelayRule {
  /** Failures allowed before any wait. */
  free: number;
  /** The wait after the first failure beyond `free`; it doubles with each further failure. */
  firstDelayMs: number;
  /** The longest wait. */
  maxDelayMs: number;
}

export interface ThrottleLimits {
  account: DelayRule;
  client: DelayRule;
  device: DelayRule;
  /** A count with no failure for this long starts again from nothing; longer than any wait. */
  forgetAfterMs: number;
}

/**
 * OWASP's advice for online guessing: slow it down rather than lock people out. Five attempts per account, then 1 s,
 * 2 s, 4 s… up to 15 min (about a hundred guesses a day at most); a client address gets thirty, since every guest and
 * cook on a restaurant's Wi-Fi shares one; a device that has signed in to the account before has its own count.
 */
export const DEFAULT_THROTTLE: ThrottleLimits = {
  account: { free: 5, firstDelayMs: 1_000, maxDelayMs: 15 * 60_000 },
  client: { free: 30, firstDelayMs: 1_000, maxDelayMs: 15 * 60_000 },
  device: { free: 5, firstDelayMs: 1_000, maxDelayMs: 15 * 60_000 },
  forgetAfterMs: 60 * 60_000,
};

/** One key's count as stored: failures (including attempts still being checked) and when the last one began. */
export interface ThrottleCount {
  failures: number;
  lastAt: Date;
}

/** The wait before another attempt after `failures` failures, the last at `lastAt`; 0 when one may go ahead now. */
export function waitMs(rule: DelayRule, count: ThrottleCount | undefined, now: Date, forgetAfterMs: number): number {
  const live = currentFailures(count, now, forgetAfterMs);
  if (!count || live < rule.free) return 0;
  const delay = Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** Math.min(40, live - rule.free));
  return Math.max(0, count.lastAt.getTime() + delay - now.getTime());
}

/** Failures still counted: none once the last is older than `forgetAfterMs`. */
export function currentFailures(count: ThrottleCount | undefined, now: Date, forgetAfterMs: number): number {
  if (!count || now.getTime() - count.lastAt.getTime() >= forgetAfterMs) return 0;
  return count.failures;
}

export type Reservation =
  | {
      allowed: true;
      /** The password matched: the attempt was no failure after all. */
      succeeded(): Promise<void>;
      /** The password was never checked (the provider was too busy): the attempt is given back. */
      cancel(): Promise<void>;
    }
  | { allowed: false; retryAfterSeconds: number };

export interface SignInThrottle {
  /**
   * Counts an attempt against every key as one step, unless one of them must wait first (then nothing is counted).
   * The count stays unless `succeeded` is called: a request cut off mid-check still counts as a failure.
   */
  reserve(keys: readonly ThrottleKey[], now: Date): Promise<Reservation>;
}

export const throttleKeyText = (key: ThrottleKey) => `${key.kind}:${key.id}`;

/** What a success does to each count: the account's and the device's start again; the address gets its attempt back. */
export const forgetsOnSuccess = (kind: ThrottleKind) => kind !== 'client';

/**
 * The decision for a set of counts: the longest wait among them, or the counts after reserving an attempt on each.
 */
export function decide(
  limits: ThrottleLimits,
  keys: readonly ThrottleKey[],
  counts: ReadonlyMap<string, ThrottleCount>,
  now: Date,
): { waitMs: number } | { next: Map<string, ThrottleCount> } {
  let longest = 0;
  for (const key of keys) {
    longest = Math.max(longest, waitMs(limits[key.kind], counts.get(throttleKeyText(key)), now, limits.forgetAfterMs));
  }
  if (longest > 0) return { waitMs: longest };
  const next = new Map<string, ThrottleCount>();
  for (const key of keys) {
    const text = throttleKeyText(key);
    next.set(text, { failures: currentFailures(counts.get(text), now, limits.forgetAfterMs) + 1, lastAt: now });
  }
  return { next };
}

const toSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

// Bounds the memory a flood of made-up names can take in the in-memory throttle; the oldest entries go first.
const MAX_TRACKED = 10_000;

/** A reservation settled at once (the in-memory throttle needs no database round trip). */
export type SyncReservation =
  { allowed: true; succeeded(): void; cancel(): void } | { allowed: false; retryAfterSeconds: number };

/** The same rule in memory, for the MSW fake (one process, so no database is needed to see every attempt). */
export function createMemoryThrottle(limits: ThrottleLimits = DEFAULT_THROTTLE) {
  const counts = new Map<string, ThrottleCount>();
  function reserveNow(keys: readonly ThrottleKey[], now: Date): SyncReservation {
    const decision = decide(limits, keys, counts, now);
    if ('waitMs' in decision) return { allowed: false, retryAfterSeconds: toSeconds(decision.waitMs) };
    for (const [text, count] of decision.next) {
      counts.delete(text);
      counts.set(text, count);
    }
    while (counts.size > MAX_TRACKED) counts.delete(counts.keys().next().value as string);
    const settle = (forget: (key: ThrottleKey) => boolean) => {
      for (const key of keys) {
        const text = throttleKeyText(key);
        const count = counts.get(text);
        if (!count) continue;
        if (forget(key)) counts.delete(text);
        else counts.set(text, { ...count, failures: Math.max(0, count.failures - 1) });
      }
    };
    return {
      allowed: true,
      succeeded: () => settle((key) => forgetsOnSuccess(key.kind)),
      cancel: () => settle(() => false),
    };
  }
  const throttle: SignInThrottle & { reserveNow: typeof reserveNow } = {
    reserveNow,
    async reserve(keys, now) {
      const reserved = reserveNow(keys, now);
      if (!reserved.allowed) return reserved;
      return { allowed: true, succeeded: async () => reserved.succeeded(), cancel: async () => reserved.cancel() };
    },
  };
  return throttle;
}

export { toSeconds as retryAfterSeconds };
