// Who may follow one order's events: the guest holding its key (or staff), as for GET orders?orderID.
import type { Queryable } from '../db/database';
import type { OrderKeys } from '../orders/order-access';

/**
 * True when a guest presenting `key` (the X-Order-Key header, maybe absent) may follow `orderID`'s events. The stream
 * answers 404 whenever this is false, the same as an unknown order, so ids cannot be probed.
 */
export async function canFollowOrder(
  db: Queryable,
  keys: OrderKeys,
  orderID: string,
  key: string | undefined,
): Promise<boolean> {
  if (!keys.canAccessOrder(key === undefined ? {} : { orderKey: key }, orderID)) return false;
  const rows = await db.query('SELECT 1 FROM orders WHERE order_id = $1', [orderID]);
  return rows.length > 0;
}
