// Two provider processes on one PostgreSQL database: a move made through one reaches the other's streams, a
// reconnect replays what it missed, killing one process loses nothing for the other's clients, and one's orders
// reach the other's cached summary.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summarySchema } from '../../contract/guest';
import { startProvider, type RunningProvider } from '../../server/start';
import { adminQuery } from '../support/postgres-admin';
import { openSse, type LiveEvent } from '../support/sse-reader';
import { startProviderChild, urlWithSchema, type ProviderChild } from '../support/provider-child';
import { callApi, placeOrder } from './helpers';

const databaseUrl = process.env.DATABASE_URL;

const statusOf = (event: LiveEvent) => (event.data as { status?: string }).status;
const isStatus = (status: string) => (event: LiveEvent) => event.type === 'order' && statusOf(event) === status;

if (databaseUrl) {
  describe('live events across two provider processes on PostgreSQL', () => {
    const schema = `live_${process.pid}_${Date.now().toString(36)}`;
    let processA: ProviderChild;
    let processB: RunningProvider;

    beforeAll(async () => {
      await adminQuery(databaseUrl, `CREATE SCHEMA ${schema}`);
      // B is this test's own process (its kitchen makes the moves); A is a separate node process.
      processB = await startProvider({ storage: { kind: 'postgres', connectionString: databaseUrl, schema } });
      processA = await startProviderChild({ DATABASE_URL: urlWithSchema(databaseUrl, schema) });
    });

    afterAll(async () => {
      await processA?.stop();
      await processB?.close();
      await adminQuery(databaseUrl, `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    });

    it('a move made through B reaches a guest on A; a reconnect replays; killing A loses nothing', async () => {
      const order = await placeOrder(processA.url);
      const onA = await openSse(processA.url, { orderID: order.orderID, orderKey: order.order_key });
      const onB = await openSse(processB.url, { orderID: order.orderID, orderKey: order.order_key });

      const moved = performance.now();
      await processB.kitchen.advance(order.orderID);
      const preparing = await onA.waitFor(isStatus('preparing'));
      console.log(`A move through process B reached a stream on process A in ${(preparing.at - moved).toFixed(0)} ms`);

      // The guest on A drops off; a move happens meanwhile; it comes back to A with the last id it saw.
      onA.close();
      await processB.kitchen.advance(order.orderID);
      const back = await openSse(processA.url, {
        orderID: order.orderID,
        orderKey: order.order_key,
        lastEventId: preparing.id,
      });
      await back.waitFor(isStatus('ready'));

      // A dies without a goodbye; B's client keeps getting every move, and A's client, moving to B, misses none.
      await processA.stop('SIGKILL');
      await back.ended;
      await processB.kitchen.advance(order.orderID);
      await onB.waitFor(isStatus('served'));
      const lastOnA = back.events.at(-1)?.id;
      const movedToB = await openSse(processB.url, {
        orderID: order.orderID,
        orderKey: order.order_key,
        lastEventId: lastOnA,
      });
      await movedToB.waitFor(isStatus('served'));

      const seenByGuestOnA = [preparing, ...back.events, ...movedToB.events].filter((e) => e.type === 'order');
      expect(seenByGuestOnA.map(statusOf)).toEqual(['preparing', 'ready', 'served']);
      // B's stream opened right after placing: it may also get the placing event ('received'), which B's reader
      // may find (by its poll: new orders send no NOTIFY) after the stream opened. Only the moves are compared.
      const movesOnB = onB.events.filter((e) => e.type === 'order' && statusOf(e) !== 'received');
      expect(movesOnB.map(statusOf)).toEqual(['preparing', 'ready', 'served']);
      expect(seenByGuestOnA.map((e) => e.id)).toEqual(movesOnB.map((e) => e.id));
      onB.close();
      movedToB.close();
    });

    // Writers do not take turns for event ids (migration 009): a transaction may commit a later id while an earlier
    // one is still open. Streams must still get every event, in id order.
    describe('events committed out of id order', () => {
      let writer: pg.Client;

      beforeAll(async () => {
        writer = new pg.Client({ connectionString: urlWithSchema(databaseUrl, schema) });
        await writer.connect();
      });
      afterAll(() => writer.end());

      // A stream opened right after placing may still get the order's placing event ('received'): not looked at here.
      const moves = (events: LiveEvent[]) =>
        events.filter((event) => event.type === 'order' && statusOf(event) !== 'received');

      /** Opens a transaction that has taken the next event id for `orderID` and is not committed yet. */
      async function holdAnEventId(orderID: string): Promise<void> {
        await writer.query('BEGIN');
        await writer.query(`INSERT INTO events (type, order_id, payload) VALUES ('order', $1, $2::jsonb)`, [
          orderID,
          JSON.stringify({ orderID, status: 'held' }),
        ]);
      }

      it('holds later events back until the earlier id commits, then sends both in id order', async () => {
        const first = await placeOrder(processB.url);
        const second = await placeOrder(processB.url);
        const onFirst = await openSse(processB.url, { orderID: first.orderID, orderKey: first.order_key });
        const onSecond = await openSse(processB.url, { orderID: second.orderID, orderKey: second.order_key });

        await holdAnEventId(first.orderID);
        await processB.kitchen.advance(first.orderID);
        await processB.kitchen.advance(second.orderID);
        await writer.query('COMMIT');

        await onSecond.waitFor(isStatus('preparing'));
        await onFirst.waitFor(isStatus('preparing'));
        const firstEvents = moves(onFirst.events);
        expect(firstEvents.map(statusOf)).toEqual(['held', 'preparing']);
        expect(firstEvents[0]!.id!).toBeLessThan(firstEvents[1]!.id!);
        expect(firstEvents[1]!.id!).toBeLessThan(onSecond.events.find(isStatus('preparing'))!.id!);
        onFirst.close();
        onSecond.close();
      });

      it('passes over an id whose transaction rolled back, without waiting for another event', async () => {
        const order = await placeOrder(processB.url);
        const guest = await openSse(processB.url, { orderID: order.orderID, orderKey: order.order_key });

        await holdAnEventId(order.orderID);
        await processB.kitchen.advance(order.orderID);
        await writer.query('ROLLBACK');

        await guest.waitFor(isStatus('preparing'));
        expect(moves(guest.events).map(statusOf)).toEqual(['preparing']);
        guest.close();
      });
    });

    it('listens again after losing its listening connection, and delivers what was committed meanwhile', async () => {
      const order = await placeOrder(processB.url);
      const guest = await openSse(processB.url, { orderID: order.orderID, orderKey: order.order_key });
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      const [ended] = (
        await admin.query<{ ended: boolean }>(
          'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = $1',
          [`amber-events-listener-${process.pid}`],
        )
      ).rows;
      await admin.end();
      expect(ended?.ended).toBe(true);
      await processB.kitchen.advance(order.orderID);
      await guest.waitFor(isStatus('preparing'));
      guest.close();
    });

    it("drops a process's cached summary as soon as its hub reads another process's order", async () => {
      // A cache that would otherwise keep its answer for a minute: only the event can make it read again.
      const processC = await startProvider({
        storage: { kind: 'postgres', connectionString: databaseUrl, schema },
        summaryCacheMs: 60_000,
      });
      try {
        const summaryOn = async (url: string) => summarySchema.parse(await (await callApi(url, 'summary')).json());
        const publicStream = await openSse(processC.url);
        const before = await summaryOn(processC.url);
        await placeOrder(processB.url);
        // C's hub sends a summary once it has read the order's event; the cache must not answer it from before.
        const pushed = summarySchema.parse((await publicStream.waitFor((event) => event.type === 'summary')).data);
        expect(pushed.open_orders).toBe(before.open_orders + 1);
        expect((await summaryOn(processC.url)).open_orders).toBe(before.open_orders + 1);
        publicStream.close();
      } finally {
        await processC.close();
      }
    });
  });
}
