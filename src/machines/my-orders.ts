// The orders placed from this device, newest first, so a guest can find their way back to them.
import { z } from 'zod';
import { MY_ORDERS_KEY } from '../api/device-keys';
import { idSchema, orderIdSchema, orderKeySchema } from '../api/schemas';

export { MY_ORDERS_KEY };
/** Enough for a long evening at one table; older ones fall off the end. */
export const MY_ORDERS_LIMIT = 30;

export interface MyOrder {
  orderID: string;
  table_id: number;
  /** ISO 8601, from this device's clock. */
  placed_at: string;
  /** The order's key (contract v1.1): sent with every call about the order. A v1 provider gives none. */
  order_key?: string;
}

const myOrderSchema = z.object({
  orderID: orderIdSchema,
  table_id: idSchema,
  placed_at: z.string(),
  order_key: orderKeySchema.optional().catch(undefined),
});

/** The remembered orders, newest first; anything unreadable in the list is skipped, never fatal. */
export function readMyOrders(): MyOrder[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(MY_ORDERS_KEY) ?? '[]');
    if (!Array.isArray(value)) return [];
    return value.flatMap((entry) => {
      const parsed = myOrderSchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
  } catch {
    return [];
  }
}

/** Puts the order first; placing the same order again (a resumed attempt) does not list it twice. */
export function rememberOrder(order: MyOrder): void {
  const list = [order, ...readMyOrders().filter((known) => known.orderID !== order.orderID)].slice(0, MY_ORDERS_LIMIT);
  try {
    localStorage.setItem(MY_ORDERS_KEY, JSON.stringify(list));
  } catch (error) {
    // Not fatal: the guest is on the order's page, whose address leads back to it.
    console.error('Could not remember the order on this device', error);
  }
}
