// The kitchen board's rules: list open orders, move one a step (optimistically, from a known status), cancel one.
import type { OrderStatus } from '../../contract/guest';
import type { Order } from '../../contract/orders';
import type { Database, Queryable } from '../db/database';
import { orderNotFound } from '../orders/order-checks';
import type { KitchenOrder } from '../../contract/kitchen';
import { finishesLines, hasWorkAt, stationsOf, stationView, VOID_SHOWN_HOURS } from '../../src/domain/kitchen';
import { getOrder, SELECT_ORDERS, toOrder, type OrderWithLines } from '../orders/order-store';
import { ADVANCING_STATUSES, nextStatus } from '../orders/order-rules';
import { recordEvent } from '../live/event-store';
import { cannotCancel, noSuchStep, staleMove } from './staff-errors';

export interface BoardQuery {
  status: 'open' | 'all';
  limit: number;
  /** One station's screen: only orders with something still to do there, each with only that station's lines. */
  station?: string;
}

/**
 * `open`: what the kitchen still has to do, oldest first. `all`: everything recent, newest first. With a station, a
 * cancelled order whose lines there were not finished stays (struck through) until the station bumps it.
 */
export async function listBoardOrders(db: Queryable, { status, limit, station }: BoardQuery): Promise<KitchenOrder[]> {
  const open = status === 'open';
  const rows = await db.query<OrderWithLines>(
    `${SELECT_ORDERS}
     WHERE o.order_id IN (
       SELECT order_id FROM orders b
       WHERE ($1::text[] IS NULL OR status = ANY ($1::text[])
              OR ($4::text IS NOT NULL AND status = 'cancelled'
                  AND status_changed_at > now() - make_interval(hours => ${VOID_SHOWN_HOURS})))
         AND ($4::text IS NULL
              OR EXISTS (SELECT 1 FROM order_lines pl
                         WHERE pl.order_id = b.order_id AND pl.station = $4::text AND pl.done_at IS NULL)
              OR EXISTS (SELECT 1 FROM removed_lines rl
                         WHERE rl.order_id = b.order_id AND rl.station = $4::text AND rl.done_at IS NULL))
       ORDER BY CASE WHEN $2 THEN created_at END ASC, CASE WHEN $2 THEN seq END ASC,
                created_at DESC, seq DESC
       LIMIT $3)
     GROUP BY o.order_id
     ORDER BY CASE WHEN $2 THEN o.created_at END ASC, CASE WHEN $2 THEN o.seq END ASC,
              o.created_at DESC, o.seq DESC`,
    [open ? ADVANCING_STATUSES : null, open, limit, station ?? null],
  );
  const orders = rows.map(toOrder);
  if (station === undefined) return orders.map((order) => ({ ...order, stations: stationsOf(order) }));
  return orders.filter((order) => hasWorkAt(order, station)).map((order) => stationView(order, station));
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
    // Moved whole (expo, or a board without stations): every line is done from ready on.
    if (finishesLines(to)) {
      await tx.query('UPDATE order_lines SET done_at = now() WHERE order_id = $1 AND done_at IS NULL', [orderID]);
    }
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
