// Small helpers for the provider's own tests: temporary folders and authorised calls.
import { DatabaseUnavailableError } from '../../server/db/database';
import { PGlite } from '@electric-sql/pglite';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Database } from '../../server/db/database';
import { openPgliteDatabase } from '../../server/db/pglite-database';
import { startProvider, type RunningProvider, type StartOptions } from '../../server/start';
import { ownSchema, type OwnRoom } from '../support/postgres-admin';
import { type NewOrder } from '../../contract/orders';
import { orderSchema, ordersSchema, type Order } from '../../contract/orders';

export async function makeTempDir(prefix: string): Promise<TempDir> {
  const path = await mkdtemp(join(tmpdir(), `${prefix}-`));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

export interface TempDir {
  path: string;
  remove(): Promise<void>;
}

function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = dirname(entry);
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

// initdb inside WebAssembly takes seconds; loading a dump of a freshly initialised, empty cluster takes a
// fraction of that. The dump holds no tables: every test provider still runs the migrations and the seed.
const TEMPLATE_FILE = join(tmpdir(), `provider-tests-pglite-${pgliteVersion()}.tgz`);
let template: Promise<Blob> | undefined;

function emptyClusterDump(): Promise<Blob> {
  template ??= (async () => {
    if (!existsSync(TEMPLATE_FILE)) {
      const db = await PGlite.create();
      const dump = await db.dumpDataDir('gzip');
      await db.close();
      // Workers may race to write it; writing aside then renaming keeps the file whole for every reader.
      const aside = `${TEMPLATE_FILE}.${process.pid}`;
      await writeFile(aside, Buffer.from(await dump.arrayBuffer()));
      await rename(aside, TEMPLATE_FILE);
    }
    return new Blob([await readFile(TEMPLATE_FILE)]);
  })();
  return template;
}

/** Opens a new, empty PGlite database: in memory, or in `dataDir` as on a first start. */
async function openEmptyPglite(dataDir?: string): Promise<Database> {
  return openPgliteDatabase(dataDir, { loadDataDir: await emptyClusterDump() });
}

// Starting a PGlite costs about two seconds of CPU (WebAssembly Postgres booting on the dump) and emptying one a few
// milliseconds: a closed test provider's in-memory database is emptied and kept for the next one in this worker.
const idleDatabases: Database[] = [];
const IDLE_LIMIT = 2;
const EMPTY_AGAIN = 'DROP SCHEMA public CASCADE; CREATE SCHEMA public; RESET ALL;';

/** An empty in-memory PGlite database, new or emptied since its last provider closed it. */
async function takeMemoryDatabase(): Promise<Database> {
  const db = idleDatabases.pop() ?? (await openEmptyPglite());
  let closed = false;
  // A test still holding a closed provider's database must not reach the next provider's data: refused as a closed
  // PGlite refuses, with a rejected promise.
  const open = <T>(call: () => Promise<T>): Promise<T> =>
    closed ? Promise.reject(new DatabaseUnavailableError('This test database was closed with its provider')) : call();
  return {
    kind: db.kind,
    isAvailable: () => !closed && db.isAvailable?.() !== false,
    query: (sql, params) => open(() => db.query(sql, params)),
    execScript: (sql) => open(() => db.execScript(sql)),
    transaction: (fn, options) => open(() => db.transaction(fn, options)),
    listen: (channel, onNotify, onResume) => open(() => db.listen(channel, onNotify, onResume)),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await db.execScript(EMPTY_AGAIN);
        if (idleDatabases.length < IDLE_LIMIT) {
          idleDatabases.push(db);
          return;
        }
      } catch {
        // Left in a state it cannot be emptied from: not kept.
      }
      await db.close();
    },
  };
}

/** A new PGlite data folder, initialised but empty (no tables), as before a first start. */
export async function freshPgliteDir(prefix: string): Promise<TempDir> {
  const dir = await makeTempDir(prefix);
  await (await openEmptyPglite(dir.path)).close();
  return dir;
}

export function callApi(baseUrl: string, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Authorization', 'Bearer demo-token');
  headers.set('Accept', 'application/json');
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  return fetch(`${baseUrl}/api/v1/${path}`, { ...init, headers });
}

export const SAMPLE_ORDER: NewOrder = {
  table_id: 3,
  items: [
    { menu_id: 33, quantity: 1 },
    { menu_id: 47, quantity: 2, note: 'to share' },
  ],
};

export async function placeOrder(baseUrl: string, order: NewOrder = SAMPLE_ORDER, key?: string): Promise<Order> {
  const response = await callApi(baseUrl, 'orders', {
    method: 'POST',
    body: JSON.stringify(order),
    headers: key ? { 'Idempotency-Key': key } : {},
  });
  if (response.status !== 201)
    throw new Error(`Placing an order answered ${response.status}: ${await response.text()}`);
  return orderSchema.parse(await response.json());
}

/** Reads an order as its guest does, with the key POST orders answered. */
export async function fetchOrder(
  baseUrl: string,
  order: Pick<Order, 'orderID' | 'order_key'>,
): Promise<Order | undefined> {
  const response = await callApi(baseUrl, `orders?orderID=${encodeURIComponent(order.orderID)}`, {
    headers: order.order_key === undefined ? {} : { 'X-Order-Key': order.order_key },
  });
  if (response.status === 404) return undefined;
  return ordersSchema.parse(await response.json())[0];
}

/**
 * An empty in-memory database that outlives the providers started on it, as a data folder outlives restarts: each
 * provider's close() leaves it open; dispose() gives it back. For tests of what a restart keeps; the data folder
 * itself is tested on disk (restart-safety, seeding).
 */
export async function restartableDatabase(): Promise<{ database: Database; dispose(): Promise<void> }> {
  const db = await takeMemoryDatabase();
  return { database: { ...db, close: async () => {} }, dispose: () => db.close() };
}

/**
 * scrypt at a 32nd of the real cost for the accounts tests make: hashing stays the real code path, and every sign-in
 * costs about a millisecond instead of tens. tests/server/staff.test.ts checks the real default.
 */
export const TEST_PASSWORD_COST = { N: 1024, r: 8, p: 1 };

/**
 * startProvider on a schema of the test's own on the run's PostgreSQL server (dropped with `room.drop()`), cheap
 * password hashing.
 */
export async function startProviderInOwnSchema(
  databaseUrl: string,
  prefix: string,
  options: Omit<StartOptions, 'storage'> = {},
): Promise<{ provider: RunningProvider; room: OwnRoom }> {
  const room = await ownSchema(databaseUrl, prefix);
  const provider = await startProvider({
    storage: { kind: 'postgres', connectionString: databaseUrl, schema: room.name },
    passwordCost: TEST_PASSWORD_COST,
    ...options,
  });
  return { provider, room };
}

/** startProvider on an empty in-memory PGlite database, port 0, kitchen off unless asked, cheap password hashing. */
export async function startTestProvider(options: StartOptions = {}): Promise<RunningProvider> {
  return startProvider({ database: await takeMemoryDatabase(), passwordCost: TEST_PASSWORD_COST, ...options });
}
