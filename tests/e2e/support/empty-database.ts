// A database of a spec's own for the production start: an empty one on the run's PostgreSQL server (DATABASE_URL, as on
// CI), else PGlite in a fresh folder; dropped or deleted afterwards.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ownDatabase } from '../../support/postgres-admin';

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
  const database = await ownDatabase(databaseUrl, prefix);
  return { env: { DATABASE_URL: database.url }, drop: database.drop };
}
