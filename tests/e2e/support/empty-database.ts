// A database of a spec's own for the production start: an empty one on the run's PostgreSQL server (DATABASE_URL, as on
// CI), else PGlite in a fresh folder; dropped or deleted afterwards.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface EmptyDatabase {
  /** The provider's environment for it. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

export async function emptyDatabase(prefix: string): Promise<EmptyDatabase> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const dir = await mkdtemp(join(tmpdir(), `${prefix}-`));
    return { env: { DATABASE_URL: '', PROVIDER_DATA_DIR: dir }, drop: () => rm(dir, { recursive: true, force: true }) };
  }
  const name = `${prefix.replaceAll('-', '_')}_${process.pid}_${Date.now().toString(36)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const own = new URL(databaseUrl);
  own.pathname = `/${name}`;
  return { env: { DATABASE_URL: own.toString() }, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
