// One order's wait from the kitchen's real queue (GET orders/estimate): the tickets ahead of it at its stations.
import type { OrderStatus } from '../../contract/guest';
import type { OrderEstimate } from '../../contract/orders';
import { STATION_DEFAULTS } from '../../contract/kitchen';
import { orderWait, type QueueTicket } from '../../src/domain/kitchen';
import type { Queryable } from '../db/database';
import { orderNotFound } from '../orders/order-checks';

// Only what can be ahead of this order: open orders placed before it (or with it), at the stations it still waits for,
// each with the slowest preparation time of its lines still to make there.
const QUEUE = `
  WITH me AS (SELECT order_id, status, created_at, seq FROM orders WHERE order_id = $1),
  mine AS (SELECT DISTINCT station FROM order_lines WHERE order_id = $1 AND done_at IS NULL)
  SELECT (SELECT status FROM me) AS status,
         (SELECT json_agg(json_build_object('station', k.station, 'parallel', k.parallel))
          FROM kitchen_stations k WHERE k.station IN (SELECT station FROM mine)) AS parallel,
         (SELECT json_agg(q) FROM (
            SELECT o.order_id AS "orderID", l.station, (extract(epoch FROM o.created_at) * 1000)::float8 AS "placedAt",
                   o.seq AS sequence, max(m.prep_minutes)::int AS "prepMinutes"
            FROM orders o
            JOIN order_lines l ON l.order_id = o.order_id AND l.done_at IS NULL
            JOIN menu_items m ON m.id = l.menu_id
            WHERE o.status IN ('received', 'preparing') AND l.station IN (SELECT station FROM mine)
              AND (o.created_at, o.seq) <= (SELECT created_at, seq FROM me)
            GROUP BY o.order_id, l.station, o.created_at, o.seq) q) AS tickets`;

export async function readOrderEstimate(db: Queryable, orderID: string, now: Date): Promise<OrderEstimate> {
  const [row] = await db.query<{
    status: OrderStatus | null;
    parallel: { station: string; parallel: number }[] | null;
    tickets: QueueTicket[] | null;
  }>(QUEUE, [orderID]);
  if (!row?.status) throw orderNotFound(orderID);
  const parallel = new Map((row.parallel ?? []).map((entry) => [entry.station, entry.parallel]));
  const open = row.status === 'received' || row.status === 'preparing';
  const wait = orderWait(
    open ? (row.tickets ?? []).map((ticket) => ({ ...ticket, sequence: Number(ticket.sequence) })) : [],
    orderID,
    (station) => parallel.get(station) ?? STATION_DEFAULTS.parallel,
    now.getTime(),
  );
  return { orderID, status: row.status, ...wait };
}
