// Database over PGlite: Postgres in WebAssembly, on disk under a folder or in memory for tests.
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseUnavailableError, type Database, type Queryable } from './database';

// PGlite runs in this process: what can fail is its files (a full or failing disk answers PostgreSQL's 53100 or a
// class 58 error, answered 503) or the instance itself, once closed (shutting down): also 503, never 500.
function checkOpen(pg: PGlite): void {
  if (pg.closed) throw new DatabaseUnavailableError('The database is closed');
}

function wrap(target: PGlite | Transaction, pg: PGlite): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      checkOpen(pg);
      const result = await target.query<Row>(sql, [...params]);
      return result.rows;
    },
    async execScript(sql: string) {
      checkOpen(pg);
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
  const releaseLock = dataDir === undefined ? async () => undefined : await lockDataDir(dataDir);
  let pg: PGlite;
  try {
    pg = await PGlite.create({ ...(dataDir === undefined ? {} : { dataDir }), ...options });
  } catch (error) {
    await releaseLock();
    throw error;
  }
  return {
    kind: 'pglite',
    ...wrap(pg, pg),
    transaction: (fn) => {
      checkOpen(pg);
      return pg.transaction((tx) => fn(wrap(tx, pg)));
    },
    // In-process: PGlite delivers a committed NOTIFY to its own listeners, and no other process can share it.
    async listen(channel, onNotify) {
      const stop = await pg.listen(channel, onNotify);
      return async () => {
        if (!pg.closed) await stop();
      };
    },
    isAvailable: () => !pg.closed,
    async close() {
      await pg.close();
      await releaseLock();
    },
  };
}

/** A copy of a PGlite folder's whole database (`dumpDataDir`, gzipped); refused while a provider has the folder. */
export async function dumpPgliteDataDir(dataDir: string): Promise<{ dump: Blob; orders: number }> {
  const releaseLock = await lockDataDir(dataDir);
  try {
    const pg = await PGlite.create({ dataDir });
    try {
      const orders = await countOrders(pg);
      return { dump: await pg.dumpDataDir('gzip'), orders };
    } finally {
      await pg.close();
    }
  } finally {
    await releaseLock();
  }
}

/** Makes `dataDir` (which must not hold a database) the database in `dump`; resolves to its number of orders. */
export async function loadPgliteDataDir(dataDir: string, dump: Blob): Promise<{ orders: number }> {
  const releaseLock = await lockDataDir(dataDir);
  try {
    const pg = await PGlite.create({ dataDir, loadDataDir: dump });
    try {
      return { orders: await countOrders(pg) };
    } finally {
      await pg.close();
    }
  } finally {
    await releaseLock();
  }
}

async function countOrders(pg: PGlite): Promise<number> {
  const [table] = (await pg.query<{ name: string | null }>("SELECT to_regclass('orders')::text AS name")).rows;
  if (!table?.name) return 0;
  const [row] = (await pg.query<{ n: number }>('SELECT count(*)::int AS n FROM orders')).rows;
  return row?.n ?? 0;
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite is a single process's database: a second process on the same folder would corrupt it (say `npm start`
 * and `npm run dev` at once). A lock file with the owner's pid refuses that with a clear message; a lock left by
 * a process that has died is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lockFile = join(dataDir, 'provider.lock');
  for (;;) {
    try {
      await writeFile(lockFile, String(process.pid), { flag: 'wx' });
      return () => rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
    if (Number.isInteger(owner) && owner > 0 && isRunning(owner)) {
      throw new Error(
        `${dataDir} is in use by another provider (process ${owner}${owner === process.pid ? ', this one' : ''}). Stop it, or set PROVIDER_DATA_DIR to another folder.`,
      );
    }
    await rm(lockFile, { force: true });
  }
}
