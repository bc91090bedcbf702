// Whether this process should be sent requests: the database answers within a second and its migrations are applied.
import type { Database } from '../db/database';
import { logTaskFailure } from './log';

export type Readiness = { ready: true } | { ready: false; reason: string };

export interface ReadinessOptions {
  /** The migrations this code needs (their file names). */
  migrations: readonly string[];
  /** The database must answer within this; default 1 s. */
  timeoutMs?: number;
  /** True once the process is shutting down: it finishes what it has, and should get nothing new. */
  isStopping?: () => boolean;
}

export function createReadiness(db: Database, options: ReadinessOptions): () => Promise<Readiness> {
  const { migrations, timeoutMs = 1000, isStopping = () => false } = options;
  // Probes from several balancers at once share one query.
  let running: Promise<Readiness> | undefined;

  async function check(): Promise<Readiness> {
    const rows = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.name));
    const missing = migrations.filter((name) => !applied.has(name));
    return missing.length === 0
      ? { ready: true }
      : { ready: false, reason: `migrations not applied: ${missing.join(', ')}` };
  }

  return async () => {
    if (isStopping()) return { ready: false, reason: 'stopping' };
    if (db.isAvailable?.() === false) return { ready: false, reason: 'database unreachable' };
    running ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<Readiness>((resolve) => {
        timer = setTimeout(
          () => resolve({ ready: false, reason: `database did not answer within ${timeoutMs} ms` }),
          timeoutMs,
        );
      });
      try {
        // Which error it was goes to the log: a probe's answer is public.
        const checked = check().catch((error: unknown): Readiness => {
          logTaskFailure('readiness_failed', 'Readiness check failed', error);
          return { ready: false, reason: 'database error' };
        });
        return await Promise.race([checked, late]);
      } finally {
        clearTimeout(timer);
        running = undefined;
      }
    })();
    return running;
  };
}
