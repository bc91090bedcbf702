// The sign-in throttle's counts in the database, so every provider process sees every attempt: one transaction locks
// the counts concerned, decides, and reserves the attempt before any password is checked.
import type { Database } from '../db/database';
import {
  decide,
  DEFAULT_THROTTLE,
  forgetsOnSuccess,
  retryAfterSeconds,
  throttleKeyText,
  type SignInThrottle,
  type ThrottleCount,
  type ThrottleKey,
  type ThrottleLimits,
} from './sign-in-throttle';

// Counts nobody has added to for the forget window are dropped, at most this often per process.
const SWEEP_EVERY_MS = 60_000;

export function createDatabaseThrottle(db: Database, limits: ThrottleLimits = DEFAULT_THROTTLE): SignInThrottle {
  let lastSweep = 0;

  async function sweep(now: Date): Promise<void> {
    if (now.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now.getTime();
    await db.query('DELETE FROM sign_in_throttle WHERE last_at < $1', [new Date(now.getTime() - limits.forgetAfterMs)]);
  }

  return {
    async reserve(keys, now) {
      await sweep(now);
      // Locked in one order by every process, so two attempts on overlapping keys never wait for each other in a cycle.
      const texts = [...new Set(keys.map(throttleKeyText))].sort();
      const decision = await db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO sign_in_throttle (key, failures, last_at)
           SELECT key, 0, $2 FROM unnest($1::text[]) AS key ORDER BY key
           ON CONFLICT (key) DO NOTHING`,
          [texts, new Date(0)],
        );
        const rows = await tx.query<{ key: string; failures: number; last_at: Date | string }>(
          'SELECT key, failures, last_at FROM sign_in_throttle WHERE key = ANY ($1::text[]) ORDER BY key FOR UPDATE',
          [texts],
        );
        const counts = new Map<string, ThrottleCount>(
          rows.map((row) => [row.key, { failures: row.failures, lastAt: new Date(row.last_at) }]),
        );
        const decided = decide(limits, keys, counts, now);
        if ('next' in decided) {
          const next = [...decided.next];
          await tx.query(
            `UPDATE sign_in_throttle t SET failures = n.failures, last_at = n.last_at
             FROM unnest($1::text[], $2::int[], $3::timestamptz[]) AS n(key, failures, last_at)
             WHERE t.key = n.key`,
            [next.map(([key]) => key), next.map(([, count]) => count.failures), next.map(([, count]) => count.lastAt)],
          );
        }
        return decided;
      });
      if ('waitMs' in decision) return { allowed: false, retryAfterSeconds: retryAfterSeconds(decision.waitMs) };
      const settle = async (forget: (key: ThrottleKey) => boolean) => {
        await db.query(
          `WITH forgotten AS (DELETE FROM sign_in_throttle WHERE key = ANY ($1::text[]))
           UPDATE sign_in_throttle SET failures = greatest(0, failures - 1) WHERE key = ANY ($2::text[])`,
          [keys.filter(forget).map(throttleKeyText), keys.filter((key) => !forget(key)).map(throttleKeyText)],
        );
      };
      return {
        allowed: true,
        succeeded: () => settle((key) => forgetsOnSuccess(key.kind)),
        cancel: () => settle(() => false),
      };
    },
  };
}
