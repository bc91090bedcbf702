// Applies server/db/migrations/*.sql in name order, once each, recording them in schema_migrations.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

// Any constant works; it only has to be the same for every provider sharing one PostgreSQL database.
const MIGRATION_LOCK_KEY = 741_852_963;

/** The migrations this code brings, in the order they apply. */
export async function migrationNames(dir = MIGRATIONS_DIR): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
}

export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = await migrationNames(dir);
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    // Two providers starting together on one server would otherwise race to create the same tables.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         name text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name),
    );
    for (const name of files) {
      if (done.has(name)) continue;
      await tx.execScript(await readFile(join(dir, name), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      applied.push(name);
    }
  });
  return applied;
}
