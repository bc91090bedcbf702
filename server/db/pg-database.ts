// Database over a real PostgreSQL server through a pg connection pool.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { log } from '../ops/log';
import { DatabaseUnavailableError, type Database, type Queryable, type TransactionOptions } from './database';
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

// What the fused BEGIN below needs of pg's internals (stable across pg 8): a Query's `prepare`, which writes the
// statement's extended-protocol messages, and the connection's record of the statements it has parsed.
interface PgConnection {
  parse(message: { text: string }): void;
  bind(message: Record<string, never>): void;
  execute(message: Record<string, never>): void;
  parsedStatements?: Record<string, string>;
}
type QueryCallback = (error: Error | null, result: pg.QueryResult | pg.QueryResult[]) => void;
const PgQuery = pg.Query as unknown as new (
  config: pg.QueryConfig,
  callback: QueryCallback,
) => { prepare(connection: PgConnection): void };

// PostgreSQL's own choice (plan_cache_mode auto) kept planning the placing statement at every order: it underestimates
// what planning a statement of that size costs, about 2 ms, more than running it (one connection, median per order:
// 3.9 ms planned each time, 1.6 ms with the generic plan). Set for one transaction only, because the kitchen board's
// list filters with `$1 IS NULL OR …`, which only a plan made for the values bound serves well.
const GENERIC_PLANS = 'SET LOCAL plan_cache_mode = force_generic_plan';

/** The statements that begin a transaction: BEGIN, then its settings (TransactionOptions). pgbench sends the same. */
export const beginning = (options: TransactionOptions): string[] =>
  options.genericPlans ? ['BEGIN', GENERIC_PLANS] : ['BEGIN'];

/**
 * A transaction's first statement with BEGIN (and the transaction's settings) before it, in one write and under one
 * Sync: one round trip instead of two, as pgjdbc opens its transactions. Under one Sync, a BEGIN that fails makes the
 * server skip the statement, so it never runs outside the transaction; a statement that fails leaves the transaction
 * aborted, rolled back as always.
 */
class QueryAfterBegin extends PgQuery {
  constructor(
    private readonly before: readonly string[],
    config: pg.QueryConfig,
    callback: QueryCallback,
  ) {
    super(config, callback);
  }

  override prepare(connection: PgConnection): void {
    for (const text of this.before) {
      connection.parse({ text });
      connection.bind({});
      connection.execute({});
    }
    super.prepare(connection);
  }
}

/**
 * Only for a named statement this connection has parsed already: pg credits the next ParseComplete to the named
 * statement, and BEGIN's would then mark one as parsed whose own Parse might still fail.
 */
function canFuseBegin(client: pg.PoolClient, name: string | undefined): name is string {
  const connection = (client as unknown as { connection?: PgConnection }).connection;
  return name !== undefined && connection?.parsedStatements?.[name] !== undefined;
}

/** The Queryable of a transaction on `client`: BEGIN goes out with its first statement; `begun` tells whether it has. */
function transactionOn(client: pg.PoolClient, options: TransactionOptions): Queryable & { readonly begun: boolean } {
  const plain = wrap(client);
  const before = beginning(options);
  let begun = false;
  const begin = async () => {
    begun = true;
    // One simple query, one round trip, whatever the settings.
    await client.query(before.join('; '));
  };
  return {
    get begun() {
      return begun;
    },
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      if (begun) return plain.query<Row>(sql, params);
      const name = statementName(sql);
      if (!canFuseBegin(client, name)) {
        await begin();
        return plain.query<Row>(sql, params);
      }
      begun = true;
      const results = await new Promise<pg.QueryResult | pg.QueryResult[]>((resolve, reject) => {
        // A Query object is submitted as it is, and answers through its callback rather than a promise.
        void client.query(
          new QueryAfterBegin(before, { name, text: sql, values: [...params] }, (error, result) =>
            error ? reject(error) : resolve(result),
          ) as unknown as pg.QueryConfig,
        );
      });
      // BEGIN's result (and its settings'), then the statement's.
      const result = Array.isArray(results) ? results[results.length - 1] : results;
      return (result?.rows ?? []) as Row[];
    },
    async execScript(sql: string) {
      if (!begun) await begin();
      await plain.execScript(sql);
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
    transaction: (fn, transactionOptions = {}) =>
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
        const tx = transactionOn(client, transactionOptions);
        try {
          const result = await fn(tx);
          // A transaction that ran no statement has nothing to commit, and never began.
          if (tx.begun) await client.query('COMMIT');
          return result;
        } catch (error) {
          if (isConnectionFailure(error) || broken) {
            // The server went silent or away mid-transaction: no COMMIT was sent, and dropping the connection makes
            // the server roll back whatever it may still run, so nothing is committed after this request has failed.
            broken ??= error as Error;
            throw error;
          }
          if (!tx.begun) throw error;
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
