// The kitchen moves orders on by itself at its pace, and summary follows the real open orders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summarySchema, type Order, type OrderStatus } from '../../contract/guest';
import type { RunningProvider } from '../../server/start';
import { callApi, fetchOrder, placeOrder, startTestProvider } from './helpers';

const PACE_SECONDS = 0.4;

async function waitForStatus(url: string, placed: Order, status: OrderStatus, timeoutMs: number): Promise<Order> {
  const started = Date.now();
  for (;;) {
    const order = await fetchOrder(url, placed);
    if (order?.status === status) return order;
    if (Date.now() - started > timeoutMs)
      throw new Error(`Order ${placed.orderID} is ${order?.status}, not ${status}, after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('kitchen', () => {
  let provider: RunningProvider;
  beforeAll(async () => {
    provider = await startTestProvider({ kitchenSeconds: PACE_SECONDS });
  });
  afterAll(async () => {
    await provider.close();
  });

  it('moves an order received → preparing → ready → served, one step per pace, and no further', async () => {
    const order = await placeOrder(provider.url);
    expect(order.status).toBe('received');
    const limit = PACE_SECONDS * 1000 * 4;
    const preparing = await waitForStatus(provider.url, order, 'preparing', limit);
    await waitForStatus(provider.url, order, 'ready', limit);
    await waitForStatus(provider.url, order, 'served', limit);
    // Not before its pace: a step never comes early. Both times are the database's own, so no clock skew or
    // request latency enters the comparison.
    expect(Date.parse(preparing.updated_at) - Date.parse(preparing.created_at)).toBeGreaterThanOrEqual(
      PACE_SECONDS * 1000,
    );
    await new Promise((resolve) => setTimeout(resolve, PACE_SECONDS * 1000 * 2));
    const served = await fetchOrder(provider.url, order);
    expect(served?.status).toBe('served');
    expect(Date.parse(served?.updated_at ?? '')).toBeGreaterThan(Date.parse(order.updated_at));
  });

  it('summary counts an order as open until it is ready', async () => {
    // A provider of its own: the counts must not depend on orders another test left moving.
    const own = await startTestProvider({ kitchenSeconds: PACE_SECONDS });
    try {
      const readSummary = async () => summarySchema.parse(await (await callApi(own.url, 'summary')).json());
      expect((await readSummary()).open_orders).toBe(0);
      const order = await placeOrder(own.url);
      expect((await readSummary()).open_orders).toBe(1);
      await waitForStatus(own.url, order, 'ready', PACE_SECONDS * 1000 * 6);
      expect((await readSummary()).open_orders).toBe(0);
    } finally {
      await own.close();
    }
  });
});
