// Orders placed straight through the API, then known to the browser as if this device had placed them (with their keys).
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface PlacedOrder {
  orderID: string;
  table_id: number;
  order_key?: string;
}

/** POST orders as the app would, answering the order's id and key. */
export async function placeOrderByApi(
  request: APIRequestContext,
  origin: string,
  order: { table_id: number; items: { menu_id: number; quantity: number; note?: string }[] },
): Promise<PlacedOrder> {
  // A kept-alive connection the provider closes as idle just as the order goes out is reset and sent again, with the
  // same key so it can never make two orders.
  const response = await request.post(`${origin}/api/v1/orders`, {
    headers: { Authorization: 'Bearer demo-token', 'Idempotency-Key': randomUUID() },
    data: order,
    maxRetries: 2,
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as PlacedOrder;
}

/** Puts the order in this browser's localStorage.my_orders before the app loads, as placing it here would have. */
export async function rememberOnDevice(page: Page, order: PlacedOrder): Promise<void> {
  await page.addInitScript(
    (entry) => {
      const list = JSON.parse(localStorage.getItem('my_orders') ?? '[]') as { orderID: string }[];
      if (!list.some((known) => known.orderID === entry.orderID))
        localStorage.setItem('my_orders', JSON.stringify([entry, ...list]));
    },
    {
      orderID: order.orderID,
      table_id: order.table_id,
      order_key: order.order_key,
      placed_at: new Date().toISOString(),
    },
  );
}
