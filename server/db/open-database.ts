// Picks the storage from configuration: PostgreSQL when a URL is given, PGlite otherwise.
import type { Database } from './database';
import { openPgDatabase, type PgTimeouts } from './pg-database';
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

export function describeStorage(storage: StorageOptions): string {
  if (storage.kind === 'pglite')
    return storage.dataDir === undefined ? 'PGlite in memory' : `PGlite in ${storage.dataDir}`;
  const url = new URL(storage.connectionString);
  // Never print the password.
  return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}${storage.schema ? ` (schema ${storage.schema})` : ''}`;
}
