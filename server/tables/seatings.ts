// A table's seatings: joining the open one when an order is placed, ending it when staff clear the table.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import { checkTableKey } from '../orders/table-rules';

/**
 * The table's open seating, started now if there is none; call it inside the placing transaction. The table's row
 * is share-locked first, so a concurrent clear (which updates that row) either commits before, and the key sent is
 * checked again against the new one, or waits until this order is in the seating it ends. Orders of one table do
 * not wait for each other: share locks do not conflict.
 */
export async function joinSeating(tx: Queryable, tableId: number, tableKey: string | undefined): Promise<number> {
  const [table] = await tx.query<{ table_key: string }>('SELECT table_key FROM dining_tables WHERE id = $1 FOR SHARE', [
    tableId,
  ]);
  if (table) checkTableKey(table.table_key, tableKey, 'optional');
  const open = () =>
    tx.query<{ id: string }>('SELECT id FROM seatings WHERE table_id = $1 AND ended_at IS NULL', [tableId]);
  const [current] = await open();
  if (current) return Number(current.id);
  // Two first orders at once: the unique index lets one insert; the other waits for it, inserts nothing, and its
  // next statement sees the committed seating.
  const [started] = await tx.query<{ id: string }>(
    `INSERT INTO seatings (table_id) VALUES ($1)
     ON CONFLICT (table_id) WHERE ended_at IS NULL DO NOTHING RETURNING id`,
    [tableId],
  );
  if (started) return Number(started.id);
  const [joined] = await open();
  if (!joined) throw new Error(`Table ${tableId} has no open seating`);
  return Number(joined.id);
}

/** 128 random bits, URL-safe, for a table's QR link. */
export const newTableKey = () => randomBytes(16).toString('base64url');

/**
 * Ends the table's seating and gives it a new key, in the caller's transaction: the old QR link stops working and the
 * next party's first order starts a new seating. Open requests of the table are done too. Returns false for an
 * unknown table, and the requests it closed.
 */
export async function endSeating(
  tx: Queryable,
  tableId: number,
): Promise<{ found: boolean; closedRequestIds: number[] }> {
  const updated = await tx.query('UPDATE dining_tables SET table_key = $2 WHERE id = $1 RETURNING id', [
    tableId,
    newTableKey(),
  ]);
  if (updated.length === 0) return { found: false, closedRequestIds: [] };
  await tx.query('UPDATE seatings SET ended_at = now() WHERE table_id = $1 AND ended_at IS NULL', [tableId]);
  const closed = await tx.query<{ id: number }>(
    'UPDATE service_requests SET done_at = now() WHERE table_id = $1 AND done_at IS NULL RETURNING id',
    [tableId],
  );
  return { found: true, closedRequestIds: closed.map((row) => row.id) };
}
