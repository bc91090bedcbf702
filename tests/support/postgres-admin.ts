// A test's own room on the run's PostgreSQL server (DATABASE_URL): a schema or a database made for it and dropped after,
// and one-off statements as the server's administrator.
import pg from 'pg';
import { urlWithSchema } from './provider-child';

/** Runs one statement on its own connection, closed whatever happens. */
export async function adminQuery<Row extends pg.QueryResultRow = pg.QueryResultRow>(
  databaseUrl: string,
  sql: string,
  params: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** A name no other run (another process, an earlier test) has: `prefix_pid_time`. */
const ownName = (prefix: string) => `${prefix.replaceAll('-', '_')}_${process.pid}_${Date.now().toString(36)}`;

export interface OwnRoom {
  name: string;
  /** The connection string that lands in it. */
  url: string;
  drop(): Promise<void>;
}

/** A schema of the test's own in the server's database (providers given `schema`, or the URL's search_path). */
export async function ownSchema(databaseUrl: string, prefix: string): Promise<OwnRoom> {
  const name = ownName(prefix);
  await adminQuery(databaseUrl, `CREATE SCHEMA ${name}`);
  return {
    name,
    url: urlWithSchema(databaseUrl, name),
    drop: async () => void (await adminQuery(databaseUrl, `DROP SCHEMA IF EXISTS ${name} CASCADE`)),
  };
}

/**
 * An empty database of the test's own on the same server, as a new restaurant's would be; or a copy of `template`
 * (a database nobody is connected to), which PostgreSQL makes in a fraction of a second.
 */
export async function ownDatabase(databaseUrl: string, prefix: string, template?: string): Promise<OwnRoom> {
  const name = ownName(prefix);
  await adminQuery(databaseUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => void (await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}
