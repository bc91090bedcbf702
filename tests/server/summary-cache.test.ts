// The summary cache's rule (one query for every read while it is fresh, a new one after a second or a change, a
// failure kept by nobody), and a provider's summary showing its own changes at once.
import { describe, expect, it } from 'vitest';
import { summarySchema } from '../../contract/guest';
import { createSummaryCache } from '../../server/catalog/summary-cache';
import { callApi, placeOrder, startTestProvider } from './helpers';

/** A query the test answers by hand, counting how often it was asked. */
function manualQuery() {
  const pending: { resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  return {
    pending,
    get calls() {
      return pending.length;
    },
    query: () =>
      new Promise<number>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  };
}

function setUp(ttlMs = 1_000) {
  let now = 10_000;
  const db = manualQuery();
  const cache = createSummaryCache(db.query, { ttlMs, clock: () => now });
  return {
    db,
    cache,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('createSummaryCache', () => {
  it('answers every read made while a query runs with that one query', async () => {
    const { db, cache } = setUp();
    const reads = Array.from({ length: 20 }, () => cache.read());
    expect(db.calls).toBe(1);
    db.pending[0]?.resolve(7);
    expect(await Promise.all(reads)).toEqual(Array.from({ length: 20 }, () => 7));
  });

  it('reuses an answer for less than the TTL, counted from when its query started, then queries again', async () => {
    const { db, cache, advance } = setUp(1_000);
    const first = cache.read();
    advance(400);
    db.pending[0]?.resolve(1);
    expect(await first).toBe(1);
    advance(599);
    expect(await cache.read()).toBe(1);
    expect(db.calls).toBe(1);
    advance(1);
    const second = cache.read();
    expect(db.calls).toBe(2);
    db.pending[1]?.resolve(2);
    expect(await second).toBe(2);
  });

  it('queries again after a change, even while an older query is still running', async () => {
    const { db, cache } = setUp();
    const before = cache.read();
    cache.invalidate();
    const after = cache.read();
    expect(db.calls).toBe(2);
    db.pending[0]?.resolve(1);
    db.pending[1]?.resolve(2);
    expect([await before, await after]).toEqual([1, 2]);
    // The answer started after the change is the one kept.
    expect(await cache.read()).toBe(2);
    expect(db.calls).toBe(2);
  });

  it('does not keep a failed query: its readers get the failure, the next read asks again', async () => {
    const { db, cache } = setUp();
    const failing = [cache.read(), cache.read()];
    db.pending[0]?.reject(new Error('connection lost'));
    for (const read of failing) await expect(read).rejects.toThrow('connection lost');
    const retried = cache.read();
    expect(db.calls).toBe(2);
    db.pending[1]?.resolve(3);
    expect(await retried).toBe(3);
  });

  it('queries on every read with a TTL of 0', async () => {
    const { db, cache } = setUp(0);
    const reads = [cache.read(), cache.read()];
    expect(db.calls).toBe(2);
    db.pending.forEach((call, index) => call.resolve(index));
    expect(await Promise.all(reads)).toEqual([0, 1]);
  });
});

describe("a provider's summary after its own changes", () => {
  it('shows an order placed or moved through this process at once, without waiting for its live hub', async () => {
    // A minute's cache and a hub that never drops it: only the process's own writes can make it read again.
    const provider = await startTestProvider({ summaryCacheMs: 60_000, live: { onSummaryChange: () => undefined } });
    try {
      const openOrders = async () =>
        summarySchema.parse(await (await callApi(provider.url, 'summary')).json()).open_orders;
      expect(await openOrders()).toBe(0);
      const order = await placeOrder(provider.url);
      expect(await openOrders()).toBe(1);
      await provider.kitchen.advance(order.orderID); // preparing: still open
      await provider.kitchen.advance(order.orderID); // ready
      expect(await openOrders()).toBe(0);
    } finally {
      await provider.close();
    }
  });
});
