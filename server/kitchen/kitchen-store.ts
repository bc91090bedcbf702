// The stations' work in the database: lines bumped at their station, the order ready once all are, recall, allergies
// acknowledged, station settings.
import type { OrderStatus } from '../../contract/guest';
import { DEFAULT_STATION, STATION_DEFAULTS, type KitchenOrder, type StationSettings } from '../../contract/kitchen';
import { RECALL_MINUTES, statusAfterLinesDone } from '../../src/domain/kitchen';
import type { Database, Queryable } from '../db/database';
import { recordEvent } from '../live/event-store';
import { lineNotFound, orderNotFound } from '../orders/order-checks';
import { getOrder } from '../orders/order-store';
import { cannotRecall, lineAtOtherStation, noAllergies, nothingAtStation } from './kitchen-errors';

interface LockedOrder {
  status: OrderStatus;
  /** Moved to its status within the recall window. */
  recent: boolean;
}

async function lockOrder(tx: Queryable, orderID: string): Promise<LockedOrder> {
  const [row] = await tx.query<LockedOrder>(
    `SELECT status, status_changed_at > now() - make_interval(mins => ${RECALL_MINUTES}) AS recent
     FROM orders WHERE order_id = $1 FOR UPDATE`,
    [orderID],
  );
  if (!row) throw orderNotFound(orderID);
  return row;
}

async function recordChange(tx: Queryable, orderID: string): Promise<KitchenOrder> {
  const order = await getOrder(tx, orderID);
  await recordEvent(tx, { type: 'order', orderId: orderID, payload: order });
  return order;
}

/** Where a line of the order is made, whether it is still on the order or was removed; undefined: no such line. */
async function stationOfLine(tx: Queryable, orderID: string, lineId: number): Promise<string | undefined> {
  const [row] = await tx.query<{ station: string }>(
    `SELECT station FROM order_lines WHERE order_id = $1 AND line_id = $2
     UNION ALL SELECT station FROM removed_lines WHERE order_id = $1 AND line_id = $2`,
    [orderID, lineId],
  );
  return row?.station;
}

/**
 * A station bumps one line (`lineId`) or its whole ticket (every line of the order it makes). A removed line or a
 * cancelled order's line is thereby seen and leaves the screen. Work has started once a line is done (received →
 * preparing), and the order is ready when no line is left to make. Bumping what is already done changes nothing.
 * The order's row is locked first, so two stations bumping at once see each other's lines.
 */
export async function bumpLines(
  db: Database,
  orderID: string,
  station: string,
  lineId?: number,
): Promise<{ order: KitchenOrder; changed: boolean }> {
  return db.transaction(async (tx) => {
    const { status } = await lockOrder(tx, orderID);
    if (lineId !== undefined) {
      const at = await stationOfLine(tx, orderID, lineId);
      if (at === undefined) throw lineNotFound(orderID, lineId);
      if (at !== station) throw lineAtOtherStation(lineId, at);
    }
    const [counts] = await tx.query<{ lines: number; bumped: number }>(
      `WITH bumped_lines AS (
         UPDATE order_lines SET done_at = now()
         WHERE order_id = $1 AND station = $2 AND done_at IS NULL AND ($3::int IS NULL OR line_id = $3::int)
         RETURNING 1
       ), bumped_removed AS (
         UPDATE removed_lines SET done_at = now()
         WHERE order_id = $1 AND station = $2 AND done_at IS NULL AND ($3::int IS NULL OR line_id = $3::int)
         RETURNING 1
       )
       SELECT (SELECT count(*) FROM order_lines WHERE order_id = $1 AND station = $2)::int
                + (SELECT count(*) FROM removed_lines WHERE order_id = $1 AND station = $2)::int AS lines,
              (SELECT count(*) FROM bumped_lines)::int + (SELECT count(*) FROM bumped_removed)::int AS bumped`,
      [orderID, station, lineId ?? null],
    );
    if (!counts || counts.lines === 0) throw nothingAtStation(orderID, station);
    if (counts.bumped === 0) return { order: await getOrder(tx, orderID), changed: false };
    const [{ left } = { left: 0 }] = await tx.query<{ left: number }>(
      'SELECT count(*)::int AS left FROM order_lines WHERE order_id = $1 AND done_at IS NULL',
      [orderID],
    );
    const next = statusAfterLinesDone(status, left === 0);
    if (next !== status) {
      await tx.query(
        'UPDATE orders SET status = $2, status_changed_at = now(), updated_at = now() WHERE order_id = $1',
        [orderID, next],
      );
    } else {
      await tx.query('UPDATE orders SET updated_at = now() WHERE order_id = $1', [orderID]);
    }
    return { order: await recordChange(tx, orderID), changed: true };
  });
}

/**
 * Brings bumped work back. An order moved to ready or served in the last 15 minutes returns to preparing with its
 * lines (only `station`'s, when given) to make again. Without that, a station may still take back its own lines of
 * an order in progress, if it bumped them in the last 15 minutes. Anything else is 409.
 */
export async function recallOrder(db: Database, orderID: string, station?: string): Promise<KitchenOrder> {
  return db.transaction(async (tx) => {
    const { status, recent } = await lockOrder(tx, orderID);
    const finished = status === 'ready' || status === 'served';
    const inProgress = status === 'received' || status === 'preparing';
    if (!(finished && recent) && !(inProgress && station !== undefined)) throw cannotRecall(orderID, status);
    const reopened = await tx.query(
      `UPDATE order_lines SET done_at = NULL
       WHERE order_id = $1 AND done_at IS NOT NULL AND ($2::text IS NULL OR station = $2::text)
         AND ($3 OR done_at > now() - make_interval(mins => ${RECALL_MINUTES}))
       RETURNING line_id`,
      [orderID, station ?? null, finished],
    );
    if (reopened.length === 0) throw cannotRecall(orderID, status);
    await tx.query(
      `UPDATE orders SET status = 'preparing', updated_at = now(),
              status_changed_at = CASE WHEN status = 'preparing' THEN status_changed_at ELSE now() END
       WHERE order_id = $1`,
      [orderID],
    );
    return recordChange(tx, orderID);
  });
}

/**
 * A member of staff has read the order's allergies: the first acknowledgement is the record (who and when), and a
 * second, from another tablet meanwhile, answers it unchanged. Every kitchen screen learns it from the order's event.
 * An order without allergies has nothing to acknowledge (409).
 */
export async function acknowledgeAllergies(db: Database, orderID: string, by: string): Promise<KitchenOrder> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ allergies: string[] | null; acknowledged: boolean }>(
      `SELECT allergies, allergies_acknowledged_at IS NOT NULL AS acknowledged FROM orders WHERE order_id = $1
       FOR UPDATE`,
      [orderID],
    );
    if (!row) throw orderNotFound(orderID);
    if ((row.allergies ?? []).length === 0) throw noAllergies(orderID);
    if (row.acknowledged) return getOrder(tx, orderID);
    await tx.query(
      'UPDATE orders SET allergies_acknowledged_at = now(), allergies_acknowledged_by = $2 WHERE order_id = $1',
      [orderID, by],
    );
    return recordChange(tx, orderID);
  });
}

// Every station anyone uses (the menu, printers, open lines, saved settings) and the default, each with its settings.
const STATIONS = `
  WITH named AS (
    SELECT $1::text AS station
    UNION SELECT station FROM kitchen_stations
    UNION SELECT station FROM categories WHERE station IS NOT NULL
    UNION SELECT station FROM menu_items WHERE station IS NOT NULL
    UNION SELECT station FROM printers
    UNION SELECT DISTINCT station FROM order_lines WHERE done_at IS NULL
  )
  SELECT n.station, coalesce(k.warn_minutes, $2) AS warn_minutes, coalesce(k.late_minutes, $3) AS late_minutes,
         coalesce(k.parallel, $4) AS parallel
  FROM named n LEFT JOIN kitchen_stations k ON k.station = n.station
  ORDER BY n.station <> $1, n.station`;

/** The stations, the default one first, then by name. */
export function listStations(db: Queryable): Promise<StationSettings[]> {
  return db.query<StationSettings>(STATIONS, [
    DEFAULT_STATION,
    STATION_DEFAULTS.warn_minutes,
    STATION_DEFAULTS.late_minutes,
    STATION_DEFAULTS.parallel,
  ]);
}

/** A station's timer thresholds (and how many tickets it makes at once); saving names a new station too. */
export async function saveStation(
  db: Queryable,
  station: string,
  settings: { warn_minutes: number; late_minutes: number; parallel?: number | undefined },
): Promise<StationSettings> {
  const [row] = await db.query<StationSettings>(
    `INSERT INTO kitchen_stations (station, warn_minutes, late_minutes, parallel)
     VALUES ($1, $2, $3, coalesce($4::int, $5::int))
     ON CONFLICT (station) DO UPDATE
       SET warn_minutes = excluded.warn_minutes, late_minutes = excluded.late_minutes,
           parallel = coalesce($4::int, kitchen_stations.parallel)
     RETURNING station, warn_minutes, late_minutes, parallel`,
    [station, settings.warn_minutes, settings.late_minutes, settings.parallel ?? null, STATION_DEFAULTS.parallel],
  );
  if (!row) throw new Error('The station was not saved');
  return row;
}
