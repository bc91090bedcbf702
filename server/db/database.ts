// The small database surface the provider needs, so PGlite and PostgreSQL are interchangeable.

/** Anything that can run one parameterised statement: the database itself or an open transaction. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations only). */
  execScript(sql: string): Promise<void>;
}

export interface PoolStats {
  /** Connections open, in use or idle. */
  total: number;
  /** Connections running a statement or a transaction. */
  inUse: number;
  /** Callers waiting for a connection, all being in use. */
  waiting: number;
}

export interface TransactionOptions {
  /**
   * PostgreSQL: the transaction's statements use their connection's generic plan, made once, instead of being
   * planned again at each run. For a hot transaction whose planning costs more than its running (the placing
   * statement); a statement whose best plan depends on its parameters' values should not be in it. PGlite ignores it.
   */
  genericPlans?: boolean;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` inside BEGIN/COMMIT; any throw rolls back and is rethrown. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Calls `onNotify` for every NOTIFY on `channel`, sent by any process using this database. `onResume` runs when
   * a lost listening connection is back: notifications sent meanwhile are gone, so the caller catches up itself.
   * Resolves to a function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void, onResume?: () => void): Promise<() => Promise<void>>;
  /**
   * False from a lost connection until the database answers again (meanwhile every call fails at once with
   * DatabaseUnavailableError, answered 503); PGlite: false once closed.
   */
  isAvailable?(): boolean;
  /** The connection pool's figures (PostgreSQL; PGlite is one connection in this process). */
  poolStats?(): PoolStats;
  close(): Promise<void>;
}

/** The database cannot be reached now: answered 503 with Retry-After, never 500. */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
  /** SQLSTATE class 08, connection exception: error-answers.ts answers the whole class with 503. */
  readonly code = '08006';
}
