// A table's seatings: ending one when staff clear the table (placing an order joins or starts one: PLACE_ORDER).
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';

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
