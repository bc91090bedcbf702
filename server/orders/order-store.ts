// Orders in the database: placing (idempotently), reading, adding and removing lines, moving status on.
import { createHash } from 'node:crypto';
import type { Order, OrderStatus } from '../../src/api/schemas';
import { LIMITS } from '../../src/api/schemas';
import { orderFingerprint, type AddMenuInput, type NewOrderInput } from '../api/request-parsing';
import type { Database, Queryable } from '../db/database';
import {
  cannotAddTo,
  cannotRemoveFrom,
  checkAddedItem,
  checkNewOrder,
  keyReused,
  lastLine,
  lineNotFound,
  orderNotFound,
  tooManyLines,
  type MenuEntry,
} from './order-checks';
import { newOrderId } from './order-id';
import { ADVANCING_STATUSES, canAddLines, canRemoveLines, fromCents } from './order-rules';

/** `GET orders` without an id answers at most this many, newest first. */
export const RECENT_ORDERS_LIMIT = 100;

interface OrderRow {
  order_id: string;
  table_id: number;
  status: OrderStatus;
  note: string;
  created_at: Date;
  updated_at: Date;
}

interface LineRow {
  line_id: number;
  order_id: string;
  menu_id: number;
  name: string;
  unit_price_cents: number;
  quantity: number;
  note: string;
}

const ORDER_COLUMNS = 'order_id, table_id, status, note, created_at, updated_at';

async function withLines(db: Queryable, orders: OrderRow[]): Promise<Order[]> {
  if (orders.length === 0) return [];
  const lines = await db.query<LineRow>(
    `SELECT line_id, order_id, menu_id, name, unit_price_cents, quantity, note
     FROM order_lines WHERE order_id = ANY ($1::text[]) ORDER BY line_id`,
    [orders.map((order) => order.order_id)],
  );
  const byOrder = new Map<string, LineRow[]>();
  for (const line of lines) byOrder.set(line.order_id, [...(byOrder.get(line.order_id) ?? []), line]);
  return orders.map((order) => {
    const own = byOrder.get(order.order_id) ?? [];
    const totalCents = own.reduce((sum, line) => sum + line.unit_price_cents * line.quantity, 0);
    return {
      orderID: order.order_id,
      table_id: order.table_id,
      status: order.status,
      items: own.map((line) => ({
        line_id: line.line_id,
        menu_id: line.menu_id,
        name: line.name,
        price: fromCents(line.unit_price_cents),
        quantity: line.quantity,
        note: line.note,
      })),
      note: order.note,
      total: fromCents(totalCents),
      created_at: new Date(order.created_at).toISOString(),
      updated_at: new Date(order.updated_at).toISOString(),
    };
  });
}

async function readOrder(db: Queryable, orderID: string): Promise<Order | undefined> {
  const rows = await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE order_id = $1`, [orderID]);
  const [order] = await withLines(db, rows);
  return order;
}

export async function getOrder(db: Queryable, orderID: string): Promise<Order> {
  const order = await readOrder(db, orderID);
  if (!order) throw orderNotFound(orderID);
  return order;
}

export async function listRecentOrders(db: Queryable, limit = RECENT_ORDERS_LIMIT): Promise<Order[]> {
  const rows = await db.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders ORDER BY created_at DESC, seq DESC LIMIT $1`,
    [limit],
  );
  return withLines(db, rows);
}

async function menuEntries(db: Queryable, ids: readonly number[]): Promise<Map<number, MenuEntry>> {
  const rows = await db.query<MenuEntry>(
    `SELECT id, name, available, price_cents AS "priceCents" FROM menu_items WHERE id = ANY ($1::int[])`,
    [[...new Set(ids)]],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

const hashRequest = (order: NewOrderInput) => createHash('sha256').update(orderFingerprint(order)).digest('hex');

/** The order an Idempotency-Key already produced, if any; a different request under the same key is refused. */
async function replayed(db: Queryable, key: string, requestHash: string): Promise<Order | undefined> {
  const [row] = await db.query<{ order_id: string; request_hash: string | null }>(
    'SELECT order_id, request_hash FROM orders WHERE idempotency_key = $1',
    [key],
  );
  if (!row) return undefined;
  if (row.request_hash !== requestHash) throw keyReused();
  return getOrder(db, row.order_id);
}

export interface PlacedOrder {
  order: Order;
  /** False when the Idempotency-Key had already placed this order and it is answered again. */
  created: boolean;
}

/**
 * Places an order priced from the menu in the database. With an Idempotency-Key, the same key always yields
 * the same single order: the unique constraint on `idempotency_key` arbitrates concurrent requests (on
 * PostgreSQL the losing INSERT waits for the winner's commit, then does nothing and reads the winner's order).
 */
export async function placeOrder(db: Database, input: NewOrderInput, idempotencyKey?: string): Promise<PlacedOrder> {
  const requestHash = hashRequest(input);
  return db.transaction(async (tx) => {
    if (idempotencyKey !== undefined) {
      const earlier = await replayed(tx, idempotencyKey, requestHash);
      if (earlier) return { order: earlier, created: false };
    }

    const [table] = await tx.query('SELECT id FROM dining_tables WHERE id = $1', [input.table_id]);
    const menu = await menuEntries(tx, input.items.map((line) => line.menu_id));
    checkNewOrder(input, menu, table !== undefined);

    let orderID: string | undefined;
    // A fresh random id can collide with an existing one (about 1 in 10^12 per order at 1,000 orders);
    // ON CONFLICT without a target also absorbs that, so try again with another id.
    for (let attempt = 0; attempt < 5 && orderID === undefined; attempt++) {
      const [inserted] = await tx.query<{ order_id: string }>(
        `INSERT INTO orders (order_id, table_id, note, idempotency_key, request_hash)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT DO NOTHING RETURNING order_id`,
        [newOrderId(), input.table_id, input.note ?? '', idempotencyKey ?? null, idempotencyKey ? requestHash : null],
      );
      if (inserted) {
        orderID = inserted.order_id;
      } else if (idempotencyKey !== undefined) {
        // Lost the race to a concurrent request with the same key, which has committed by now.
        const winner = await replayed(tx, idempotencyKey, requestHash);
        if (winner) return { order: winner, created: false };
      }
    }
    if (orderID === undefined) throw new Error('Could not allocate an order id');

    await tx.query(
      `INSERT INTO order_lines (order_id, menu_id, name, unit_price_cents, quantity, note)
       SELECT $1, l.menu_id, m.name, m.price_cents, l.quantity, l.note
       FROM unnest($2::int[], $3::int[], $4::text[]) WITH ORDINALITY AS l(menu_id, quantity, note, position)
       JOIN menu_items m ON m.id = l.menu_id
       ORDER BY l.position`,
      [
        orderID,
        input.items.map((line) => line.menu_id),
        input.items.map((line) => line.quantity),
        input.items.map((line) => line.note ?? ''),
      ],
    );
    return { order: await getOrder(tx, orderID), created: true };
  });
}

/** Locks the order row for the rest of the transaction, so the kitchen cannot move it mid-change. */
async function lockOrder(tx: Queryable, orderID: string): Promise<OrderRow> {
  const [order] = await tx.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE order_id = $1 FOR UPDATE`, [
    orderID,
  ]);
  if (!order) throw orderNotFound(orderID);
  return order;
}

const touch = (tx: Queryable, orderID: string) =>
  tx.query('UPDATE orders SET updated_at = now() WHERE order_id = $1', [orderID]);

export async function addLine(db: Database, input: AddMenuInput): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderID);
    if (!canAddLines(order.status)) throw cannotAddTo(order.order_id, order.status);
    const entry = (await menuEntries(tx, [input.menu_id])).get(input.menu_id);
    checkAddedItem(input.menu_id, entry);
    const [{ lines } = { lines: 0 }] = await tx.query<{ lines: number }>(
      'SELECT count(*)::int AS lines FROM order_lines WHERE order_id = $1',
      [order.order_id],
    );
    if (lines >= LIMITS.linesPerOrder) throw tooManyLines(order.order_id, LIMITS.linesPerOrder);
    await tx.query(
      `INSERT INTO order_lines (order_id, menu_id, name, unit_price_cents, quantity, note)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [order.order_id, entry.id, entry.name, entry.priceCents, input.quantity, input.note ?? ''],
    );
    await touch(tx, order.order_id);
    return getOrder(tx, order.order_id);
  });
}

export async function removeLine(db: Database, orderID: string, lineId: number): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderID);
    const lines = await tx.query<{ line_id: number }>('SELECT line_id FROM order_lines WHERE order_id = $1', [
      order.order_id,
    ]);
    if (!lines.some((line) => line.line_id === lineId)) throw lineNotFound(order.order_id, lineId);
    if (!canRemoveLines(order.status)) throw cannotRemoveFrom(order.order_id, order.status);
    if (lines.length === 1) throw lastLine();
    await tx.query('DELETE FROM order_lines WHERE order_id = $1 AND line_id = $2', [order.order_id, lineId]);
    await touch(tx, order.order_id);
    return getOrder(tx, order.order_id);
  });
}

// The kitchen's path as SQL; must match nextStatus() in order-rules.
const NEXT_STATUS_SQL = `CASE status WHEN 'received' THEN 'preparing' WHEN 'preparing' THEN 'ready' WHEN 'ready' THEN 'served' END`;

/** Moves every order that has spent `paceSeconds` in its status one step on. One statement, so it is atomic. */
export async function advanceDueOrders(db: Queryable, paceSeconds: number): Promise<number> {
  const moved = await db.query(
    `UPDATE orders
     SET status = ${NEXT_STATUS_SQL}, status_changed_at = now(), updated_at = now()
     WHERE status = ANY ($1::text[]) AND status_changed_at <= now() - make_interval(secs => $2::float8)
     RETURNING order_id`,
    [ADVANCING_STATUSES, paceSeconds],
  );
  return moved.length;
}

/** Moves one order a step on right away, whatever its timing (tests and demos); unknown order is 404. */
export async function advanceOrder(db: Queryable, orderID: string): Promise<Order> {
  await db.query(
    `UPDATE orders
     SET status = ${NEXT_STATUS_SQL}, status_changed_at = now(), updated_at = now()
     WHERE order_id = $1 AND status = ANY ($2::text[])`,
    [orderID, ADVANCING_STATUSES],
  );
  return getOrder(db, orderID);
}
