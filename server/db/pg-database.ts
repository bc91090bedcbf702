// Database over a real PostgreSQL server through a pg connection pool.
import pg from 'pg';
import type { Database, Queryable } from './database';
import { startPgListener } from './pg-listener';

export interface PgDatabaseOptions {
  connectionString: string;
  /** Every connection uses this schema first (tests isolate runs this way); created if missing. */
  schema?: string;
  maxConnections?: number;
}

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query(sql, [...params]);
      return result.rows as Row[];
    },
    async execScript(sql: string) {
      await client.query(sql);
    },
  };
}

export async function openPgDatabase(options: PgDatabaseOptions): Promise<Database> {
  const { schema } = options;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) {
    throw new Error(`Invalid schema name: ${schema}`);
  }
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    // search_path per connection keeps every query unqualified, so the same SQL serves any schema.
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  });
  // An idle client losing its server must not crash the process; the next query reports the failure.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  if (schema !== undefined) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  else await pool.query('SELECT 1');

  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => {
          // A connection that cannot even roll back is discarded rather than returned to the pool.
          broken = rollbackError;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    listen: (channel, onNotify, onResume) =>
      startPgListener({ connectionString: options.connectionString, channel, onNotify, onResume }),
    close: () => pool.end(),
  };
}
