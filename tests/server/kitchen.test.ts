// The kitchen moves orders on by itself at its pace, and summary follows the real open orders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summarySchema } from '../../contract/guest';
import { type Order } from '../../contract/orders';
import type { RunningProvider } from '../../server/start';
import { callApi, fetchOrder, placeOrder, startTestProvider } from './helpers';

// Long enough that nothing falls due while a test runs: the tests make time pass on the database's clock instead.
const PACE_SECONDS = 600;

describe('kitchen', () => {
  let provider: RunningProvider;
  beforeAll(async () => {
    provider = await startTestProvider({ kitchenSeconds: PACE_SECONDS });
  });
  afterAll(async () => {
    await provider.close();
  });

  /** As if a pace had gone by since the order's last step: its step time moves back, as the database reads it. */
  const aPaceLater = (order: Order) =>
    provider.db.query(
      `UPDATE orders SET status_changed_at = status_changed_at - make_interval(secs => $2) WHERE order_id = $1`,
      [order.orderID, PACE_SECONDS],
    );
  const statusOf = async (order: Order) => (await fetchOrder(provider.url, order))?.status;

  it('moves an order received → preparing → ready → served, one step per pace, and no further', async () => {
    const order = await placeOrder(provider.url);
    expect(order.status).toBe('received');
    // Not before its pace: a step never comes early.
    expect(await provider.kitchen.tick()).toBe(0);
    expect(await statusOf(order)).toBe('received');
    for (const status of ['preparing', 'ready', 'served']) {
      await aPaceLater(order);
      expect(await provider.kitchen.tick()).toBe(1);
      expect(await statusOf(order)).toBe(status);
      // One step per pace: the step just taken starts the next pace.
      expect(await provider.kitchen.tick()).toBe(0);
    }
    await aPaceLater(order);
    expect(await provider.kitchen.tick()).toBe(0);
    const served = await fetchOrder(provider.url, order);
    expect(served?.status).toBe('served');
    expect(Date.parse(served?.updated_at ?? '')).toBeGreaterThan(Date.parse(order.updated_at));
  });

  it('summary counts an order as open until it is ready', async () => {
    const readSummary = async () => summarySchema.parse(await (await callApi(provider.url, 'summary')).json());
    const before = (await readSummary()).open_orders;
    const order = await placeOrder(provider.url);
    expect((await readSummary()).open_orders).toBe(before + 1);
    await aPaceLater(order);
    await provider.kitchen.tick();
    expect(await statusOf(order)).toBe('preparing');
    expect((await readSummary()).open_orders).toBe(before + 1);
    await aPaceLater(order);
    await provider.kitchen.tick();
    expect(await statusOf(order)).toBe('ready');
    expect((await readSummary()).open_orders).toBe(before);
  });
});

describe('the kitchen worker', () => {
  it('takes every step by itself at its pace, never before it', async () => {
    const pace = 0.2;
    const own = await startTestProvider({ kitchenSeconds: pace });
    try {
      const order = await placeOrder(own.url);
      await expect.poll(async () => (await fetchOrder(own.url, order))?.status, { timeout: 10_000 }).toBe('served');
      const served = await fetchOrder(own.url, order);
      // Both times are the database's own, so no clock skew or request latency enters the comparison.
      expect(Date.parse(served?.updated_at ?? '') - Date.parse(order.created_at)).toBeGreaterThanOrEqual(
        3 * pace * 1000,
      );
    } finally {
      await own.close();
    }
  });
});
