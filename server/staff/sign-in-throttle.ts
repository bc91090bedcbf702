// Limits failed sign-ins per account and per client address within a sliding window (in memory, per process).

export interface ThrottleLimits {
  /** Failures allowed per account name in the window before further attempts are refused. */
  perAccount: number;
  /** Failures allowed per client address in the window (every account together). */
  perClient: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = { perAccount: 5, perClient: 30, windowMs: 15 * 60_000 };

// Bounds the memory a flood of made-up names can take; the oldest entries go first.
const MAX_TRACKED = 10_000;

export interface SignInThrottle {
  /** Seconds to wait before trying again, or 0 when an attempt may go ahead. */
  retryAfter(account: string, client: string): number;
  failed(account: string, client: string): void;
  succeeded(account: string): void;
}

export function createSignInThrottle(
  limits: ThrottleLimits = DEFAULT_THROTTLE,
  now = () => Date.now(),
): SignInThrottle {
  const failures = new Map<string, number[]>();

  const recent = (key: string): number[] => {
    const since = now() - limits.windowMs;
    const kept = (failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  };

  const wait = (key: string, allowed: number): number => {
    const times = recent(key);
    if (times.length < allowed) return 0;
    const oldest = times[times.length - allowed] ?? now();
    return Math.max(1, Math.ceil((oldest + limits.windowMs - now()) / 1000));
  };

  const record = (key: string) => {
    const times = recent(key);
    failures.delete(key);
    failures.set(key, [...times, now()]);
    if (failures.size > MAX_TRACKED) {
      const oldestKey = failures.keys().next().value;
      if (oldestKey !== undefined) failures.delete(oldestKey);
    }
  };

  const accountKey = (name: string) => `account:${name.toLowerCase()}`;
  const clientKey = (client: string) => `client:${client}`;

  return {
    retryAfter: (account, client) =>
      Math.max(wait(accountKey(account), limits.perAccount), wait(clientKey(client), limits.perClient)),
    failed(account, client) {
      record(accountKey(account));
      record(clientKey(client));
    },
    succeeded(account) {
      failures.delete(accountKey(account));
    },
  };
}
