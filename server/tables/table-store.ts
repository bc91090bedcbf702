// What a table's guests may see and ask for: their seating's orders and service requests, by the seating's key.
import type { ServiceRequest, ServiceRequestKind, TableBill } from '../../contract/orders';
import type { Database, Queryable } from '../db/database';
import { recordEvent } from '../live/event-store';
import { fromCents, toCents } from '../orders/order-rules';
import { SELECT_ORDERS, toOrder, type OrderWithLines } from '../orders/order-store';
import { seatingByKey, tableByKey } from './seatings';
import { requestNotFound } from './table-errors';

interface RequestRow {
  id: number;
  table_id: number;
  kind: ServiceRequestKind;
  note: string;
  created_at: Date | string;
  done_at: Date | string | null;
  acknowledged_at: Date | string | null;
  seating_id: string | number | null;
}

const REQUEST_COLUMNS = 'id, table_id, kind, note, created_at, done_at, acknowledged_at, seating_id';
const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const toRequest = (row: RequestRow): ServiceRequest => ({
  id: row.id,
  table_id: row.table_id,
  kind: row.kind,
  note: row.note,
  created_at: new Date(row.created_at).toISOString(),
  done_at: isoOrNull(row.done_at),
  acknowledged_at: isoOrNull(row.acknowledged_at),
});

/** A request's event: staff see every one; the phones of the seating that made it see theirs. */
const requestEvent = (row: RequestRow) => ({
  type: 'request',
  payload: toRequest(row),
  seatingId: row.seating_id === null ? null : Number(row.seating_id),
});

async function openRequests(db: Queryable, tableId: number): Promise<ServiceRequest[]> {
  const rows = await db.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM service_requests WHERE table_id = $1 AND done_at IS NULL ORDER BY id`,
    [tableId],
  );
  return rows.map(toRequest);
}

/**
 * Every order of the seating this phone's key opens, with its guest's name, oldest first; never an order's key. The
 * printed table key alone no longer opens it (contract v1.2): it lasts, and the next party's orders are not this
 * phone's.
 */
export async function readTableBill(db: Database, seatingKey: string | undefined): Promise<TableBill> {
  return db.transaction(async (tx) => {
    const seating = await seatingByKey(tx, seatingKey);
    const rows = await tx.query<OrderWithLines>(
      `${SELECT_ORDERS} WHERE o.seating_id = $1 GROUP BY o.order_id ORDER BY o.created_at, o.seq`,
      [seating.seatingId],
    );
    const orders = rows.map((row) => ({ ...toOrder(row), guest: row.guest ?? null }));
    const totalCents = orders
      .filter((order) => order.status !== 'cancelled')
      .reduce((sum, order) => sum + toCents(order.total), 0);
    return {
      table_id: seating.tableId,
      seating_started_at: seating.startedAt,
      orders,
      total: fromCents(totalCents),
      open_requests: await openRequests(tx, seating.tableId),
    };
  });
}

/**
 * A guest's call for the waiter or the bill. At most one open request of each kind per table: a repeat answers the
 * open one (created false). The unique index arbitrates concurrent calls; the event is written in the same
 * transaction, so staff hear of exactly the requests that exist.
 */
export async function openRequest(
  db: Database,
  keys: { seatingKey?: string | undefined; tableKey?: string | undefined },
  kind: ServiceRequestKind,
  note: string,
): Promise<{ request: ServiceRequest; created: boolean }> {
  return db.transaction(async (tx) => {
    // The seating's key when the phone has one (v1.2); the printed key still calls a waiter to the table.
    const { tableId, seatingId } =
      keys.seatingKey !== undefined || keys.tableKey === undefined
        ? await seatingByKey(tx, keys.seatingKey)
        : { tableId: await tableByKey(tx, keys.tableKey), seatingId: null };
    const [inserted] = await tx.query<RequestRow>(
      `INSERT INTO service_requests (table_id, kind, note, seating_id)
       VALUES ($1, $2, $3, COALESCE($4, (SELECT id FROM seatings WHERE table_id = $1 AND ended_at IS NULL)))
       ON CONFLICT (table_id, kind) WHERE done_at IS NULL DO NOTHING RETURNING ${REQUEST_COLUMNS}`,
      [tableId, kind, note, seatingId],
    );
    if (inserted) {
      await recordEvent(tx, requestEvent(inserted));
      return { request: toRequest(inserted), created: true };
    }
    const [open] = await tx.query<RequestRow>(
      `SELECT ${REQUEST_COLUMNS} FROM service_requests WHERE table_id = $1 AND kind = $2 AND done_at IS NULL`,
      [tableId, kind],
    );
    if (!open) throw new Error(`Table ${tableId} has no open ${kind} request`);
    return { request: toRequest(open), created: false };
  });
}

/** Every open request, oldest first (the console's list). */
export async function listOpenRequests(db: Queryable): Promise<ServiceRequest[]> {
  const rows = await db.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM service_requests WHERE done_at IS NULL ORDER BY created_at, id`,
  );
  return rows.map(toRequest);
}

/** Staff close a request; closing a closed one answers it as it is. */
export async function closeRequest(db: Database, id: number): Promise<ServiceRequest> {
  return db.transaction(async (tx) => {
    const [closed] = await tx.query<RequestRow>(
      `UPDATE service_requests SET done_at = now() WHERE id = $1 AND done_at IS NULL RETURNING ${REQUEST_COLUMNS}`,
      [id],
    );
    if (closed) {
      await recordEvent(tx, requestEvent(closed));
      return toRequest(closed);
    }
    const [row] = await tx.query<RequestRow>(`SELECT ${REQUEST_COLUMNS} FROM service_requests WHERE id = $1`, [id]);
    if (!row) throw requestNotFound(id);
    return toRequest(row);
  });
}

/** "On my way": the first acknowledgement stays; the guests' phones and every console hear of it. */
export async function acknowledgeRequest(db: Database, id: number, by: string): Promise<ServiceRequest> {
  return db.transaction(async (tx) => {
    const [acknowledged] = await tx.query<RequestRow>(
      `UPDATE service_requests SET acknowledged_at = now(), acknowledged_by = $2
       WHERE id = $1 AND acknowledged_at IS NULL AND done_at IS NULL RETURNING ${REQUEST_COLUMNS}`,
      [id, by],
    );
    if (acknowledged) {
      await recordEvent(tx, requestEvent(acknowledged));
      return toRequest(acknowledged);
    }
    const [row] = await tx.query<RequestRow>(`SELECT ${REQUEST_COLUMNS} FROM service_requests WHERE id = $1`, [id]);
    if (!row) throw requestNotFound(id);
    return toRequest(row);
  });
}

/** The `request` events for requests a clear closed, so consoles drop them. */
export async function recordClosedRequests(tx: Queryable, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await tx.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM service_requests WHERE id = ANY ($1::int[])`,
    [[...ids]],
  );
  for (const row of rows) await recordEvent(tx, requestEvent(row));
}
