// Database over a real PostgreSQL server through a pg connection pool.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { log } from '../ops/log';
import { DatabaseUnavailableError, type Database, type Queryable } from './database';
import { trackOutages } from './outage';
import { startPgListener } from './pg-listener';

export interface PgDatabaseOptions {
  connectionString: string;
  /** Every connection uses this schema first (tests isolate runs this way); created if missing. */
  schema?: string;
  maxConnections?: number;
  /** Time limits in ms; see DEFAULT_TIMEOUTS. Tests shorten them. */
  timeouts?: Partial<PgTimeouts>;
  /** How a lost server is probed until it answers again; tests shorten the waits. */
  outage?: PgOutageOptions;
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

// Refused, reset, unreachable, or the server shutting down or starting up (57P01-03), or any connection exception
// (class 08). Not a full pool ("timeout exceeded when trying to connect"): the server answers, just not fast enough.
const LOSS_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P02',
  '57P03',
]);

/** The server went away or cannot take connections: every call fails fast until it answers again. */
export function isConnectionLoss(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return false;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (LOSS_CODES.has(code) || code.startsWith('08'))) return true;
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|not queryable|Query read timeout/i.test(message);
}

export interface PgOutageOptions {
  /** First wait before checking whether a lost server is back; it doubles up to maxRetryMs. */
  firstRetryMs?: number;
  maxRetryMs?: number;
}

const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error));

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
    // A server that vanished without closing its connections (a host gone, a cable pulled) is noticed by TCP.
    keepAlive: true,
    // JIT off: the provider's statements are short, and compiling one (over many open orders, say) took longer than
    // running it. search_path per connection keeps every query unqualified, so the same SQL serves any schema.
    options: `-c jit=off${schema === undefined ? '' : ` -c search_path=${schema}`}`,
  });

  const outage = trackOutages({
    probe: () => pool.query('SELECT 1'),
    ...options.outage,
    onLost: (error) =>
      log.warn(
        { event: 'database_lost', error: describeError(error) },
        'PostgreSQL cannot be reached: answering 503 until it is back',
      ),
    // At the lost line's level, so whoever sees one sees the other.
    onBack: (downMs) =>
      log.warn({ event: 'database_back', down_ms: downMs }, `PostgreSQL is back after ${(downMs / 1000).toFixed(1)} s`),
  });
  const noteFailure = (error: unknown) => {
    if (isConnectionLoss(error)) outage.lost(error);
  };
  // An idle client losing its server must not crash the process; the next query reports the failure.
  pool.on('error', noteFailure);

  /** Fails at once while the server is known to be away (no request waits on a connect that cannot succeed). */
  async function guarded<T>(run: () => Promise<T>): Promise<T> {
    if (!outage.available) throw new DatabaseUnavailableError('PostgreSQL cannot be reached');
    try {
      return await run();
    } catch (error) {
      noteFailure(error);
      throw error;
    }
  }

  try {
    if (schema !== undefined) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    else await pool.query('SELECT 1');
  } catch (error) {
    outage.stop();
    await pool.end().catch(() => undefined);
    throw error;
  }

  const direct = wrap(pool);
  return {
    kind: 'postgres',
    query: (sql, params) => guarded(() => direct.query(sql, params)),
    execScript: (sql) => guarded(() => direct.execScript(sql)),
    transaction: (fn) =>
      guarded(async () => {
        const client = await pool.connect();
        let broken: Error | undefined;
        // A checked-out client has no listener of the pool's: its server going away between two statements would
        // be an unhandled 'error' event, which ends the process. The failure reaches the next statement anyway.
        const onClientError = (error: Error) => {
          broken ??= error;
          noteFailure(error);
        };
        client.on('error', onClientError);
        try {
          await client.query('BEGIN');
          const result = await fn(wrap(client));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          if (isConnectionFailure(error) || broken) {
            // The server went silent or away mid-transaction: no COMMIT was sent, and dropping the connection makes
            // the server roll back whatever it may still run, so nothing is committed after this request has failed.
            broken ??= error as Error;
            throw error;
          }
          await client.query('ROLLBACK').catch((rollbackError: Error) => {
            // A connection that cannot even roll back is discarded rather than returned to the pool.
            broken = rollbackError;
          });
          throw error;
        } finally {
          client.removeListener('error', onClientError);
          client.release(broken);
        }
      }),
    listen: (channel, onNotify, onResume) =>
      startPgListener({
        connectionString: options.connectionString,
        channel,
        onNotify,
        onResume,
        connectMs: timeouts.connectMs,
      }),
    isAvailable: () => outage.available,
    poolStats: () => ({
      total: pool.totalCount,
      inUse: pool.totalCount - pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: async () => {
      outage.stop();
      await pool.end();
    },
  };
}
