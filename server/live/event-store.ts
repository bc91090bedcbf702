// The events table: writing a change's event inside its transaction, and reading events back by id.
import { payloadTooLarge } from '../api/provider-error';
import type { Database, Queryable } from '../db/database';

/**
 * Events every guest's stream carries (a dish sold out, the restaurant's profile): what anyone holding the app's token
 * may read anyway. An `order` event goes only to its order's followers, a seating's only to its phones.
 */
export const PUBLIC_EVENT_TYPES: ReadonlySet<string> = new Set(['menu', 'restaurant']);
export const isPublicEvent = (type: string) => PUBLIC_EVENT_TYPES.has(type);

/** Events between provider processes, never sent on a stream: an account's sessions ended (close their streams). */
export const INTERNAL_EVENT_TYPES: ReadonlySet<string> = new Set(['sessions_ended']);

/** `order` carries the whole Order, `menu` `{ menu_id, available, prep_minutes }`; staff may see more types. */
export type LiveEventType = 'order' | 'menu' | 'restaurant' | (string & {});

export interface NewLiveEvent {
  type: LiveEventType;
  /** Set for `order` events: only that order's key holder (and staff) receive them. */
  orderId?: string | null;
  /** Set for one seating's events (`bill`, its `request`s): only that seating's phones (and staff) receive them. */
  seatingId?: number | null;
  /** What the stream sends as the event's data, as is. */
  payload: unknown;
}

export interface StoredEvent {
  id: number;
  type: string;
  orderId: string | null;
  seatingId: number | null;
  /**
   * The payload as JSON text, as the database has it: it goes onto streams as is, so a process that reads every
   * event (all of them do) never parses or re-serialises one.
   */
  payloadJson: string;
}

interface EventRow {
  id: string | number;
  type: string;
  order_id: string | null;
  seating_id?: string | number | null;
  payload: string;
}

const toEvent = (row: EventRow): StoredEvent => ({
  id: Number(row.id),
  type: row.type,
  orderId: row.order_id,
  seatingId: row.seating_id === null || row.seating_id === undefined ? null : Number(row.seating_id),
  payloadJson: row.payload,
});

/**
 * The most an event may carry. Every open screen receives it and the table keeps it for the replay window, so a
 * change too large to tell is refused (with the change itself) rather than sent; orders are held well under it by
 * MAX_ORDER_BYTES, the rest (a dish, a request) are far smaller.
 */
export const MAX_EVENT_BYTES = 256 * 1024;

/**
 * Records an event; call it with the transaction that makes the change, so the event exists exactly when the
 * change does. The table's trigger notifies every provider process at commit. Returns the event's id.
 */
export async function recordEvent(tx: Queryable, event: NewLiveEvent): Promise<number> {
  const payload = JSON.stringify(event.payload);
  if (Buffer.byteLength(payload) > MAX_EVENT_BYTES) {
    throw payloadTooLarge(MAX_EVENT_BYTES, 'The change is too large to send to the screens that follow it');
  }
  const [row] = await tx.query<{ id: string }>(
    'INSERT INTO events (type, order_id, seating_id, payload) VALUES ($1, $2, $3, $4::jsonb) RETURNING id',
    [event.type, event.orderId ?? null, event.seatingId ?? null, payload],
  );
  return Number(row?.id);
}

export interface EventBatch {
  events: StoredEvent[];
  /** The transactions still running when the batch was read (its snapshot's in-progress ids). */
  running: string[];
}

/**
 * Every committed event after `afterId`, oldest first, at most `limit`, and the transactions that were still running
 * in the same snapshot: an id missing between two read ones belongs to one of those, or to none (rolled back).
 */
export async function readEventsAfter(db: Queryable, afterId: number, limit: number): Promise<EventBatch> {
  const rows = await db.query<EventRow & { running: string[] | null }>(
    `SELECT id, type, order_id, seating_id, payload::text AS payload,
            (SELECT array_agg(xid::text) FROM pg_snapshot_xip(pg_current_snapshot()) AS xid) AS running
     FROM events WHERE id > $1 ORDER BY id LIMIT $2`,
    [afterId, limit],
  );
  return { events: rows.map(toEvent), running: rows[0]?.running ?? [] };
}

/**
 * The events after `afterId` and up to `upToId` one stream may see (public ones, its order's, its seating's, or all
 * for staff), oldest first, at most `limit`. Each part is read through an index that holds only what that stream may
 * see (the primary key for staff, who see nearly everything; migration 014's and 040's for guests), so a replay reads
 * at most `limit` rows of each, however many other guests' events lie in between.
 */
export async function readStreamEventsAfter(
  db: Queryable,
  afterId: number,
  upToId: number,
  scope: { orderId?: string; seatingId?: number; staff: boolean },
  limit: number,
): Promise<StoredEvent[]> {
  const columns = 'id, type, order_id, seating_id, payload::text AS payload';
  const rows = scope.staff
    ? await db.query<EventRow>(
        `SELECT ${columns} FROM events WHERE id > $1 AND id <= $2 AND type <> ALL ($4::text[]) ORDER BY id LIMIT $3`,
        [afterId, upToId, limit, [...INTERNAL_EVENT_TYPES]],
      )
    : await db.query<EventRow>(
        `SELECT * FROM (
           (SELECT ${columns} FROM events
            WHERE order_id IS NULL AND type = ANY ($4::text[]) AND id > $1 AND id <= $2 ORDER BY id LIMIT $3)
           UNION ALL
           (SELECT ${columns} FROM events
            WHERE order_id = $5::text AND type = 'order' AND id > $1 AND id <= $2 ORDER BY id LIMIT $3)
           UNION ALL
           (SELECT ${columns} FROM events
            WHERE seating_id = $6::bigint AND type <> 'order' AND id > $1 AND id <= $2 ORDER BY id LIMIT $3)
         ) AS seen ORDER BY id LIMIT $3`,
        [afterId, upToId, limit, [...PUBLIC_EVENT_TYPES], scope.orderId ?? null, scope.seatingId ?? null],
      );
  return rows.map(toEvent);
}

// Any constant: the same for every provider process on one database.
const PRUNE_LOCK_KEY = 741_852_965;

/**
 * Deletes the events recorded before `before`, a batch at a time, oldest first (ids grow with time, so the oldest ids
 * are found by the primary key). One process prunes at a time; the others skip their turn. Returns how many went.
 */
export async function pruneEvents(db: Database, before: Date, batch = 5_000): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db.transaction(async (tx) => {
      const [lock] = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [
        PRUNE_LOCK_KEY,
      ]);
      if (!lock?.locked) return 0;
      const [row] = await tx.query<{ count: number }>(
        `WITH gone AS (
           DELETE FROM events WHERE id IN (SELECT id FROM events ORDER BY id LIMIT $2) AND created_at < $1 RETURNING 1
         ) SELECT count(*)::int AS count FROM gone`,
        [before, batch],
      );
      return row?.count ?? 0;
    });
    total += deleted;
    if (deleted < batch) return total;
  }
}

/** The oldest and newest ids in the table (0 and 0 when empty). */
export async function eventIdRange(db: Queryable): Promise<{ oldest: number; newest: number }> {
  const [row] = await db.query<{ oldest: string | null; newest: string | null }>(
    'SELECT min(id) AS oldest, max(id) AS newest FROM events',
  );
  return { oldest: Number(row?.oldest ?? 0), newest: Number(row?.newest ?? 0) };
}
