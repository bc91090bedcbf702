// Picks the storage from configuration: PostgreSQL when a URL is given, PGlite otherwise.
import { log } from '../ops/log';
import { describeDatabase } from './connection-url';
import type { Database } from './database';
import { isConnectionLoss, openPgDatabase, type PgTimeouts } from './pg-database';
import { openPgliteDatabase } from './pglite-database';

export type StorageOptions =
  | { kind: 'pglite'; /** Undefined keeps the database in memory. */ dataDir?: string }
  | {
      kind: 'postgres';
      connectionString: string;
      schema?: string;
      timeouts?: Partial<PgTimeouts>;
      /** The pool's size (PROVIDER_DB_POOL); default 10. */
      maxConnections?: number;
    };

export function openDatabase(storage: StorageOptions): Promise<Database> {
  return storage.kind === 'postgres'
    ? openPgDatabase({
        connectionString: storage.connectionString,
        schema: storage.schema,
        timeouts: storage.timeouts,
        maxConnections: storage.maxConnections,
      })
    : openPgliteDatabase(storage.dataDir);
}

/**
 * Opens the database, waiting for a PostgreSQL server that is not up yet (the host booting, a restart) rather than
 * failing: a process that exits would only be started again, and again. A setting that is wrong fails at once.
 */
export async function openDatabaseWhenReachable(
  storage: StorageOptions,
  { firstRetryMs = 500, maxRetryMs = 10_000 } = {},
): Promise<Database> {
  for (let wait = firstRetryMs; ; wait = Math.min(wait * 2, maxRetryMs)) {
    try {
      return await openDatabase(storage);
    } catch (error) {
      if (storage.kind !== 'postgres' || !isConnectionLoss(error)) throw error;
      log.warn(
        { event: 'database_waiting', retry_ms: wait, error: error instanceof Error ? error.message : String(error) },
        `PostgreSQL cannot be reached yet: trying again in ${(wait / 1000).toFixed(1)} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

export function describeStorage(storage: StorageOptions): string {
  if (storage.kind === 'pglite')
    return storage.dataDir === undefined ? 'PGlite in memory' : `PGlite in ${storage.dataDir}`;
  // Never print the password.
  return `PostgreSQL at ${describeDatabase(storage.connectionString)}${storage.schema ? ` (schema ${storage.schema})` : ''}`;
}
