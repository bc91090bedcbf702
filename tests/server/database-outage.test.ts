// When PostgreSQL stops answering (a silent connection, not a refused one), requests fail fast with a JSON 503, and
// nothing sent meanwhile is committed later. A TCP proxy on 127.0.0.1 stands between the provider and the database.
import { createServer, connect, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isConnectionFailure, openPgDatabase } from '../../server/db/pg-database';
import { startProvider, type RunningProvider } from '../../server/start';
import { callApi, SAMPLE_ORDER } from './helpers';

const SHORT_TIMEOUTS = { connectMs: 500, queryMs: 800, statementMs: 700, idleInTransactionMs: 1000 };

/** Accepts connections and never says a word, as a hung database server would. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('a database that accepts connections and never answers', () => {
  it('fails to open within the connection timeout, as unavailable', async () => {
    const silent = await silentServer();
    try {
      const opening = openPgDatabase({
        connectionString: `postgres://postgres@127.0.0.1:${silent.port}/postgres`,
        timeouts: SHORT_TIMEOUTS,
      });
      const error = await opening.then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(isConnectionFailure(error)).toBe(true);
    } finally {
      await silent.close();
    }
  });
});

/**
 * Forwards to PostgreSQL until `silence()`: from then on it holds what the provider sends and answers nothing, as
 * a stalled server or network would. `resume()` delivers what it held, as the network coming back would, so anything
 * the provider left uncommitted could still be committed then.
 */
async function proxyTo(target: URL) {
  let silent = false;
  const held: (() => void)[] = [];
  const pairs = new Set<[Socket, Socket]>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    pairs.add([client, upstream]);
    client.on('data', (chunk) => (silent ? held.push(() => upstream.write(chunk)) : upstream.write(chunk)));
    upstream.on('data', (chunk) => {
      if (!silent) client.write(chunk);
    });
    client.on('close', () => (silent ? held.push(() => upstream.end()) : upstream.end()));
    upstream.on('close', () => client.destroy());
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const url = new URL(target.href);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.href,
    silence: () => (silent = true),
    resume: () => {
      silent = false;
      for (const deliver of held.splice(0)) deliver();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const [a, b] of pairs) {
          a.destroy();
          b.destroy();
        }
        server.close(() => resolve());
      }),
  };
}

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  describe('PostgreSQL going silent under a running provider', () => {
    const schema = `outage_${process.pid}_${Date.now().toString(36)}`;
    let proxy: Awaited<ReturnType<typeof proxyTo>>;
    let provider: RunningProvider;
    let admin: pg.Client;

    beforeAll(async () => {
      proxy = await proxyTo(new URL(databaseUrl));
      provider = await startProvider({
        storage: { kind: 'postgres', connectionString: proxy.url, schema, timeouts: SHORT_TIMEOUTS },
      });
      admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
    });
    afterAll(async () => {
      proxy.resume();
      await provider.close().catch(() => undefined);
      await proxy.close();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    });

    const ordersWithNote = async (note: string) =>
      Number(
        (await admin.query<{ n: string }>(`SELECT count(*) AS n FROM ${schema}.orders WHERE note = $1`, [note])).rows[0]
          ?.n,
      );

    it('answers a JSON 503 instead of hanging, and commits nothing once the database is back', async () => {
      const before = await callApi(provider.url, 'orders', { method: 'POST', body: JSON.stringify(SAMPLE_ORDER) });
      expect(before.status).toBe(201);

      proxy.silence();
      const note = `sent while silent ${Date.now()}`;
      const during = await callApi(provider.url, 'orders', {
        method: 'POST',
        body: JSON.stringify({ ...SAMPLE_ORDER, note }),
      });
      expect(during.status).toBe(503);
      expect(during.headers.get('Retry-After')).not.toBeNull();
      expect(await during.json()).toMatchObject({ error: { code: 'unavailable' } });

      proxy.resume();
      // Once back, the provider works again, and the order refused with 503 was never placed.
      await expect.poll(async () => (await callApi(provider.url, 'category')).status, { timeout: 10_000 }).toBe(200);
      const after = await callApi(provider.url, 'orders', { method: 'POST', body: JSON.stringify(SAMPLE_ORDER) });
      expect(after.status).toBe(201);
      expect(await ordersWithNote(note)).toBe(0);
    });
  });
}
