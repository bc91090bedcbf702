// The day's figures (contract v1.2), computed by SQL from the orders, lines, seatings, shares, payments and refunds
// themselves: no second bookkeeping that could drift. Cents throughout, each line's tax and service charge rounded
// half up on the line as src/domain/bill.ts does, so a seating's bill and the report agree to the cent.
import type { DayReport } from '../../contract/reports';
import type { Restaurant } from '../../contract/restaurant';
import { PPM, ppm } from '../../src/domain/bill';
import type { DayFigures } from '../../src/domain/report';
import type { Database } from '../db/database';
import { readRestaurant } from '../restaurant/restaurant-store';
import type { DayLineRow } from './report-csv';
import { checkReportDate } from './report-parsing';
import { toDayReport } from './report-view';

/**
 * The day's bounds and rules as typed parameters every statement shares: $1 date, $2 day_starts_at, $3 time zone,
 * $4 tax rate (ppm), $5 tax included, $6 service charge rate (ppm, 0 for none), $7 service charge on everything.
 * The business day runs from day_starts_at on that date to day_starts_at the next, on the restaurant's clock; a day
 * when the clocks change is 23 or 25 hours long, as PostgreSQL's time zone rules make it.
 */
const DAY = `
  params AS (
    SELECT $1::date AS day, $2::time AS starts, $3::text AS zone, $4::bigint AS tax_ppm, $5::boolean AS tax_included,
           $6::bigint AS service_ppm, $7::boolean AS service_on_all
  ), bounds AS (
    SELECT (day + starts) AT TIME ZONE zone AS day_start, (day + 1 + starts) AT TIME ZONE zone AS day_end FROM params
  ), day_orders AS (
    SELECT o.order_id, o.status, o.cancel_reason, o.seating_id, o.created_at, o.table_id, o.guest
    FROM orders o, bounds b WHERE o.created_at >= b.day_start AND o.created_at < b.day_end
  )`;

/**
 * `lines_of(source)`: a source's lines with their charges, by the bill's rules: "food" for the service charge is any
 * line whose dish (else its category) is not made at the bar, as the bill reads it; a cancelled order's lines count
 * nothing. divideHalfUp(n, d) = floor((2n + d) / (2d)); every n is ≥ 0, so integer division is the floor.
 */
const CHARGED = (source: string) => `
    SELECT x.*,
      CASE WHEN NOT x.counted THEN 0
           WHEN p.tax_included THEN (2 * x.sub * p.tax_ppm + ${PPM} + p.tax_ppm) / (2 * (${PPM} + p.tax_ppm))
           ELSE (2 * x.sub * p.tax_ppm + ${PPM}) / ${2 * PPM} END AS tax,
      CASE WHEN NOT x.counted OR p.service_ppm = 0 OR NOT (p.service_on_all OR x.food) THEN 0
           ELSE (2 * x.sub * p.service_ppm + ${PPM}) / ${2 * PPM} END AS service
    FROM (
      SELECT o.order_id, o.status, o.created_at, o.seating_id, l.line_id, l.menu_id, l.name, l.quantity,
             l.unit_price_cents, l.station, l.added_at, l.done_at, o.status <> 'cancelled' AS counted,
             l.quantity::bigint * l.unit_price_cents AS sub,
             coalesce(m.station, c.station) IS DISTINCT FROM 'bar' AS food
      FROM ${source} o
      JOIN order_lines l ON l.order_id = o.order_id
      JOIN menu_items m ON m.id = l.menu_id
      JOIN sub_categories sc ON sc.id = m.sub_category_id
      JOIN categories c ON c.id = sc.category_id
    ) x, params p`;

const DUE = `(c.sub + CASE WHEN p.tax_included THEN 0 ELSE c.tax END + c.service)`;

/** The day's lines with their charges, and what each seating of the day owes in all (its every order, any day). */
const WITH_DAY = `
  WITH ${DAY},
  charged AS (${CHARGED('day_orders')}),
  day_seatings AS (SELECT DISTINCT seating_id FROM day_orders WHERE seating_id IS NOT NULL),
  seating_orders AS (
    SELECT o.order_id, o.status, o.created_at, o.seating_id FROM orders o JOIN day_seatings d USING (seating_id)
  ),
  seating_due AS (
    SELECT c.seating_id, sum(${DUE})::bigint AS due FROM (${CHARGED('seating_orders')}) c, params p
    WHERE c.counted GROUP BY c.seating_id
  ),
  seating_paid AS (
    SELECT d.seating_id,
      coalesce((SELECT sum(pay.amount_cents) FROM payments pay WHERE pay.seating_id = d.seating_id), 0)
      - coalesce((SELECT sum(r.amount_cents) FROM refunds r JOIN payments pay ON pay.id = r.payment_id
                  WHERE pay.seating_id = d.seating_id), 0) AS paid,
      coalesce((SELECT sum(pay.amount_cents + pay.tip_cents) FROM payments pay WHERE pay.seating_id = d.seating_id), 0)
      - coalesce((SELECT sum(r.amount_cents) FROM refunds r JOIN payments pay ON pay.id = r.payment_id
                  WHERE pay.seating_id = d.seating_id), 0) AS paid_with_tips
    FROM day_seatings d
  ),
  seating_balance AS (
    SELECT d.seating_id, coalesce(sd.due, 0) - sp.paid AS balance, sp.paid_with_tips
    FROM day_seatings d JOIN seating_paid sp USING (seating_id) LEFT JOIN seating_due sd USING (seating_id)
  ),
  day_payments AS (SELECT pay.* FROM payments pay, bounds b WHERE pay.created_at >= b.day_start AND pay.created_at < b.day_end),
  day_refunds AS (SELECT r.* FROM refunds r, bounds b WHERE r.created_at >= b.day_start AND r.created_at < b.day_end)`;

const HEADLINE = `${WITH_DAY}
  SELECT
    (SELECT count(*) FROM day_orders WHERE status <> 'cancelled')::int AS orders,
    (SELECT count(DISTINCT coalesce(seating_id::text, 'order ' || order_id)) FROM day_orders
     WHERE status <> 'cancelled')::int AS covers,
    (SELECT count(*) FROM day_orders WHERE status = 'cancelled')::int AS cancelled,
    (SELECT coalesce(sum(c.sub) FILTER (WHERE c.counted), 0) FROM charged c)::bigint AS subtotal,
    (SELECT coalesce(sum(c.tax), 0) FROM charged c)::bigint AS tax,
    (SELECT coalesce(sum(c.service), 0) FROM charged c)::bigint AS service,
    (SELECT coalesce(sum(${DUE}) FILTER (WHERE c.counted), 0) FROM charged c, params p)::bigint AS due,
    (SELECT coalesce(sum(tip_cents), 0) FROM day_payments)::bigint AS tips,
    (SELECT coalesce(sum(amount_cents), 0) FROM day_refunds)::bigint AS refunds,
    (SELECT coalesce(sum(greatest(balance, 0)), 0) FROM seating_balance)::bigint AS open_balance,
    (SELECT coalesce(json_object_agg(reason, n ORDER BY reason COLLATE "C"), '{}'::json) FROM (
       SELECT coalesce(cancel_reason, '') AS reason, count(*)::int AS n FROM day_orders WHERE status = 'cancelled'
       GROUP BY 1) r) AS by_reason,
    (SELECT coalesce(json_object_agg(method, cents ORDER BY method COLLATE "C"), '{}'::json) FROM (
       SELECT method, sum(amount_cents + tip_cents)::bigint AS cents FROM day_payments GROUP BY method) m) AS payments,
    (SELECT coalesce(json_agg(json_build_object('menu_id', menu_id, 'name', name, 'quantity', quantity, 'cents', cents)
                              ORDER BY quantity DESC, cents DESC, menu_id), '[]'::json) FROM (
       SELECT menu_id, (array_agg(name ORDER BY line_id DESC))[1] AS name, sum(quantity)::int AS quantity,
              sum(sub)::bigint AS cents
       FROM charged WHERE counted GROUP BY menu_id) d) AS by_dish,
    (SELECT coalesce(json_agg(json_build_object('hour', hour, 'orders', orders, 'cents', cents) ORDER BY first_at),
                     '[]'::json) FROM (
       SELECT extract(hour FROM c.created_at AT TIME ZONE p.zone)::int AS hour, count(DISTINCT c.order_id)::int AS orders,
              sum(c.sub)::bigint AS cents, min(c.created_at) AS first_at
       FROM charged c, params p WHERE c.counted GROUP BY 1) h) AS by_hour,
    (SELECT coalesce(json_object_agg(station, json_build_object('p50', p50, 'p90', p90) ORDER BY station COLLATE "C"),
                     '{}'::json) FROM (
       SELECT station,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM done_at - added_at) / 60) AS p50,
              percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM done_at - added_at) / 60) AS p90
       FROM charged WHERE counted AND done_at IS NOT NULL GROUP BY station) t) AS ticket_minutes`;

const LINES = `${WITH_DAY}
  SELECT c.order_id, api_time(c.created_at) AS ordered_at, c.status, coalesce(o.cancel_reason, '') AS cancel_reason,
         coalesce(t.name, o.table_id::text) AS table_name, c.seating_id, coalesce(o.guest, '') AS guest, c.line_id,
         c.menu_id, c.name, c.station, c.quantity, c.unit_price_cents, CASE WHEN c.counted THEN c.sub ELSE 0 END AS sub,
         c.tax, c.service, api_time(c.added_at) AS added_at, api_time(c.done_at) AS done_at,
         sb.paid_with_tips, sb.balance
  FROM charged c JOIN day_orders o USING (order_id)
  LEFT JOIN dining_tables t ON t.id = o.table_id
  LEFT JOIN seating_balance sb ON sb.seating_id = c.seating_id
  ORDER BY c.created_at, c.order_id, c.line_id`;

type Cents = number | string | bigint;

interface HeadlineRow {
  orders: number;
  covers: number;
  cancelled: number;
  subtotal: Cents;
  tax: Cents;
  service: Cents;
  due: Cents;
  tips: Cents;
  refunds: Cents;
  open_balance: Cents;
  by_reason: Record<string, number>;
  payments: Record<string, Cents>;
  by_dish: { menu_id: number; name: string; quantity: number; cents: Cents }[];
  by_hour: { hour: number; orders: number; cents: Cents }[];
  ticket_minutes: Record<string, { p50: number; p90: number }>;
}

/** jsonb/json come back parsed from PGlite and from pg, unless a type parser says otherwise: accept both. */
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The statement's row as the domain's figures in cents (bigint sums arrive as strings from pg). */
function figuresOf(row: HeadlineRow): DayFigures {
  return {
    orders: row.orders,
    covers: row.covers,
    cancelled: { count: row.cancelled, byReason: parsed(row.by_reason) },
    subtotal: Number(row.subtotal),
    tax: Number(row.tax),
    service: Number(row.service),
    due: Number(row.due),
    tips: Number(row.tips),
    payments: Object.fromEntries(
      Object.entries(parsed(row.payments)).map(([method, cents]) => [method, Number(cents)]),
    ),
    refunds: Number(row.refunds),
    openBalance: Number(row.open_balance),
    byDish: parsed(row.by_dish).map(({ menu_id, name, quantity, cents }) => ({
      menuId: menu_id,
      name,
      quantity,
      cents: Number(cents),
    })),
    byHour: parsed(row.by_hour).map(({ hour, orders, cents }) => ({ hour, orders, cents: Number(cents) })),
    ticketMinutes: Object.fromEntries(
      Object.entries(parsed(row.ticket_minutes)).map(([station, { p50, p90 }]) => [
        station,
        { p50: Number(p50), p90: Number(p90) },
      ]),
    ),
  };
}

function paramsOf(date: string, restaurant: Restaurant): unknown[] {
  const service = restaurant.service_charge;
  return [
    date,
    restaurant.day_starts_at,
    restaurant.time_zone,
    ppm(restaurant.tax.rate),
    restaurant.tax.included,
    service ? ppm(service.rate) : 0,
    service?.applies_to === 'all',
  ];
}

export async function readDayReport(db: Database, date: string, now: Date): Promise<DayReport> {
  return db.transaction(async (tx) => {
    const restaurant = await readRestaurant(tx);
    checkReportDate(date, restaurant, now);
    const [row] = await tx.query<HeadlineRow>(HEADLINE, paramsOf(date, restaurant));
    if (!row) throw new Error('The day report answered no row');
    return toDayReport(date, figuresOf(row));
  });
}

export async function readDayLines(
  db: Database,
  date: string,
  now: Date,
): Promise<{ restaurant: Restaurant; lines: DayLineRow[] }> {
  return db.transaction(async (tx) => {
    const restaurant = await readRestaurant(tx);
    checkReportDate(date, restaurant, now);
    return { restaurant, lines: await tx.query<DayLineRow>(LINES, paramsOf(date, restaurant)) };
  });
}
