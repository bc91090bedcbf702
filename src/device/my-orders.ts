// The orders placed from this device, newest first, so a guest can find their way back to them.
import * as z from 'zod/mini';
import { idSchema, orderIdSchema, orderKeySchema } from '../../contract/guest';
import { deviceStore } from './device-store';

export const MY_ORDERS_KEY = 'my_orders';
/** Enough for a long evening at one table; older ones fall off the end. */
export const MY_ORDERS_LIMIT = 30;

// Loose: fields a later version adds to an entry survive this version rewriting the list.
const myOrderSchema = z.looseObject({
  orderID: orderIdSchema,
  table_id: idSchema,
  /** ISO 8601, from this device's clock. */
  placed_at: z.string(),
  /** The order's key (contract v1.1), sent with every call about the order; a v1 provider gives none. */
  order_key: z.catch(z.optional(orderKeySchema), undefined),
});

export type MyOrder = z.output<typeof myOrderSchema>;

/** Anything unreadable in the list is skipped, never fatal. */
const myOrdersSchema = z.pipe(
  z.array(z.unknown()),
  z.transform((list: unknown[]) =>
    list.flatMap((entry) => {
      const parsed = myOrderSchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    }),
  ),
);

export const myOrdersStore = deviceStore(MY_ORDERS_KEY, myOrdersSchema, {
  storage: 'local',
  // Not fatal: the guest is on the order's page, whose address leads back to it.
  writeFailure: 'Could not remember the order on this device',
});

const NONE: MyOrder[] = [];

/** The remembered orders, newest first; the same stored text gives the same list. */
export function readMyOrders(): MyOrder[] {
  const read = myOrdersStore.read();
  return read.status === 'ok' ? read.value : NONE;
}

/** Puts the order first; placing the same order again (a resumed attempt) does not list it twice. */
export function rememberOrder(order: MyOrder): void {
  const list = [order, ...readMyOrders().filter((known) => known.orderID !== order.orderID)].slice(0, MY_ORDERS_LIMIT);
  myOrdersStore.write(list);
}

/** The key of an order placed from this device, if its provider gave one. */
export function orderKeyFor(orderID: string): string | undefined {
  const wanted = orderID.trim().toUpperCase();
  return readMyOrders().find((order) => order.orderID.toUpperCase() === wanted)?.order_key || undefined;
}
