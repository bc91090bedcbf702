// Tables' names are unique in the database, not only in the provider's check: migration 063 applies over tables that
// already share a name, and a rename racing another (PostgreSQL) is answered 409 `exists`, never 500.
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrationNames } from '../../server/db/migrate';
import type { RunningProvider } from '../../server/start';
import type { OwnRoom } from '../support/postgres-admin';
import { callApi, makeTempDir, restartableDatabase, startProviderInOwnSchema } from './helpers';

const MIGRATIONS = fileURLToPath(new URL('../../server/db/migrations/', import.meta.url));
const NAMES_MIGRATION = '063_table_names.sql';

describe('migration 063 on tables that already share a name', () => {
  it('keeps the oldest one’s name and gives each later one the first free suffix, within 40 characters', async () => {
    const { database: db, dispose } = await restartableDatabase();
    const before = await makeTempDir('migrations-before-063');
    try {
      await mkdir(before.path, { recursive: true });
      for (const name of await migrationNames())
        if (name < NAMES_MIGRATION) await copyFile(join(MIGRATIONS, name), join(before.path, name));
      await migrate(db, before.path);
      const long = 'A name forty characters long, exactly!!!';
      expect(long).toHaveLength(40);
      const tables: [number, string, boolean][] = [
        [1, 'Window 1', false],
        [2, 'window 1 ', false],
        [3, 'Window 1 (2)', false],
        [4, 'WINDOW  1', false],
        [5, 'Window 1', true],
        [6, long, false],
        [7, long.toLowerCase(), false],
        [8, 'Bar', false],
      ];
      for (const [id, name, removed] of tables)
        await db.query(
          `INSERT INTO dining_tables (id, name, seats, status, removed_at)
           VALUES ($1, $2, 2, 'free', CASE WHEN $3::boolean THEN now() END)`,
          [id, name, removed],
        );

      // This migration and the ones after it, in order.
      expect(await migrate(db)).toEqual((await migrationNames()).filter((name) => name >= NAMES_MIGRATION));

      const rows = await db.query<{ id: number; name: string }>('SELECT id, name FROM dining_tables ORDER BY id');
      expect(rows.map((row) => row.name)).toEqual([
        'Window 1',
        'window 1 (3)',
        'Window 1 (2)',
        'WINDOW 1 (4)',
        'Window 1',
        long,
        `${long.toLowerCase().slice(0, 36)} (2)`,
        'Bar',
      ]);
      // From now on the database itself refuses a second one, whoever writes it.
      await expect(
        db.query(`INSERT INTO dining_tables (id, name, seats, status) VALUES (9, ' bar', 2, 'free')`),
      ).rejects.toMatchObject({ code: '23505' });
    } finally {
      await before.remove();
      await dispose();
    }
  });
});

const databaseUrl = process.env.DATABASE_URL;

if (databaseUrl) {
  describe('two renames to one name at once, on PostgreSQL', () => {
    let room: OwnRoom;
    let provider: RunningProvider;
    let manager: string;

    beforeAll(async () => {
      ({ provider, room } = await startProviderInOwnSchema(databaseUrl, 'prov_table_names', {
        manager: { name: 'manager', password: 'manager-password' },
      }));
      const signedIn = await callApi(provider.url, 'staff/session', {
        method: 'POST',
        body: JSON.stringify({ name: 'manager', password: 'manager-password' }),
      });
      manager = /staff_session=[^;]+/.exec(signedIn.headers.get('Set-Cookie') ?? '')?.[0] ?? '';
    });

    afterAll(async () => {
      await provider?.close();
      await room?.drop();
    });

    const rename = (id: number, name: string) =>
      callApi(provider.url, `staff/tables/${id}`, {
        method: 'PATCH',
        body: JSON.stringify({ name }),
        headers: { Cookie: manager },
      });

    it('answers the one the index refuses with 409 exists naming the table, after the other commits', async () => {
      const other = new pg.Client({ connectionString: room.url });
      await other.connect();
      try {
        // Another writer has taken the name but not committed: the provider's check cannot see it yet.
        await other.query('BEGIN');
        await other.query(`UPDATE dining_tables SET name = 'Garden' WHERE id = 2`);
        const answer = rename(3, 'garden');
        // The provider's UPDATE waits on the index for the other transaction; once it commits, the name is taken.
        await waitUntilBlocked(room.url);
        await other.query('COMMIT');
        const response = await answer;
        expect(response.status).toBe(409);
        expect(await response.json()).toEqual({
          error: {
            code: 'exists',
            message: 'There is already a table named “garden”: give this one a name of its own.',
            fields: { name: 'already taken' },
          },
        });
      } finally {
        await other.end();
      }
      const [table] = await provider.db.query<{ name: string }>('SELECT name FROM dining_tables WHERE id = 3');
      expect(table?.name).not.toBe('garden');
    });

    it('lets exactly one of several concurrent renames have the name; the others are 409, none 500', async () => {
      const statuses = await Promise.all([4, 5, 6, 7, 8].map(async (id) => (await rename(id, 'Terrace')).status));
      expect([...statuses].sort()).toEqual([200, 409, 409, 409, 409]);
    });
  });
}

/** Waits until some connection of the test's schema waits for a lock (the provider's UPDATE behind the other's). */
async function waitUntilBlocked(url: string): Promise<void> {
  const watcher = new pg.Client({ connectionString: url });
  await watcher.connect();
  try {
    for (;;) {
      const { rows } = await watcher.query<{ waiting: number }>(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity
         WHERE wait_event_type = 'Lock' AND query LIKE '%SET name = coalesce%'`,
      );
      if ((rows[0]?.waiting ?? 0) > 0) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    await watcher.end();
  }
}
