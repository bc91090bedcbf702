// Database over a real PostgreSQL server through a pg connection pool.
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Database, Queryable } from './database';
import { startPgListener } from './pg-listener';

export interface PgDatabaseOptions {
  connectionString: string;
  /** Every connection uses this schema first (tests isolate runs this way); created if missing. */
  schema?: string;
  maxConnections?: number;
  /** Time limits in ms; see DEFAULT_TIMEOUTS. Tests shorten them. */
  timeouts?: Partial<PgTimeouts>;
}

export interface PgTimeouts {
  /** Opening a connection (a server that accepts and never answers). */
  connectMs: number;
  /** One statement, measured by the client: a silent server still gets an answer within this. */
  queryMs: number;
  /** One statement, measured by the server. */
  statementMs: number;
  /** A transaction left open by a client that went away is rolled back by the server after this. */
  idleInTransactionMs: number;
}

// A guest's request should fail within a few seconds when PostgreSQL stops answering, not hang.
export const DEFAULT_TIMEOUTS: PgTimeouts = {
  connectMs: 3000,
  queryMs: 5000,
  statementMs: 4000,
  idleInTransactionMs: 5000,
};

// Every statement the provider runs is a fixed text with parameters, so each is prepared once per connection (a named
// query) and then only bound and executed: PostgreSQL skips parsing and planning the placing CTE on every order. The
// name is a digest of the text, so the same text always has the same name; past the cap (text built at run time
// would be a leak) statements run unnamed, as before.
const MAX_NAMED_STATEMENTS = 500;
const statementNames = new Map<string, string>();

function statementName(sql: string): string | undefined {
  const known = statementNames.get(sql);
  if (known !== undefined || statementNames.size >= MAX_NAMED_STATEMENTS) return known;
  const name = `amber_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
  statementNames.set(sql, name);
  return name;
}

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const name = statementName(sql);
      const result = await client.query(
        name === undefined ? { text: sql, values: [...params] } : { name, text: sql, values: [...params] },
      );
      return result.rows as Row[];
    },
    async execScript(sql: string) {
      await client.query(sql);
    },
  };
}

/** The client lost the server (timeout, connection closed): the connection's state is unknown. */
export function isConnectionFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /Query read timeout|Connection terminated|timeout exceeded when trying to connect|not queryable/i.test(
    message,
  );
}

export async function openPgDatabase(options: PgDatabaseOptions): Promise<Database> {
  const { schema } = options;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) {
    throw new Error(`Invalid schema name: ${schema}`);
  }
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.queryMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // JIT off: the provider's statements are short, and compiling one (over many open orders, say) took longer than
    // running it. search_path per connection keeps every query unqualified, so the same SQL serves any schema.
    options: `-c jit=off${schema === undefined ? '' : ` -c search_path=${schema}`}`,
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
        if (isConnectionFailure(error)) {
          // The server went silent or away mid-transaction: no COMMIT was sent, and dropping the connection makes
          // the server roll back whatever it may still run, so nothing is committed after this request has failed.
          broken = error as Error;
          throw error;
        }
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
