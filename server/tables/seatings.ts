// A table's seatings (contract v1.2 "Tables that last"): joining one by the printed key, opening it by a seating key, ending it.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Seating } from '../../contract/bill';
import type { Database, Queryable } from '../db/database';
import { recordEvent } from '../live/event-store';
import { seatingEnded, seatingKeyNotFound, tableKeyNotFound } from './table-errors';

/** 128 random bits, URL-safe, for a table's QR link. */
export const newTableKey = () => randomBytes(16).toString('base64url');

/** 192 random bits: a phone's key to its seating. Only its hash is stored. */
const newSeatingKey = () => randomBytes(24).toString('base64url');

export const hashSeatingKey = (key: string) => createHash('sha256').update(key).digest('base64url');

/**
 * The table whose current printed key this is, share-locked for the rest of the caller's transaction, so a clear or a
 * new key (which update that row) waits until the caller is done. Looked up by equality, then compared again in
 * constant time: the keys are 122+ random bits, so how long the lookup takes tells nothing useful about a guess.
 */
export async function tableByKey(db: Queryable, key: string | undefined): Promise<number> {
  if (key === undefined || key.length > 200) throw tableKeyNotFound();
  const [row] = await db.query<{ id: number; table_key: string }>(
    'SELECT id, table_key FROM dining_tables WHERE table_key = $1 AND removed_at IS NULL FOR SHARE',
    [key],
  );
  if (!row || !sameSecret(row.table_key, key)) throw tableKeyNotFound();
  return row.id;
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

interface SeatingRow {
  id: string | number;
  table_id: number;
  started_at: Date | string;
  ended_at: Date | string | null;
}

/**
 * A QR scan: joins the table's open seating or starts one, and gives this phone a key of its own to it. The unique
 * index of open seatings arbitrates two first scans at once: the loser joins the winner's seating.
 */
export async function joinSeating(db: Database, tableKey: string | undefined): Promise<Seating> {
  return db.transaction(async (tx) => {
    const tableId = await tableByKey(tx, tableKey);
    const started = await tx.query(
      `INSERT INTO seatings (table_id) VALUES ($1) ON CONFLICT (table_id) WHERE ended_at IS NULL DO NOTHING
       RETURNING id`,
      [tableId],
    );
    // The table is seated now: floors and the summary follow.
    if (started.length > 0) await recordEvent(tx, { type: 'table', payload: { table_id: tableId } });
    const [seating] = await tx.query<SeatingRow>(
      'SELECT id, table_id, started_at, ended_at FROM seatings WHERE table_id = $1 AND ended_at IS NULL',
      [tableId],
    );
    if (!seating) throw new Error(`Table ${tableId} has no open seating after starting one`);
    const key = newSeatingKey();
    await tx.query('INSERT INTO seating_keys (key_hash, seating_id) VALUES ($1, $2)', [
      hashSeatingKey(key),
      seating.id,
    ]);
    return {
      seating_id: Number(seating.id),
      seating_key: key,
      started_at: new Date(seating.started_at).toISOString(),
      table_id: tableId,
    };
  });
}

export interface OpenSeating {
  seatingId: number;
  tableId: number;
  startedAt: string;
}

/**
 * The open seating a phone's key opens, share-locked (a clear waits for the caller's transaction). An unknown key is
 * 404 `not_found`; the key of a seating that ended is 404 `seating_ended`, so the app can ask for a new scan.
 */
export async function seatingByKey(
  tx: Queryable,
  key: string | undefined,
  { lock = 'share' }: { lock?: 'share' | 'update' } = {},
): Promise<OpenSeating> {
  if (key === undefined || key.length > 200) throw seatingKeyNotFound();
  const [row] = await tx.query<SeatingRow & { key_hash: string }>(
    `SELECT s.id, s.table_id, s.started_at, s.ended_at, k.key_hash
     FROM seating_keys k JOIN seatings s ON s.id = k.seating_id
     WHERE k.key_hash = $1 FOR ${lock === 'update' ? 'UPDATE OF s' : 'SHARE OF s'}`,
    [hashSeatingKey(key)],
  );
  if (!row || !sameSecret(row.key_hash, hashSeatingKey(key))) throw seatingKeyNotFound();
  if (row.ended_at !== null) throw seatingEnded();
  return { seatingId: Number(row.id), tableId: row.table_id, startedAt: new Date(row.started_at).toISOString() };
}

/**
 * Ends the table's open seating in the caller's transaction; the printed key stays. Open requests are done, open
 * shares expire (their holds are released). Returns the seating ended (undefined when none was open) and the
 * requests it closed.
 */
export async function endSeating(
  tx: Queryable,
  tableId: number,
  ending: { by?: string; reason?: string } = {},
): Promise<{ seatingId: number | undefined; closedRequestIds: number[] }> {
  const [ended] = await tx.query<{ id: string | number }>(
    `UPDATE seatings SET ended_at = now(), ended_by = $2, end_reason = $3
     WHERE table_id = $1 AND ended_at IS NULL RETURNING id`,
    [tableId, ending.by ?? null, ending.reason ?? null],
  );
  const closed = await tx.query<{ id: number }>(
    'UPDATE service_requests SET done_at = now() WHERE table_id = $1 AND done_at IS NULL RETURNING id',
    [tableId],
  );
  if (ended) {
    await tx.query(`UPDATE bill_shares SET status = 'expired' WHERE seating_id = $1 AND status = 'open'`, [ended.id]);
    await tx.query(
      `UPDATE bill_share_units SET live = false
       WHERE live AND share_id IN (SELECT id FROM bill_shares WHERE seating_id = $1 AND status = 'expired')`,
      [ended.id],
    );
  }
  return {
    seatingId: ended ? Number(ended.id) : undefined,
    closedRequestIds: closed.map((row) => row.id),
  };
}
