// npm run backup and npm run restore, on PGlite (through the command itself) and PostgreSQL: orders placed, backed up,
// the database wiped and restored; every order and its key are back, a retry with its Idempotency-Key still finds it,
// and a restore over a database that holds data is refused unless forced.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, type Order } from '../../contract/orders';
import type { StorageOptions } from '../../server/db/open-database';
import { backupDatabase, restoreDatabase } from '../../server/ops/backup';
import { findPostgresBin } from '../../server/ops/pg-tools';
import { startProvider } from '../../server/start';
import { callApi, fetchOrder, freshPgliteDir, makeTempDir, placeOrder, SAMPLE_ORDER, type TempDir } from './helpers';

const run = promisify(execFile);

/** `npm run backup -- FILE` / `npm run restore -- FILE`, as a person would type them, with the provider's settings. */
async function opsCommand(env: Record<string, string>, ...args: string[]) {
  return run(process.execPath, ['scripts/ops-command.mjs', ...args], {
    env: { ...process.env, DATABASE_URL: '', ...env },
  }).then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: error.stdout + error.stderr,
    }),
  );
}

/** Places three orders (one with an Idempotency-Key) and returns them as their guests hold them, keys included. */
async function placeOrders(storage: StorageOptions): Promise<Order[]> {
  const provider = await startProvider({ storage });
  try {
    return [
      await placeOrder(provider.url),
      await placeOrder(provider.url, { ...SAMPLE_ORDER, table_id: 5, note: 'second' }),
      await placeOrder(provider.url, SAMPLE_ORDER, 'backup-key-1'),
    ];
  } finally {
    await provider.close();
  }
}

/** Starts a provider on the restored database: each order opens with the key its guest holds, and the key retries. */
async function expectOrdersBack(storage: StorageOptions, placed: readonly Order[]): Promise<void> {
  const provider = await startProvider({ storage });
  try {
    for (const order of placed) {
      const { order_key: _key, ...asStored } = order;
      expect(await fetchOrder(provider.url, order)).toEqual(asStored);
    }
    const retry = await callApi(provider.url, 'orders', {
      method: 'POST',
      body: JSON.stringify(SAMPLE_ORDER),
      headers: { 'Idempotency-Key': 'backup-key-1' },
    });
    expect(retry.status).toBe(200);
    expect(orderSchema.parse(await retry.json()).orderID).toBe(placed[2]!.orderID);
  } finally {
    await provider.close();
  }
}

// Each test starts two providers and a few commands: slow steps on a busy machine, nothing timed.
describe('backup and restore of a PGlite folder', { timeout: 120_000 }, () => {
  let dataDir: TempDir;
  let files: TempDir;
  beforeAll(async () => {
    dataDir = await freshPgliteDir('provider-backup');
    files = await makeTempDir('provider-backup-files');
  });
  afterAll(async () => {
    await dataDir.remove();
    await files.remove();
    for (const name of await readdir(join(dataDir.path, '..'))) {
      if (name.startsWith(`${dataDir.path.split('/').at(-1)}.before-restore-`)) {
        await rm(join(dataDir.path, '..', name), { recursive: true, force: true });
      }
    }
  });

  it('brings back every order and its key after the folder is lost, and refuses to restore over data', async () => {
    const storage: StorageOptions = { kind: 'pglite', dataDir: dataDir.path };
    const placed = await placeOrders(storage);
    const file = join(files.path, 'amber.backup');
    const env = { PROVIDER_DATA_DIR: dataDir.path };

    const backup = await opsCommand(env, 'backup', file);
    expect(backup.output).toContain('3 orders');
    expect(backup.code).toBe(0);

    const over = await opsCommand(env, 'restore', file);
    expect(over.code).toBe(1);
    expect(over.output).toContain('--force');

    await rm(dataDir.path, { recursive: true, force: true });
    const restored = await opsCommand(env, 'restore', file);
    expect(restored.output).toContain('3 orders');
    expect(restored.code).toBe(0);
    await expectOrdersBack(storage, placed);

    // Forced over a database: the one that was there is set aside, not deleted.
    const forced = await restoreDatabase(storage, file, { force: true });
    expect(forced.orders).toBe(3);
    expect(forced.setAside && existsSync(join(forced.setAside, 'PG_VERSION'))).toBe(true);
    // A PGlite backup is not for PostgreSQL, and says where it goes.
    await expect(
      restoreDatabase({ kind: 'postgres', connectionString: 'postgres://127.0.0.1:1/none' }, file),
    ).rejects.toThrow(/PGlite backup: unset DATABASE_URL/);
  });
});

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl && findPostgresBin()) {
  describe('backup and restore of a PostgreSQL database (pg_dump, psql)', { timeout: 120_000 }, () => {
    const name = `amber_backup_${process.pid}_${Date.now().toString(36)}`;
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const storage: StorageOptions = { kind: 'postgres', connectionString: url.toString() };
    let admin: pg.Client;
    let files: TempDir;

    beforeAll(async () => {
      admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      files = await makeTempDir('provider-backup-pg');
    });
    afterAll(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      await files.remove();
    });

    it('brings back every order and its key after the database is dropped, and refuses to restore over data', async () => {
      const placed = await placeOrders(storage);
      const file = join(files.path, 'amber.dump');
      const backup = await backupDatabase(storage, file);
      expect(backup.orders).toBe(3);

      await expect(restoreDatabase(storage, file)).rejects.toThrow(/already holds \d+ tables.*--force/);

      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
      expect((await restoreDatabase(storage, file)).orders).toBe(3);
      await expectOrdersBack(storage, placed);

      // Forced over tables that hold data: replaced in one transaction.
      await admin.end();
      admin = new pg.Client({ connectionString: storage.connectionString });
      await admin.connect();
      await admin.query("UPDATE orders SET note = 'changed after the backup'");
      expect((await restoreDatabase(storage, file, { force: true })).orders).toBe(3);
      const { rows } = await admin.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM orders WHERE note LIKE 'changed%'",
      );
      expect(rows[0]?.n).toBe(0);
      await admin.end();
      admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
    });
  });
}
