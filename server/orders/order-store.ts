// Orders in the database: placing (idempotently), reading, adding and removing lines, moving status on.
import { createHash } from 'node:crypto';
import type { OrderStatus } from '../../contract/guest';
import type { Order } from '../../contract/orders';
import { LIMITS } from '../../contract/guest';
import { DEFAULT_STATION, type KitchenOrder } from '../../contract/kitchen';
import { LINES_DONE_FOR } from '../kitchen/line-sql';
import { PRINT_JOBS_FROM } from '../printing/print-job-sql';
import { additionFingerprint, orderFingerprint, type AddMenuInput, type NewOrderInput } from '../api/request-parsing';
import type { Database, Queryable, TransactionOptions } from '../db/database';
import {
  cannotAddTo,
  cannotRemoveFrom,
  checkAddedItem,
  checkNewOrder,
  additionKeyReused,
  keyReused,
  lastLine,
  checkOrderSize,
  lineNotFound,
  needsOrderTime,
  orderNotFound,
  tooManyLines,
  type MenuEntry,
  type OrderTime,
} from './order-checks';
import { readRestaurant } from '../restaurant/restaurant-store';
import { recordEvent } from '../live/event-store';
import { cachedDishes, rememberDishes } from './menu-entry-cache';
import { newOrderId } from './order-id';
import { checkTableKey, ordersPerMinuteFor, tableOrderLimitReached, type TableOrderLimit } from './table-rules';
import { seatingByKey } from '../tables/seatings';
import { guestNeedsSeating, seatingKeyNotFound } from '../tables/table-errors';
import { ADVANCING_STATUSES, canAddLines, canRemoveLines, fromCents, nextStatus } from './order-rules';
import { countChange, type OrderChangeLimits } from './order-changes';

/** `GET orders` without an id answers at most this many, newest first. */
export const RECENT_ORDERS_LIMIT = 100;

interface OrderRow {
  order_id: string;
  table_id: number;
  status: OrderStatus;
  note: string;
  cancel_reason?: string | null;
  /** Who at the table placed it (table sessions). */
  guest?: string | null;
  allergies?: string[] | null;
  /** When a member of staff acknowledged the allergies (who is kept in the database, never answered). */
  allergies_acknowledged_at?: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

type StoredChoice = { id: number; name: string; price_cents: number };

interface LineRow {
  line_id: number;
  menu_id: number;
  name: string;
  unit_price_cents: number;
  quantity: number;
  note: string;
  choices: StoredChoice[] | null;
  station?: string;
  added_at?: Date | string;
  done_at?: Date | string | null;
  allergens?: string[] | null;
}

interface RemovedLineRow {
  line_id: number;
  menu_id: number;
  name: string;
  quantity: number;
  note: string;
  choices: StoredChoice[] | null;
  station: string;
  removed_at: string;
}

export type OrderWithLines = OrderRow & { lines: LineRow[] | null; removed?: RemovedLineRow[] | null };

const ORDER_COLUMNS = 'order_id, table_id, status, note, created_at, updated_at';

const LINE_JSON = `json_build_object('line_id', l.line_id, 'menu_id', l.menu_id, 'name', l.name,
  'unit_price_cents', l.unit_price_cents, 'quantity', l.quantity, 'note', l.note, 'choices', l.choices,
  'station', l.station, 'added_at', api_time(l.added_at), 'done_at', api_time(l.done_at), 'allergens', l.allergens)`;

// Removed lines their station has not bumped yet (the kitchen's struck-through lines).
const REMOVED_JSON = `(SELECT json_agg(json_build_object('line_id', r.line_id, 'menu_id', r.menu_id, 'name', r.name,
    'quantity', r.quantity, 'note', r.note, 'choices', r.choices, 'station', r.station,
    'removed_at', api_time(r.removed_at)) ORDER BY r.line_id)
  FROM removed_lines r WHERE r.order_id = o.order_id AND r.done_at IS NULL)`;

// One round trip per read: the lines come along as a JSON array, already in line order.
export const SELECT_ORDERS = `
  SELECT o.order_id, o.table_id, o.status, o.note, o.cancel_reason, o.guest, o.allergies, o.allergies_acknowledged_at,
         o.created_at, o.updated_at,
         json_agg(${LINE_JSON} ORDER BY l.line_id) FILTER (WHERE l.line_id IS NOT NULL) AS lines,
         ${REMOVED_JSON} AS removed
  FROM orders o LEFT JOIN order_lines l ON l.order_id = o.order_id`;

const toChoices = (choices: StoredChoice[] | null) =>
  (choices ?? []).map((choice) => ({ id: choice.id, name: choice.name, price: fromCents(choice.price_cents) }));

const isoOrNull = (value: Date | string | null | undefined) => (value == null ? null : new Date(value).toISOString());

/** The Order as the API answers it, with the kitchen's fields (contract/kitchen.ts); guests' parsers drop those. */
export function toOrder(row: OrderWithLines): KitchenOrder {
  const lines = row.lines ?? [];
  const totalCents = lines.reduce((sum, line) => sum + line.unit_price_cents * line.quantity, 0);
  const createdAt = new Date(row.created_at).toISOString();
  const removed = row.removed ?? [];
  return {
    orderID: row.order_id,
    table_id: row.table_id,
    status: row.status,
    items: lines.map((line) => ({
      line_id: line.line_id,
      menu_id: line.menu_id,
      name: line.name,
      price: fromCents(line.unit_price_cents),
      quantity: line.quantity,
      note: line.note,
      choices: toChoices(line.choices),
      added_at: isoOrNull(line.added_at) ?? createdAt,
      station: line.station ?? DEFAULT_STATION,
      done_at: isoOrNull(line.done_at),
      allergens: line.allergens ?? null,
    })),
    note: row.note,
    total: fromCents(totalCents),
    created_at: createdAt,
    updated_at: new Date(row.updated_at).toISOString(),
    cancel_reason: row.cancel_reason ?? null,
    allergies: row.allergies ?? [],
    guest: row.guest ?? null,
    ...(row.allergies_acknowledged_at == null
      ? {}
      : { allergies_acknowledged_at: new Date(row.allergies_acknowledged_at).toISOString() }),
    ...(removed.length === 0
      ? {}
      : {
          removed_items: removed.map(({ choices, ...line }) => ({
            ...line,
            choices: toChoices(choices),
            removed_at: new Date(line.removed_at).toISOString(),
          })),
        }),
  };
}

export async function getOrder(db: Queryable, orderID: string): Promise<KitchenOrder> {
  const [row] = await db.query<OrderWithLines>(`${SELECT_ORDERS} WHERE o.order_id = $1 GROUP BY o.order_id`, [orderID]);
  if (!row) throw orderNotFound(orderID);
  return toOrder(row);
}

export async function listRecentOrders(db: Queryable, limit = RECENT_ORDERS_LIMIT): Promise<KitchenOrder[]> {
  const rows = await db.query<OrderWithLines>(
    `${SELECT_ORDERS}
     WHERE o.order_id IN (SELECT order_id FROM orders ORDER BY created_at DESC, seq DESC LIMIT $1)
     GROUP BY o.order_id
     ORDER BY o.created_at DESC, o.seq DESC`,
    [limit],
  );
  return rows.map(toOrder);
}

// A dish's groups and choices in the shape the checks take (MenuEntry.options), in menu order.
const ENTRY_OPTIONS = `coalesce((
  SELECT json_agg(json_build_object('id', g.id, 'name', g.name, 'min', g.min, 'max', g.max, 'choices',
           (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'priceCents', c.price_cents,
                      'available', c.available) ORDER BY c.sort, c.id), '[]'::json)
            FROM option_choices c WHERE c.group_id = g.id)) ORDER BY g.sort, g.id)
  FROM option_groups g WHERE g.menu_id = m.id), '[]'::json)`;

// Hidden with its sub-category or category too; hours its own, else its category's (src/domain/hours.ts reads them).
const MENU_ENTRY_JSON = `json_build_object('id', m.id, 'name', m.name, 'available', m.available,
  'priceCents', m.price_cents, 'options', ${ENTRY_OPTIONS},
  'hidden', m.hidden OR EXISTS (SELECT FROM sub_categories s JOIN categories c ON c.id = s.category_id
                                WHERE s.id = m.sub_category_id AND (s.hidden OR c.hidden)),
  'hours', coalesce(m.hours, (SELECT c.hours FROM sub_categories s JOIN categories c ON c.id = s.category_id
                              WHERE s.id = m.sub_category_id)))`;

/** The time an order is checked at, read only when a dish in it has hours. */
async function orderTime(tx: Queryable, entries: Iterable<MenuEntry>): Promise<OrderTime | undefined> {
  if (!needsOrderTime(entries)) return undefined;
  return { now: new Date(), timeZone: (await readRestaurant(tx)).time_zone };
}

// A line's choices from the database, never from the request: their prices summed and their names and prices to copy
// onto the line, in menu order. `choice_ids` is the line's checked ids as a JSON array.
const CHOSEN = (menuIdSql: string, choiceIdsSql: string) => `LATERAL (
  SELECT coalesce(sum(c.price_cents), 0)::int AS extra_cents,
         coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'name', c.name, 'price_cents', c.price_cents)
                    ORDER BY g.sort, g.id, c.sort, c.id), '[]'::jsonb) AS choices,
         (SELECT coalesce(array_agg(DISTINCT a), '{}')
          FROM option_choices ca JOIN option_groups ga ON ga.id = ca.group_id CROSS JOIN unnest(ca.allergens) AS a
          WHERE ga.menu_id = ${menuIdSql}
            AND ca.id IN (SELECT value::int FROM jsonb_array_elements_text(${choiceIdsSql}::jsonb))) AS allergen_list
  FROM option_choices c JOIN option_groups g ON g.id = c.group_id
  WHERE g.menu_id = ${menuIdSql}
    AND c.id IN (SELECT value::int FROM jsonb_array_elements_text(${choiceIdsSql}::jsonb))) ch`;

// A line's station, copied when ordered: the dish's own, else its category's, else the default ('kitchen').
const LINE_STATION = (menu: string) => `(SELECT coalesce(${menu}.station, cat.station, '${DEFAULT_STATION}')
  FROM sub_categories sc JOIN categories cat ON cat.id = sc.category_id WHERE sc.id = ${menu}.sub_category_id)`;

// What a line declares: the dish's allergens and its chosen choices', once each; NULL when the dish declares none.
const LINE_ALLERGENS = (menu: string) => `CASE WHEN ${menu}.allergens IS NULL THEN NULL ELSE ARRAY(
  SELECT DISTINCT a FROM unnest(${menu}.allergens || ch.allergen_list) AS a ORDER BY a) END`;

async function menuEntries(db: Queryable, ids: readonly number[]): Promise<Map<number, MenuEntry>> {
  const rows = await db.query<{ entry: MenuEntry }>(
    `SELECT ${MENU_ENTRY_JSON} AS entry FROM menu_items m WHERE m.id = ANY ($1::int[])`,
    [[...new Set(ids)]],
  );
  return new Map(rows.map(({ entry }) => [entry.id, entry]));
}

const choiceIdsJson = (choices: readonly number[] | undefined) => JSON.stringify(choices ?? []);

const hashRequest = (order: NewOrderInput) => createHash('sha256').update(orderFingerprint(order)).digest('hex');

interface KeyedOrder {
  order_id: string;
  request_hash: string | null;
}

/** The order an Idempotency-Key already produced; a different request under the same key is refused. */
async function replay(db: Queryable, earlier: KeyedOrder, requestHash: string): Promise<PlacedOrder> {
  if (earlier.request_hash !== requestHash) throw keyReused();
  return { order: await getOrder(db, earlier.order_id), created: false };
}

export interface PlacedOrder {
  order: Order;
  /** False when the Idempotency-Key had already placed this order and it is answered again. */
  created: boolean;
}

// An order as the API answers it (toOrder, in SQL), for the event recorded in the placing statement itself.
// `o` is the order's row, `lines` the relation of its lines; the live tests compare it with the answer.
const ORDER_JSON = (lines: string) => `json_build_object('orderID', o.order_id, 'table_id', o.table_id,
  'status', o.status,
  'items', coalesce((SELECT json_agg(json_build_object('line_id', l.line_id, 'menu_id', l.menu_id, 'name', l.name,
             'price', l.unit_price_cents / 100.0, 'quantity', l.quantity, 'note', l.note,
             'choices', (SELECT coalesce(json_agg(json_build_object('id', c.choice -> 'id', 'name', c.choice -> 'name',
                                 'price', (c.choice ->> 'price_cents')::int / 100.0) ORDER BY c.position), '[]'::json)
                         FROM jsonb_array_elements(l.choices) WITH ORDINALITY AS c(choice, position)),
             'added_at', api_time(l.added_at), 'station', l.station, 'done_at', api_time(l.done_at),
             'allergens', l.allergens)
           ORDER BY l.line_id) FROM ${lines} l), '[]'::json),
  'note', o.note,
  'total', (SELECT coalesce(sum(l.unit_price_cents * l.quantity), 0) FROM ${lines} l) / 100.0,
  'created_at', api_time(o.created_at), 'updated_at', api_time(o.updated_at), 'cancel_reason', NULL,
  'allergies', o.allergies, 'guest', o.guest)`;

/**
 * Placing an order is this one statement, in a transaction committed only once its answer has been checked: it
 * answers everything the checks need (an order the key already placed, the table's key, the menu's version, and the
 * dishes unless the process has them) and, unless the key was used (or the menu's version is no longer the one the
 * process has its dishes at), writes the order, its lines priced from menu_items (never from the request), the table's seating
 * (joined, or started if the table was cleared) and the order's live event. A check that fails rolls all of it back.
 * The table's row is share-locked, so a clear (which rotates the key and ends the seating) either commits first,
 * and this statement reads the new key, or waits until this order is in the seating it ends; orders of one table do
 * not wait for each other. If the key, the random id or the new seating meets a concurrent insert, the conflicting
 * part writes nothing, and so nothing else is written either.
 */
const placingStatement = (dishes: 'cached' | 'read') => `
  WITH menu AS (
    SELECT version::text AS menu_version FROM menu_version
  ), earlier AS (
    SELECT order_id, request_hash FROM orders WHERE idempotency_key = $4
  ), tbl AS (
    SELECT id, table_key FROM dining_tables WHERE id = $2 AND removed_at IS NULL FOR SHARE
  ), open_seating AS (
    SELECT s.id FROM seatings s JOIN tbl ON s.table_id = tbl.id WHERE s.ended_at IS NULL
  ), started_seating AS (
    INSERT INTO seatings (table_id)
    SELECT id FROM tbl WHERE NOT EXISTS (SELECT FROM open_seating) AND NOT EXISTS (SELECT FROM earlier)
      ${dishes === 'cached' ? AT_CACHED_VERSION : ''}
    ON CONFLICT (table_id) WHERE ended_at IS NULL DO NOTHING
    RETURNING id
  ), new_order AS (
    INSERT INTO orders (order_id, table_id, note, idempotency_key, request_hash, ready_at, guest, seating_id,
                        table_key_used, allergies)
    SELECT $1, tbl.id, $3, $4, $5,
           now() + make_interval(mins => (SELECT coalesce(max(prep_minutes), 0)::int FROM menu_items
                                          WHERE id = ANY ($6::int[]))),
           $10, seating.id, $11, $12::text[]
    FROM tbl CROSS JOIN (SELECT id FROM open_seating UNION ALL SELECT id FROM started_seating) seating
    WHERE NOT EXISTS (SELECT FROM earlier) ${dishes === 'cached' ? AT_CACHED_VERSION : ''}
    ON CONFLICT DO NOTHING
    RETURNING ${ORDER_COLUMNS}, guest, allergies
  ), new_lines AS (
    INSERT INTO order_lines (order_id, menu_id, name, unit_price_cents, quantity, note, choices, station, allergens)
    SELECT o.order_id, l.menu_id, m.name, m.price_cents + ch.extra_cents, l.quantity, l.note, ch.choices,
           ${LINE_STATION('m')}, ${LINE_ALLERGENS('m')}
    FROM new_order o
    CROSS JOIN unnest($6::int[], $7::int[], $8::text[], $9::text[])
      WITH ORDINALITY AS l(menu_id, quantity, note, choice_ids, position)
    JOIN menu_items m ON m.id = l.menu_id
    CROSS JOIN ${CHOSEN('l.menu_id', 'l.choice_ids')}
    ORDER BY l.position
    RETURNING order_id, line_id, menu_id, name, unit_price_cents, quantity, note, choices, station, added_at, done_at,
              allergens
  ), new_print_jobs AS (
    -- A ticket per station that has a printer, in this transaction: the worker sends it once the order is committed.
    ${PRINT_JOBS_FROM('new_lines', 'order')}
  ), new_event AS (
    -- Without a NOTIFY, which would make every order wait for the commit before it (011_events_quiet_writes.sql).
    INSERT INTO events (type, order_id, payload, notify)
    SELECT 'order', o.order_id, ${ORDER_JSON('new_lines')}, false FROM new_order o
  )
  SELECT (SELECT json_build_object('order_id', order_id, 'request_hash', request_hash) FROM earlier) AS earlier,
         (SELECT table_key FROM tbl) AS table_key,
         menu.menu_version,
         ${dishes === 'read' ? `(SELECT json_agg(${MENU_ENTRY_JSON}) FROM menu_items m WHERE m.id = ANY ($6::int[]))` : 'NULL::json'}
           AS menu,
         o.*, (SELECT json_agg(new_lines ORDER BY line_id) FROM new_lines) AS lines
  -- menu_version holds one row, so the answer is one row whatever was written.
  FROM menu LEFT JOIN new_order o ON true`;

// The process's dishes are exact only at the version it read them at (`$13`): at any other, nothing is written.
const AT_CACHED_VERSION = 'AND EXISTS (SELECT FROM menu WHERE menu_version = $13)';

/** Placing with the dishes cached at version `$13`: the statement writes only at that version, and reads no dish. */
export const PLACE_ORDER = placingStatement('cached');

/**
 * Placing without them ($1–$12 only): the statement also answers the dishes' entries (MenuEntry) as its own snapshot
 * has them, which the checks then use. A branch on the version in one statement would not do: PostgreSQL sets up every
 * part of a plan at each execution, the branches it never takes included.
 */
export const PLACE_ORDER_READING_DISHES = placingStatement('read');

/** Placing's transaction: generic plans, because planning the placing statement costs more than running it. */
export const PLACING_TRANSACTION: TransactionOptions = { genericPlans: true };

type PlaceRow = Partial<OrderWithLines> & {
  earlier: KeyedOrder | null;
  table_key: string | null;
  menu_version: string;
  /** The dishes' entries, from PLACE_ORDER_READING_DISHES only. */
  menu: MenuEntry[] | null;
};

// The table's orders of the last minute placed the same way as this one (with the table's key, or without), and when
// the oldest of them leaves the window. Keyed and keyless orders have an allowance each: a script ordering without the
// key (keys optional) uses up only the keyless one, and guests who scanned the table's code still order. Run while
// holding the table's row lock, so concurrent requests (from any provider process) count one after the other.
const RECENT_TABLE_ORDERS = `
  SELECT count(*)::int AS placed,
         coalesce(ceil(extract(epoch FROM min(created_at) + interval '1 minute' - clock_timestamp())), 60)::int
           AS retry_after
  FROM orders
  WHERE table_id = $1 AND created_at > clock_timestamp() - interval '1 minute' AND table_key_used = $2`;

export interface PlaceOptions {
  idempotencyKey?: string;
  /** The X-Table-Key header, when sent. */
  tableKey?: string;
  /** The X-Seating-Key header, when sent: the order joins that seating (which must be the table's open one). */
  seatingKey?: string;
  /** `required`: an order without the table's key is refused; `optional`: a key is checked only when sent. */
  tableKeys?: 'optional' | 'required';
  /** New orders a table may place in a minute; 0 or Infinity: no limit. */
  ordersPerMinute?: TableOrderLimit;
  /** The most the order may weigh as JSON (order-checks.ts); tests lower it. */
  maxOrderBytes?: number;
}

const winnerOf = async (tx: Queryable, idempotencyKey: string) =>
  (
    await tx.query<KeyedOrder>('SELECT order_id, request_hash FROM orders WHERE idempotency_key = $1', [idempotencyKey])
  )[0];

/**
 * Places an order priced from the menu in the database: BEGIN, PLACE_ORDER, COMMIT, three round trips. With an
 * Idempotency-Key, the same key always yields the same single order: the unique constraint on `idempotency_key`
 * arbitrates concurrent requests, and a replay is never counted against the table's limit. The limit is counted
 * inside the placing transaction under the table's row lock, so it holds across every provider process sharing the
 * database.
 */
export async function placeOrder(db: Database, input: NewOrderInput, options: PlaceOptions = {}): Promise<PlacedOrder> {
  const { idempotencyKey } = options;
  const ordersPerMinute = ordersPerMinuteFor(options.ordersPerMinute ?? 0, input.table_id);
  const limited = Number.isFinite(ordersPerMinute) && ordersPerMinute > 0;
  const requestHash = hashRequest(input);
  const lines = {
    menuIds: input.items.map((line) => line.menu_id),
    quantities: input.items.map((line) => line.quantity),
    notes: input.items.map((line) => line.note ?? ''),
    choices: input.items.map((line) => choiceIdsJson(line.choices)),
  };

  // A name on the table's bill needs the seating's key (contract v1.2): the printed key lasts from party to party.
  if (input.guest !== undefined && options.seatingKey === undefined) throw guestNeedsSeating();

  const place = async (tx: Queryable): Promise<PlacedOrder> => {
    // The seating is share-locked until commit: a clear waits, so the order lands in the seating the key opened.
    const seating = options.seatingKey === undefined ? undefined : await seatingByKey(tx, options.seatingKey);
    if (seating && seating.tableId !== input.table_id) throw seatingKeyNotFound();
    if (limited) {
      // Without a limit there is nothing to count: the unique key alone arbitrates, and orders of one table need
      // not wait for each other (the load bench places them all at one table).
      await tx.query('SELECT 1 FROM dining_tables WHERE id = $1 FOR UPDATE', [input.table_id]);
      // A concurrent request with the same key may have committed while this one waited for the lock.
      const winner = idempotencyKey === undefined ? undefined : await winnerOf(tx, idempotencyKey);
      if (!winner) {
        const [recent] = await tx.query<{ placed: number; retry_after: number }>(RECENT_TABLE_ORDERS, [
          input.table_id,
          options.tableKey !== undefined,
        ]);
        if (recent && recent.placed >= ordersPerMinute) {
          throw tableOrderLimitReached(input.table_id, ordersPerMinute, recent.retry_after);
        }
      }
    }
    // The dishes from the cache; when they are not all there, or the menu has moved on since, the statement reads them.
    let cached = cachedDishes(db, lines.menuIds);
    // A fresh random id collides with an existing one about once in 10^12 orders at 1,000 orders; then try another.
    for (let attempt = 0; attempt < 5; attempt++) {
      const values = [
        newOrderId(),
        input.table_id,
        input.note ?? '',
        idempotencyKey ?? null,
        idempotencyKey === undefined ? null : requestHash,
        lines.menuIds,
        lines.quantities,
        lines.notes,
        lines.choices,
        input.guest ?? null,
        // Checked below, in this transaction: a wrong key rolls the order back.
        options.tableKey !== undefined,
        input.allergies ?? [],
      ];
      const [row] = cached
        ? await tx.query<PlaceRow>(PLACE_ORDER, [...values, cached.version])
        : await tx.query<PlaceRow>(PLACE_ORDER_READING_DISHES, values);
      // The statement answers one row whatever it wrote (FROM menu_version's one row LEFT JOIN new_order).
      if (!row) throw new Error('The placing statement answered no row');
      // Any refusal below throws, and the transaction rolls back whatever the statement wrote. A seating key came
      // from a scan of the table's current key, so it stands for that key.
      if (!seating) checkTableKey(row.table_key, options.tableKey, options.tableKeys ?? 'optional');
      if (row.earlier) return replay(tx, row.earlier, requestHash);
      if (cached && row.menu_version !== cached.version) {
        // The menu changed after the dishes were cached, and the statement wrote nothing: place it again, reading them.
        cached = undefined;
        continue;
      }
      const menu = cached ? cached.entries : rememberDishes(db, row.menu_version, row.menu ?? []);
      checkNewOrder(input, menu, row.table_key != null, await orderTime(tx, menu.values()));
      if (row.order_id !== undefined && row.order_id !== null) {
        const order = toOrder(row as OrderWithLines);
        checkOrderSize(order, options.maxOrderBytes);
        return { order, created: true };
      }
      if (idempotencyKey !== undefined) {
        // The same key, sent at the same time, won the race and has committed by now.
        const winner = await winnerOf(tx, idempotencyKey);
        if (winner) return replay(tx, winner, requestHash);
      }
      // Otherwise the random id was taken, or the table's first order of a seating was placed at the same time
      // (its seating is committed and visible to the next statement): try again.
    }
    throw new Error('Could not allocate an order id');
  };
  // Always a transaction, even for the single statement: its COMMIT is sent only once the statement has answered and
  // its checks have passed, so an order whose statement timed out (a silent database) is rolled back with its dropped
  // connection. A COMMIT that reached the database but whose answer was lost is another matter: the order exists and
  // the guest was answered 503. A retry with the same Idempotency-Key then finds it (200); without a key it is a
  // second order.
  return db.transaction(place, PLACING_TRANSACTION);
}

/** Locks the order row for the rest of the transaction, so the kitchen cannot move it mid-change. */
async function lockOrder(tx: Queryable, orderID: string): Promise<OrderRow> {
  const [order] = await tx.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE order_id = $1 FOR UPDATE`, [
    orderID,
  ]);
  if (!order) throw orderNotFound(orderID);
  return order;
}

// After its lines changed: also when its slowest dish is now due (what summary's wait is read from).
const touch = (tx: Queryable, orderID: string) =>
  tx.query(
    `UPDATE orders SET updated_at = now(), ready_at = created_at + make_interval(mins => (
       SELECT coalesce(max(m.prep_minutes), 0)::int
       FROM order_lines l JOIN menu_items m ON m.id = l.menu_id WHERE l.order_id = $1))
     WHERE order_id = $1`,
    [orderID],
  );

const hashAddition = (input: AddMenuInput) => createHash('sha256').update(additionFingerprint(input)).digest('hex');

export interface ChangeOptions {
  /** Changes per minute and in all for one order; absent or 0: no limit. */
  limits?: OrderChangeLimits;
  /** The time the per-minute window is counted in. */
  now?: Date;
  /** The most the changed order may weigh as JSON (order-checks.ts); tests lower it. */
  maxOrderBytes?: number;
}

/** Counts one change of the locked order against its limits (refusing it when one is reached), in the caller's transaction. */
async function countOrderChange(tx: Queryable, orderID: string, options: ChangeOptions): Promise<void> {
  const limits = options.limits;
  if (!limits || (limits.perMinute <= 0 && limits.total <= 0)) return;
  const [row] = await tx.query<{ changes: number; changes_window_at: Date | string | null; changes_in_window: number }>(
    'SELECT changes, changes_window_at, changes_in_window FROM orders WHERE order_id = $1',
    [orderID],
  );
  const next = countChange(
    orderID,
    limits,
    {
      total: row?.changes ?? 0,
      windowAt: row?.changes_window_at == null ? null : new Date(row.changes_window_at),
      inWindow: row?.changes_in_window ?? 0,
    },
    options.now ?? new Date(),
  );
  await tx.query('UPDATE orders SET changes = $2, changes_window_at = $3, changes_in_window = $4 WHERE order_id = $1', [
    orderID,
    next.total,
    next.windowAt,
    next.inWindow,
  ]);
}

export interface AddedLine {
  order: Order;
  /** False when the Idempotency-Key had already added this line and the order is answered again. */
  created: boolean;
}

/**
 * Adds a line to an order still being made. With an Idempotency-Key, a repeat of the same addition answers the
 * order again and adds nothing; the same key for another addition is 422. The order's row lock orders concurrent
 * repeats, so exactly one of them adds.
 */
export async function addLine(
  db: Database,
  input: AddMenuInput,
  idempotencyKey?: string,
  changes: ChangeOptions = {},
): Promise<AddedLine> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderID);
    const requestHash = hashAddition(input);
    if (idempotencyKey !== undefined) {
      const [earlier] = await tx.query<{ request_hash: string }>(
        'SELECT request_hash FROM menu_additions WHERE idempotency_key = $1',
        [idempotencyKey],
      );
      if (earlier && earlier.request_hash !== requestHash) throw additionKeyReused();
      if (earlier) return { order: await getOrder(tx, order.order_id), created: false };
    }
    if (!canAddLines(order.status)) throw cannotAddTo(order.order_id, order.status);
    const entry = (await menuEntries(tx, [input.menu_id])).get(input.menu_id);
    checkAddedItem(input, entry, entry ? await orderTime(tx, [entry]) : undefined);
    const [{ lines } = { lines: 0 }] = await tx.query<{ lines: number }>(
      'SELECT count(*)::int AS lines FROM order_lines WHERE order_id = $1',
      [order.order_id],
    );
    if (lines >= LIMITS.linesPerOrder) throw tooManyLines(order.order_id, LIMITS.linesPerOrder);
    await countOrderChange(tx, order.order_id, changes);
    // An add-on: its own ticket at its station's printer, written with it.
    await tx.query(
      `WITH added AS (
         INSERT INTO order_lines (order_id, menu_id, name, unit_price_cents, quantity, note, choices, station, allergens)
         SELECT $1, m.id, m.name, m.price_cents + ch.extra_cents, $3, $4, ch.choices, ${LINE_STATION('m')},
                ${LINE_ALLERGENS('m')}
         FROM menu_items m CROSS JOIN ${CHOSEN('m.id', '$5::text')}
         WHERE m.id = $2
         RETURNING order_id, line_id, station
       )
       ${PRINT_JOBS_FROM('added', 'addition')}`,
      [order.order_id, entry.id, input.quantity, input.note ?? '', choiceIdsJson(input.choices)],
    );
    if (idempotencyKey !== undefined) {
      // A key first used for another order's addition is held by that order's lock, not this one: the primary key
      // still makes the second insert fail, and the whole addition rolls back.
      const inserted = await tx.query(
        `INSERT INTO menu_additions (idempotency_key, order_id, request_hash) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING idempotency_key`,
        [idempotencyKey, order.order_id, requestHash],
      );
      if (inserted.length === 0) throw additionKeyReused();
    }
    await touch(tx, order.order_id);
    const changed = await getOrder(tx, order.order_id);
    checkOrderSize(changed, changes.maxOrderBytes);
    await recordEvent(tx, { type: 'order', orderId: changed.orderID, payload: changed });
    return { order: changed, created: true };
  });
}

export async function removeLine(
  db: Database,
  orderID: string,
  lineId: number,
  changes: ChangeOptions = {},
): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderID);
    const lines = await tx.query<{ line_id: number }>('SELECT line_id FROM order_lines WHERE order_id = $1', [
      order.order_id,
    ]);
    if (!lines.some((line) => line.line_id === lineId)) throw lineNotFound(order.order_id, lineId);
    if (!canRemoveLines(order.status)) throw cannotRemoveFrom(order.order_id, order.status);
    if (lines.length === 1) throw lastLine();
    await countOrderChange(tx, order.order_id, changes);
    // Its station may have started it: it stays on their screen, struck through, until they bump it.
    await tx.query(
      `WITH gone AS (DELETE FROM order_lines WHERE order_id = $1 AND line_id = $2 RETURNING *)
       INSERT INTO removed_lines (line_id, order_id, menu_id, name, quantity, note, choices, station, added_at)
       SELECT line_id, order_id, menu_id, name, quantity, note, choices, station, added_at FROM gone`,
      [order.order_id, lineId],
    );
    await touch(tx, order.order_id);
    const changed = await getOrder(tx, order.order_id);
    await recordEvent(tx, { type: 'order', orderId: changed.orderID, payload: changed });
    return changed;
  });
}

// The kitchen's path handed to SQL as a parameter ({"received":"preparing",…}), built from the one rule in src/domain.
const NEXT_STATUS_MAP = JSON.stringify(
  Object.fromEntries(ADVANCING_STATUSES.map((status) => [status, nextStatus(status)])),
);

/**
 * Moves every order that has spent `paceSeconds` in its status one step on. One statement, so it is atomic.
 * Returns the ids of the orders it moved.
 */
export async function advanceDueOrders(db: Queryable, paceSeconds: number): Promise<string[]> {
  const moved = await db.query<{ order_id: string }>(
    `WITH moved AS (
       UPDATE orders
       SET status = $3::jsonb ->> status, status_changed_at = now(), updated_at = now()
       WHERE status = ANY ($1::text[]) AND status_changed_at <= now() - make_interval(secs => $2::float8)
       RETURNING order_id, status
     ), ${LINES_DONE_FOR('moved')}
     SELECT order_id FROM moved`,
    [ADVANCING_STATUSES, paceSeconds, NEXT_STATUS_MAP],
  );
  return moved.map((row) => row.order_id);
}

/** Moves one order a step on right away, whatever its timing (tests and demos); unknown order is 404. */
export async function advanceOrder(db: Queryable, orderID: string): Promise<KitchenOrder> {
  await db.query(
    `WITH moved AS (
       UPDATE orders
       SET status = $3::jsonb ->> status, status_changed_at = now(), updated_at = now()
       WHERE order_id = $1 AND status = ANY ($2::text[])
       RETURNING order_id, status
     ), ${LINES_DONE_FOR('moved')}
     SELECT 1`,
    [orderID, ADVANCING_STATUSES, NEXT_STATUS_MAP],
  );
  return getOrder(db, orderID);
}
