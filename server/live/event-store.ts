// The events table: writing a change's event inside its transaction, and reading events back by id.
import type { Queryable } from '../db/database';

/** `order` carries the whole Order, `menu` `{ menu_id, available, prep_minutes }`; staff may see more types. */
export type LiveEventType = 'order' | 'menu' | 'restaurant' | (string & {});

/** The topics every stream carries, guests' included: what anyone holding the app's token may read anyway. */
export const PUBLIC_EVENT_TYPES: readonly string[] = ['menu', 'restaurant'];
export const isPublicEvent = (type: string) => PUBLIC_EVENT_TYPES.includes(type);

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
 * Records an event; call it with the transaction that makes the change, so the event exists exactly when the
 * change does. The table's trigger notifies every provider process at commit. Returns the event's id.
 */
export async function recordEvent(tx: Queryable, event: NewLiveEvent): Promise<number> {
  const [row] = await tx.query<{ id: string }>(
    'INSERT INTO events (type, order_id, seating_id, payload) VALUES ($1, $2, $3, $4::jsonb) RETURNING id',
    [event.type, event.orderId ?? null, event.seatingId ?? null, JSON.stringify(event.payload)],
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
 * for staff), oldest first.
 */
export async function readStreamEventsAfter(
  db: Queryable,
  afterId: number,
  upToId: number,
  scope: { orderId?: string; seatingId?: number; staff: boolean },
  limit: number,
): Promise<StoredEvent[]> {
  const rows = await db.query<EventRow>(
    `SELECT id, type, order_id, seating_id, payload::text AS payload FROM events
     WHERE id > $1 AND id <= $5
       AND ($2::boolean OR type = ANY($6::text[]) OR (type = 'order' AND order_id = $3::text)
            OR (type <> 'order' AND seating_id = $7::bigint))
     ORDER BY id LIMIT $4`,
    [afterId, scope.staff, scope.orderId ?? null, limit, upToId, PUBLIC_EVENT_TYPES, scope.seatingId ?? null],
  );
  return rows.map(toEvent);
}

/** The oldest and newest ids in the table (0 and 0 when empty). */
export async function eventIdRange(db: Queryable): Promise<{ oldest: number; newest: number }> {
  const [row] = await db.query<{ oldest: string | null; newest: string | null }>(
    'SELECT min(id) AS oldest, max(id) AS newest FROM events',
  );
  return { oldest: Number(row?.oldest ?? 0), newest: Number(row?.newest ?? 0) };
}
