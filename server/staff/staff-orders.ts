// The kitchen board's rules: list open orders, move one a step (optimistically, from a known status), cancel one.
import type { Order, OrderStatus } from '../../contract/guest';
import type { Database, Queryable } from '../db/database';
import { orderNotFound } from '../orders/order-checks';
import { getOrder, SELECT_ORDERS, toOrder, type OrderWithLines } from '../orders/order-store';
import { ADVANCING_STATUSES, nextStatus } from '../orders/order-rules';
import { recordEvent } from '../live/event-store';
import { cannotCancel, noSuchStep, staleMove } from './staff-errors';

export interface BoardQuery {
  status: 'open' | 'all';
  limit: number;
}

/** `open`: what the kitchen still has to do, oldest first. `all`: everything recent, newest first. */
export async function listBoardOrders(db: Queryable, { status, limit }: BoardQuery): Promise<Order[]> {
  const open = status === 'open';
  const rows = await db.query<OrderWithLines>(
    `${SELECT_ORDERS}
     WHERE o.order_id IN (
       SELECT order_id FROM orders
       WHERE $1::text[] IS NULL OR status = ANY ($1::text[])
       ORDER BY CASE WHEN $2 THEN created_at END ASC, CASE WHEN $2 THEN seq END ASC,
                created_at DESC, seq DESC
       LIMIT $3)
     GROUP BY o.order_id
     ORDER BY CASE WHEN $2 THEN o.created_at END ASC, CASE WHEN $2 THEN o.seq END ASC,
              o.created_at DESC, o.seq DESC`,
    [open ? ADVANCING_STATUSES : null, open, limit],
  );
  return rows.map(toOrder);
}

async function lockStatus(tx: Queryable, orderID: string): Promise<OrderStatus> {
  const [row] = await tx.query<{ status: OrderStatus }>('SELECT status FROM orders WHERE order_id = $1 FOR UPDATE', [
    orderID,
  ]);
  if (!row) throw orderNotFound(orderID);
  return row.status;
}

/** The order as it now is, recorded as the `order` event its guest and the staff receive (contract: the whole Order). */
async function recordOrderChange(tx: Queryable, orderID: string): Promise<Order> {
  const order = await getOrder(tx, orderID);
  await recordEvent(tx, { type: 'order', orderId: orderID, payload: order });
  return order;
}

/**
 * Moves an order from `from` to the next step. The row is locked first, so of two cooks tapping the same card
 * one moves it and the other gets 409 stale.
 */
export async function moveOrder(db: Database, orderID: string, from: OrderStatus, to: OrderStatus) {
  if (nextStatus(from) !== to) throw noSuchStep(from, to);
  return db.transaction(async (tx) => {
    const current = await lockStatus(tx, orderID);
    if (current !== from) throw staleMove(orderID, from, current);
    await tx.query('UPDATE orders SET status = $2, status_changed_at = now(), updated_at = now() WHERE order_id = $1', [
      orderID,
      to,
    ]);
    return recordOrderChange(tx, orderID);
  });
}

/** Cancels an order not yet served, keeping the reason the guest will see. */
export async function cancelOrder(db: Database, orderID: string, reason: string): Promise<Order> {
  return db.transaction(async (tx) => {
    const current = await lockStatus(tx, orderID);
    if (current === 'served' || current === 'cancelled') throw cannotCancel(orderID, current);
    await tx.query(
      `UPDATE orders SET status = 'cancelled', cancel_reason = $2, status_changed_at = now(), updated_at = now()
       WHERE order_id = $1`,
      [orderID, reason],
    );
    return recordOrderChange(tx, orderID);
  });
}
