// Transactions on PostgreSQL: BEGIN travels with the first statement, and what that statement wrote is still undone by
// a refusal after it. A TCP proxy on 127.0.0.1 counts the database's answers that end a round trip (ReadyForQuery).
import { createServer, connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { openPgDatabase } from '../../server/db/pg-database';

/** Forwards to PostgreSQL and counts the ReadyForQuery messages it sends back: one per round trip. */
async function countingProxy(target: URL) {
  let roundTrips = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    let pending = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => {
      client.write(chunk);
      // Messages are a type byte and a length that counts itself; the startup answer is framed the same way.
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 5 && pending.length >= 1 + pending.readInt32BE(1)) {
        if (pending[0] === 0x5a && started) roundTrips++;
        if (pending[0] === 0x5a) started = true;
        pending = pending.subarray(1 + pending.readInt32BE(1));
      }
    });
    client.on('close', () => upstream.end());
    upstream.on('close', () => client.destroy());
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target.href);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as { port: number }).port);
  return {
    url: url.href,
    roundTrips: () => roundTrips,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  describe('transactions on PostgreSQL', () => {
    const schema = `tx_${process.pid}_${Date.now().toString(36)}`;
    let proxy: Awaited<ReturnType<typeof countingProxy>>;
    let db: Database;

    beforeAll(async () => {
      proxy = await countingProxy(new URL(databaseUrl));
      // One connection, so every transaction runs on the one that has seen the statements before.
      db = await openPgDatabase({ connectionString: proxy.url, schema, maxConnections: 1 });
      await db.execScript('CREATE TABLE notes (id int PRIMARY KEY, text text NOT NULL)');
    });
    afterAll(async () => {
      await db.execScript(`DROP SCHEMA ${schema} CASCADE`);
      await db.close();
      await proxy.close();
    });

    const insert = 'INSERT INTO notes (id, text) VALUES ($1, $2) RETURNING id, text';
    const notes = async () => (await db.query<{ id: number }>('SELECT id FROM notes ORDER BY id')).map((row) => row.id);

    it('takes two round trips for a statement and its commit once the connection knows the statement', async () => {
      await db.transaction((tx) => tx.query(insert, [1, 'first use: parsed, with BEGIN on its own']));
      const before = proxy.roundTrips();
      const rows = await db.transaction((tx) => tx.query(insert, [2, 'second use']));
      expect(rows).toEqual([{ id: 2, text: 'second use' }]);
      expect(proxy.roundTrips() - before).toBe(2);
      expect(await notes()).toEqual([1, 2]);
    });

    it('undoes the first statement when the transaction is refused after it', async () => {
      const refused = db.transaction(async (tx) => {
        await tx.query(insert, [3, 'written, then refused']);
        throw new Error('refused after the first statement');
      });
      await expect(refused).rejects.toThrow('refused after the first statement');
      expect(await notes()).toEqual([1, 2]);
    });

    it('rolls back a first statement that fails, and the connection serves the next transaction', async () => {
      await expect(db.transaction((tx) => tx.query(insert, [1, 'a taken id']))).rejects.toMatchObject({
        code: '23505',
      });
      const rows = await db.transaction(async (tx) => {
        await tx.query(insert, [4, 'after the failure']);
        return tx.query<{ id: number }>('SELECT id FROM notes WHERE id = $1', [4]);
      });
      expect(rows).toEqual([{ id: 4 }]);
      expect(await notes()).toEqual([1, 2, 4]);
    });

    it('plans a statement once for the connection in a transaction asking for generic plans, and only there', async () => {
      const read = 'SELECT id, text FROM notes WHERE id = $1';
      const plans = async () =>
        (
          await db.query<{ generic_plans: string; custom_plans: string }>(
            'SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement = $1',
            [read],
          )
        )[0];
      // The first use prepares the statement (BEGIN and the setting in one round trip before it); the next ones are
      // fused with BEGIN and the setting, still two round trips with the commit.
      await db.transaction((tx) => tx.query(read, [1]), { genericPlans: true });
      const before = proxy.roundTrips();
      for (const id of [2, 4]) {
        expect(await db.transaction((tx) => tx.query(read, [id]), { genericPlans: true })).toHaveLength(1);
      }
      expect(proxy.roundTrips() - before).toBe(4);
      expect(await plans()).toMatchObject({ generic_plans: '3', custom_plans: '0' });

      // SET LOCAL ends with the transaction: the next one is planned as PostgreSQL chooses (its first runs: custom).
      await db.transaction((tx) => tx.query(read, [1]));
      expect(await plans()).toMatchObject({ generic_plans: '3', custom_plans: '1' });
      expect(await db.query('SHOW plan_cache_mode')).toEqual([{ plan_cache_mode: 'auto' }]);
    });

    it('begins nothing for a transaction that runs no statement', async () => {
      const before = proxy.roundTrips();
      expect(await db.transaction(async () => 'nothing to do')).toBe('nothing to do');
      expect(proxy.roundTrips() - before).toBe(0);
    });
  });
}
