// What a table's guests may see and ask for: the current seating's bill and service requests, by the table's key.
import type { ServiceRequest, ServiceRequestKind, TableBill } from '../../contract/guest';
import type { Database, Queryable } from '../db/database';
import { recordEvent } from '../live/event-store';
import { fromCents, toCents } from '../orders/order-rules';
import { SELECT_ORDERS, toOrder, type OrderWithLines } from '../orders/order-store';

import { requestNotFound, tableKeyNotFound } from './table-errors';

/**
 * The table whose current key this is, share-locked for the rest of the caller's transaction: a clear (which updates
 * that row) waits until the caller is done, so what it reads belongs to the seating this key opened. A lookup by
 * equality: keys are 122+ random bits, so how long a comparison takes tells nothing useful about a guessed key.
 */
export async function tableByKey(db: Queryable, key: string | undefined): Promise<number> {
  if (key === undefined || key.length > 200) throw tableKeyNotFound();
  const [row] = await db.query<{ id: number }>('SELECT id FROM dining_tables WHERE table_key = $1 FOR SHARE', [key]);
  if (!row) throw tableKeyNotFound();
  return row.id;
}

interface RequestRow {
  id: number;
  table_id: number;
  kind: ServiceRequestKind;
  note: string;
  created_at: Date | string;
  done_at: Date | string | null;
}

const REQUEST_COLUMNS = 'id, table_id, kind, note, created_at, done_at';

const toRequest = (row: RequestRow): ServiceRequest => ({
  id: row.id,
  table_id: row.table_id,
  kind: row.kind,
  note: row.note,
  created_at: new Date(row.created_at).toISOString(),
  done_at: row.done_at === null ? null : new Date(row.done_at).toISOString(),
});

async function openRequests(db: Queryable, tableId: number): Promise<ServiceRequest[]> {
  const rows = await db.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM service_requests WHERE table_id = $1 AND done_at IS NULL ORDER BY id`,
    [tableId],
  );
  return rows.map(toRequest);
}

/** Every order of the table's current seating with its guest's name, oldest first; never an order's key. */
export async function readTableBill(db: Database, key: string | undefined): Promise<TableBill> {
  return db.transaction(async (tx) => {
    const tableId = await tableByKey(tx, key);
    const [seating] = await tx.query<{ id: string; started_at: Date | string }>(
      'SELECT id, started_at FROM seatings WHERE table_id = $1 AND ended_at IS NULL',
      [tableId],
    );
    const rows = seating
      ? await tx.query<OrderWithLines>(
          `${SELECT_ORDERS} WHERE o.seating_id = $1 GROUP BY o.order_id ORDER BY o.created_at, o.seq`,
          [seating.id],
        )
      : [];
    const orders = rows.map((row) => ({ ...toOrder(row), guest: row.guest ?? null }));
    const totalCents = orders
      .filter((order) => order.status !== 'cancelled')
      .reduce((sum, order) => sum + toCents(order.total), 0);
    return {
      table_id: tableId,
      seating_started_at: seating ? new Date(seating.started_at).toISOString() : null,
      orders,
      total: fromCents(totalCents),
      open_requests: await openRequests(tx, tableId),
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
  key: string | undefined,
  kind: ServiceRequestKind,
  note: string,
): Promise<{ request: ServiceRequest; created: boolean }> {
  return db.transaction(async (tx) => {
    const tableId = await tableByKey(tx, key);
    const [inserted] = await tx.query<RequestRow>(
      `INSERT INTO service_requests (table_id, kind, note) VALUES ($1, $2, $3)
       ON CONFLICT (table_id, kind) WHERE done_at IS NULL DO NOTHING RETURNING ${REQUEST_COLUMNS}`,
      [tableId, kind, note],
    );
    if (inserted) {
      const request = toRequest(inserted);
      await recordEvent(tx, { type: 'request', payload: request });
      return { request, created: true };
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
      const request = toRequest(closed);
      await recordEvent(tx, { type: 'request', payload: request });
      return request;
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
  for (const row of rows) await recordEvent(tx, { type: 'request', payload: toRequest(row) });
}
