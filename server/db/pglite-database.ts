// Database over PGlite: Postgres in WebAssembly, on disk under a folder or in memory for tests.
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { mkdir } from 'node:fs/promises';
import type { Database, Queryable } from './database';

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<Row>(sql, [...params]);
      return result.rows;
    },
    async execScript(sql: string) {
      await target.exec(sql);
    },
  };
}

export interface PgliteOpenOptions {
  /** A dump (`dumpDataDir()`) to start from when the folder is new: skips initdb, which takes seconds. */
  loadDataDir?: Blob;
}

/**
 * Opens PGlite on `dataDir`, or in memory when `dataDir` is undefined.
 *
 * PGlite is one connection: its own mutex already makes `query` wait while a `transaction` runs, so
 * concurrent requests never interleave inside a transaction. We add no queue of our own on top.
 */
export async function openPgliteDatabase(dataDir?: string, options: PgliteOpenOptions = {}): Promise<Database> {
  if (dataDir !== undefined) await mkdir(dataDir, { recursive: true });
  const pg = await PGlite.create({ ...(dataDir === undefined ? {} : { dataDir }), ...options });
  const base = wrap(pg);
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
