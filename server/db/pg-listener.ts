// LISTEN on a dedicated PostgreSQL connection (a pooled one would be handed to queries), reconnecting if it drops.
import pg from 'pg';

export interface PgListenerOptions {
  connectionString: string;
  channel: string;
  onNotify: (payload: string) => void;
  /** Called once listening again after the connection was lost. */
  onResume?: () => void;
  /** First wait before reconnecting; it doubles up to 5 s. */
  retryMs?: number;
  /** Opening the connection; a server that accepts and never answers is tried again after this. */
  connectMs?: number;
}

const MAX_RETRY_MS = 5000;

/** Resolves once listening (the first connection must work); the returned function stops for good. */
export async function startPgListener(options: PgListenerOptions): Promise<() => Promise<void>> {
  const { connectionString, channel, onNotify, onResume, retryMs = 200, connectMs = 3000 } = options;
  let stopped = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let wait = retryMs;

  async function connect(): Promise<void> {
    // Named, so an operator (or a test) can find this connection among the server's sessions.
    const next = new pg.Client({
      connectionString,
      application_name: `amber-events-listener-${process.pid}`,
      connectionTimeoutMillis: connectMs,
      // A server gone without closing the connection would otherwise leave this one waiting for NOTIFYs forever.
      keepAlive: true,
    });
    // Errors arrive here when the server goes away; 'end' follows and schedules the reconnect.
    next.on('error', () => undefined);
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    next.on('end', () => {
      if (client === next) client = undefined;
      if (!stopped) scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  }

  function scheduleReconnect(): void {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      connect().then(
        () => {
          wait = retryMs;
          onResume?.();
        },
        () => {
          wait = Math.min(wait * 2, MAX_RETRY_MS);
          if (!stopped) scheduleReconnect();
        },
      );
    }, wait);
    retryTimer.unref();
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    await client?.end().catch(() => undefined);
  };
}
