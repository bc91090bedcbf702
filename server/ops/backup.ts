// Backup and restore of the provider's database in one command each: PostgreSQL through pg_dump and psql, PGlite
// through its own copy of the folder (dumpDataDir). A restore never lands on a database holding data unless forced.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { splitPassword } from '../db/connection-url';
import { dumpPgliteDataDir, loadPgliteDataDir, lockDataDir } from '../db/pglite-database';
import type { StorageOptions } from '../db/open-database';
import { findPostgresBin } from './pg-tools';

export interface BackupResult {
  file: string;
  bytes: number;
  orders: number;
}

export interface RestoreResult {
  orders: number;
  /** Where the data that was there before went (PGlite with --force): nothing is deleted. */
  setAside?: string;
}

export interface RestoreOptions {
  /** Restore even over a database that holds data (PostgreSQL: its tables are replaced; PGlite: set aside). */
  force?: boolean;
}

type Kind = 'postgres' | 'pglite';

/** pg_dump's custom format starts with PGDMP; dumpDataDir's gzip with 1f 8b. */
async function kindOfFile(file: string): Promise<Kind | undefined> {
  const handle = await open(file, 'r');
  try {
    const { buffer } = await handle.read(Buffer.alloc(5), 0, 5, 0);
    if (buffer.toString('latin1') === 'PGDMP') return 'postgres';
    if (buffer[0] === 0x1f && buffer[1] === 0x8b) return 'pglite';
    return undefined;
  } finally {
    await handle.close();
  }
}

const WHERE: Record<Kind, string> = {
  postgres: 'set DATABASE_URL to the PostgreSQL database to restore it into',
  pglite: 'unset DATABASE_URL and set PROVIDER_DATA_DIR to the PGlite folder to restore it into',
};

/** Writes beside the target and renames, so a failed backup never leaves half a file under the name asked for. */
async function writeAtomically(file: string, write: (partial: string) => Promise<void>): Promise<number> {
  const partial = `${file}.partial`;
  try {
    await write(partial);
    // It holds staff password hashes and the secret order keys are made from: for the owner's eyes only.
    await chmod(partial, 0o600);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  return (await stat(file)).size;
}

// --- PostgreSQL ---

interface PgConnection {
  /** The URL without its password, for the programs' command line (which others on the machine can read). */
  url: string;
  env: NodeJS.ProcessEnv;
}

function pgConnection(connectionString: string): PgConnection {
  const { url, password } = splitPassword(connectionString);
  return { url, env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function pgProgram(name: string): string {
  const bin = findPostgresBin();
  if (!bin) throw new Error(`${name} was not found: install PostgreSQL's client programs or set PROVIDER_PG_BIN`);
  return join(bin, name);
}

function run(program: string, args: string[], env: NodeJS.ProcessEnv, stdin?: NodeJS.ReadableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: [stdin ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    if (stdin && child.stdin) {
      // A program that stops early (an error) closes its input: its exit code says why, not the broken pipe.
      child.stdin.on('error', () => undefined);
      stdin.pipe(child.stdin);
    }
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} failed (${code}): ${errors.trim().slice(0, 2000)}`)),
    );
  });
}

async function withClient<T>(connectionString: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function countPgOrders(connectionString: string): Promise<number> {
  return withClient(connectionString, async (client) => {
    const { rows } = await client.query<{ n: number | null }>(
      "SELECT CASE WHEN to_regclass('public.orders') IS NULL THEN NULL ELSE 0 END AS n",
    );
    if (rows[0]?.n === null) return 0;
    return (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM public.orders')).rows[0]?.n ?? 0;
  });
}

async function pgTables(connectionString: string): Promise<number> {
  return withClient(connectionString, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'",
    );
    return rows[0]?.n ?? 0;
  });
}

async function backupPostgres(connectionString: string, file: string): Promise<BackupResult> {
  const { url, env } = pgConnection(connectionString);
  const bytes = await writeAtomically(file, (partial) =>
    // The provider's tables live in the public schema; owners and grants are the restoring server's business.
    run(
      pgProgram('pg_dump'),
      ['--format=custom', '--schema=public', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${url}`],
      env,
    ),
  );
  return { file, bytes, orders: await countPgOrders(connectionString) };
}

async function restorePostgres(connectionString: string, file: string, { force = false }: RestoreOptions) {
  const tables = await pgTables(connectionString);
  if (tables > 0 && !force) {
    throw new Error(`The database already holds ${tables} tables: restoring would replace them. Add --force to do so.`);
  }
  const { url, env } = pgConnection(connectionString);
  // One transaction: the old tables go and the backup's arrive together, or, on any error, nothing changes.
  const script = spawn(pgProgram('pg_restore'), ['--no-owner', '--no-privileges', '--file=-', file], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let scriptErrors = '';
  script.stderr.on('data', (chunk: Buffer) => (scriptErrors += chunk.toString()));
  const scripted = new Promise<void>((resolve, reject) =>
    script.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`pg_restore could not read ${file}: ${scriptErrors.trim()}`)),
    ),
  );
  await Promise.all([
    run(
      pgProgram('psql'),
      [
        '--no-psqlrc',
        '--quiet',
        '--single-transaction',
        '--set=ON_ERROR_STOP=1',
        // The backup creates the schema again (pg_dump --schema=public writes CREATE SCHEMA public).
        '--command=DROP SCHEMA IF EXISTS public CASCADE',
        '--file=-',
        `--dbname=${url}`,
      ],
      env,
      script.stdout,
    ),
    scripted,
  ]);
  return { orders: await countPgOrders(connectionString) };
}

// --- PGlite ---

const holdsDatabase = (dataDir: string) => existsSync(join(dataDir, 'PG_VERSION'));

async function backupPglite(dataDir: string, file: string): Promise<BackupResult> {
  if (!holdsDatabase(dataDir)) throw new Error(`${dataDir} holds no database to back up`);
  const { dump, orders } = await dumpPgliteDataDir(dataDir);
  const bytes = await writeAtomically(file, async (partial) =>
    writeFile(partial, Buffer.from(await dump.arrayBuffer())),
  );
  return { file, bytes, orders };
}

async function restorePglite(dataDir: string, file: string, { force = false }: RestoreOptions): Promise<RestoreResult> {
  let setAside: string | undefined;
  if (holdsDatabase(dataDir)) {
    if (!force) throw new Error(`${dataDir} already holds a database: add --force to set it aside and restore`);
    // Moved, not deleted: a restore from the wrong file can be undone by moving it back.
    setAside = `${dataDir.replace(/\/+$/, '')}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    // The lock refuses a folder a running provider has, before anything is moved.
    const release = await lockDataDir(dataDir);
    await release();
    await rename(dataDir, setAside);
  }
  const { orders } = await loadPgliteDataDir(dataDir, new Blob([await readFile(file)]));
  return { orders, ...(setAside ? { setAside } : {}) };
}

// --- both ---

export async function backupDatabase(storage: StorageOptions, file: string): Promise<BackupResult> {
  if (storage.kind === 'postgres') return backupPostgres(storage.connectionString, file);
  if (storage.dataDir === undefined) throw new Error('An in-memory database has nothing to back up');
  return backupPglite(storage.dataDir, file);
}

export async function restoreDatabase(
  storage: StorageOptions,
  file: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const kind = await kindOfFile(file);
  if (kind === undefined) throw new Error(`${file} is not a backup made by npm run backup`);
  if (kind !== storage.kind)
    throw new Error(`${file} is a ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} backup: ${WHERE[kind]}`);
  if (storage.kind === 'postgres') return restorePostgres(storage.connectionString, file, options);
  if (storage.dataDir === undefined) throw new Error('Set PROVIDER_DATA_DIR to the folder to restore into');
  return restorePglite(storage.dataDir, file, options);
}
