// The events table: writing a change's event inside its transaction, and reading events back by id.
import type { Queryable } from '../db/database';

/** `order` carries the whole Order, `menu` `{ menu_id, available, prep_minutes }`; staff may see more types. */
export type LiveEventType = 'order' | 'menu' | (string & {});

export interface NewLiveEvent {
  type: LiveEventType;
  /** Set for `order` events: only that order's key holder (and staff) receive them. */
  orderId?: string | null;
  /** What the stream sends as the event's data, as is. */
  payload: unknown;
}

export interface StoredEvent {
  id: number;
  type: string;
  orderId: string | null;
  payload: unknown;
}

interface EventRow {
  id: string | number;
  type: string;
  order_id: string | null;
  payload: unknown;
}

const toEvent = (row: EventRow): StoredEvent => ({
  id: Number(row.id),
  type: row.type,
  orderId: row.order_id,
  payload: row.payload,
});

/**
 * Records an event; call it with the transaction that makes the change, so the event exists exactly when the
 * change does. The table's trigger notifies every provider process at commit. Returns the event's id.
 */
export async function recordEvent(tx: Queryable, event: NewLiveEvent): Promise<number> {
  const [row] = await tx.query<{ id: string }>(
    'INSERT INTO events (type, order_id, payload) VALUES ($1, $2, $3::jsonb) RETURNING id',
    [event.type, event.orderId ?? null, JSON.stringify(event.payload)],
  );
  return Number(row?.id);
}

/** Every event after `afterId`, oldest first, at most `limit`. */
export async function readEventsAfter(db: Queryable, afterId: number, limit: number): Promise<StoredEvent[]> {
  const rows = await db.query<EventRow>(
    'SELECT id, type, order_id, payload FROM events WHERE id > $1 ORDER BY id LIMIT $2',
    [afterId, limit],
  );
  return rows.map(toEvent);
}

/** The events after `afterId` one stream may see (public ones, its order's, or all for staff), oldest first. */
export async function readStreamEventsAfter(
  db: Queryable,
  afterId: number,
  scope: { orderId?: string; staff: boolean },
  limit: number,
): Promise<StoredEvent[]> {
  const rows = await db.query<EventRow>(
    `SELECT id, type, order_id, payload FROM events
     WHERE id > $1 AND ($2::boolean OR type = 'menu' OR (type = 'order' AND order_id = $3::text))
     ORDER BY id LIMIT $4`,
    [afterId, scope.staff, scope.orderId ?? null, limit],
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
