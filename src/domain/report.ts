// The day's figures' rules in cents (contract v1.2 "The day's figures"): the business day, each line's charges, the
// hours, ticket times and a whole day from plain records; the fake computes a day with them, the provider its checks.
import { lineCharges, type BillRules, type LineCharges } from './bill';
import { minutesOf, wallClock } from './hours';

const DAY_MS = 86_400_000;

/** When the restaurant's business day starts (`HH:MM` on its clock) and the zone that clock is in. */
export interface BusinessDayRule {
  dayStartsAt: string;
  timeZone: string;
}

/** The zone's offset from UTC at `at`, in milliseconds (the clock is read to the second). */
const offsetAt = (at: number, timeZone: string) => {
  const whole = at - (((at % 1000) + 1000) % 1000);
  return wallClock(whole, timeZone) - whole;
};

/**
 * The instant the clock in `timeZone` shows `wall` (a reading written as a UTC date), read as PostgreSQL's
 * `AT TIME ZONE` reads it, so the provider's SQL and this agree on a day when the clocks change: a reading the clocks
 * skipped takes the offset from before the change, one they showed twice is the later of the two.
 */
export function instantOfWallClock(wall: number, timeZone: string): number {
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const late = wall - after;
  return offsetAt(late, timeZone) === after ? late : wall - before;
}

const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The business day `date` (YYYY-MM-DD): from `dayStartsAt` that day to `dayStartsAt` the next, on the zone's clock. */
export function businessDay(date: string, rule: BusinessDayRule): { start: Date; end: Date } {
  const startsAfter = minutesOf(rule.dayStartsAt) * 60_000;
  const day = dayOf(date);
  return {
    start: new Date(instantOfWallClock(day + startsAfter, rule.timeZone)),
    end: new Date(instantOfWallClock(day + DAY_MS + startsAfter, rule.timeZone)),
  };
}

/** The business day `at` belongs to: with 04:00 starts, 00:40 is still the evening before's. */
export function businessDateOf(at: Date, rule: BusinessDayRule): string {
  const wall = wallClock(at.getTime(), rule.timeZone) - minutesOf(rule.dayStartsAt) * 60_000;
  return new Date(wall).toISOString().slice(0, 10);
}

/** The first day a report may be asked for: the provider keeps no business day before it. */
export const FIRST_REPORT_DATE = '2000-01-01';

export type ReportDateProblem = { kind: 'not_a_date' } | { kind: 'not_started'; today: string };

/** Why a day cannot be reported: not a calendar date from 2000 on (2026-02-30 is not), or a day not yet begun. */
export function reportDateProblem(date: string, now: Date, rule: BusinessDayRule): ReportDateProblem | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date < FIRST_REPORT_DATE) return { kind: 'not_a_date' };
  const [year = 0, month = 0, day = 0] = date.split('-').map(Number);
  // Date.UTC rolls a 13th month or a 30 February over into the next: a real date comes back as written.
  if (new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10) !== date) return { kind: 'not_a_date' };
  const today = businessDateOf(now, rule);
  return date > today ? { kind: 'not_started', today } : null;
}

/** The hour (0–23) the zone's clock shows at `at`. */
export const hourOf = (at: Date, timeZone: string) => new Date(wallClock(at.getTime(), timeZone)).getUTCHours();

/** PostgreSQL's percentile_cont: the value at `fraction` of the sorted values, between neighbours linearly. */
export function percentileCont(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = fraction * (sorted.length - 1);
  const low = sorted[Math.floor(at)] ?? 0;
  const high = sorted[Math.ceil(at)] ?? 0;
  return low + (high - low) * (at - Math.floor(at));
}

/** Ticket times are reported to one decimal of a minute. */
export const roundMinutes = (minutes: number) => Math.round(minutes * 10) / 10;

export interface ReportLine {
  lineId: number;
  menuId: number;
  name: string;
  station: string;
  quantity: number;
  unitCents: number;
  /** For the service charge: not made at the bar, as the bill reads it. */
  food: boolean;
  /** When it reached its station, and when its station bumped it (null: not yet). */
  addedAt: Date;
  doneAt: Date | null;
}

export interface ReportOrder {
  orderId: string;
  status: string;
  cancelReason: string | null;
  tableId: number;
  seatingId: number | null;
  guest: string | null;
  createdAt: Date;
  lines: readonly ReportLine[];
}

export interface ReportPayment {
  id: number;
  seatingId: number;
  method: string;
  amountCents: number;
  tipCents: number;
  createdAt: Date;
}

export interface ReportRefund {
  paymentId: number;
  amountCents: number;
  createdAt: Date;
}

/** Everything the day is computed from: every order, payment and refund there is (the day picks its own). */
export interface DayRecords {
  orders: readonly ReportOrder[];
  payments: readonly ReportPayment[];
  refunds: readonly ReportRefund[];
}

/** The day's figures in cents, as docs/figures.md defines each one. */
export interface DayFigures {
  orders: number;
  covers: number;
  cancelled: { count: number; byReason: Record<string, number> };
  subtotal: number;
  tax: number;
  service: number;
  /** Subtotal, added tax and service charge: the total before tips. */
  due: number;
  tips: number;
  payments: Record<string, number>;
  refunds: number;
  openBalance: number;
  byDish: { menuId: number; name: string; quantity: number; cents: number }[];
  byHour: { hour: number; orders: number; cents: number }[];
  /** Minutes as computed, not yet rounded. */
  ticketMinutes: Record<string, { p50: number; p90: number }>;
}

/** One order line of the day with its charges (all 0 for a cancelled order) and its seating's money so far. */
export interface DayLine {
  order: ReportOrder;
  line: ReportLine;
  charges: LineCharges;
  /** Null for an order without a seating. */
  seating: { paidWithTips: number; balance: number } | null;
}

const NOTHING: LineCharges = { subtotal: 0, tax: 0, service: 0, due: 0 };
const counted = (order: ReportOrder) => order.status !== 'cancelled';
const chargesOf = (order: ReportOrder, line: ReportLine, rules: BillRules) =>
  counted(order) ? lineCharges(line.quantity * line.unitCents, line.food, rules) : NOTHING;
const sumOf = (values: Iterable<number>) => [...values].reduce((sum, value) => sum + value, 0);
/** Keys in order, so every answer of the same day lists them alike. */
const sortedRecord = <T>(entries: Iterable<[string, T]>) =>
  Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

function addTo<K>(map: Map<K, number>, key: K, value: number) {
  map.set(key, (map.get(key) ?? 0) + value);
}

/**
 * The business day `date` from the records: orders placed in it (a cancelled one counts nothing), the money taken
 * and given back in it, and what each seating with an order that day owes on all its orders, by the bill's rules.
 */
export function dayFigures(
  date: string,
  rule: BusinessDayRule,
  rules: BillRules,
  records: DayRecords,
): { figures: DayFigures; lines: DayLine[] } {
  const { start, end } = businessDay(date, rule);
  const within = (at: Date) => at.getTime() >= start.getTime() && at.getTime() < end.getTime();
  const dayOrders = records.orders.filter((order) => within(order.createdAt));
  const kept = dayOrders.filter(counted);
  const cancelled = dayOrders.filter((order) => !counted(order));

  const seatingIds = new Set(dayOrders.flatMap((order) => (order.seatingId === null ? [] : [order.seatingId])));
  const seatings = new Map<number, { paidWithTips: number; balance: number }>();
  for (const seatingId of seatingIds) {
    const due = sumOf(
      records.orders
        .filter((order) => order.seatingId === seatingId)
        .flatMap((order) => order.lines.map((line) => chargesOf(order, line, rules).due)),
    );
    const own = records.payments.filter((payment) => payment.seatingId === seatingId);
    const ownIds = new Set(own.map((payment) => payment.id));
    const refunded = sumOf(records.refunds.filter((r) => ownIds.has(r.paymentId)).map((r) => r.amountCents));
    const amounts = sumOf(own.map((payment) => payment.amountCents));
    const tips = sumOf(own.map((payment) => payment.tipCents));
    seatings.set(seatingId, { paidWithTips: amounts + tips - refunded, balance: due - (amounts - refunded) });
  }

  const lines: DayLine[] = dayOrders
    .flatMap((order) =>
      order.lines.map((line) => ({
        order,
        line,
        charges: chargesOf(order, line, rules),
        seating: order.seatingId === null ? null : (seatings.get(order.seatingId) ?? null),
      })),
    )
    .sort(
      (a, b) =>
        a.order.createdAt.getTime() - b.order.createdAt.getTime() ||
        (a.order.orderId < b.order.orderId ? -1 : a.order.orderId > b.order.orderId ? 1 : 0) ||
        a.line.lineId - b.line.lineId,
    );
  const keptLines = lines.filter((one) => counted(one.order));

  const dishes = new Map<number, { menuId: number; name: string; lastLine: number; quantity: number; cents: number }>();
  const hours = new Map<number, { hour: number; orders: Set<string>; cents: number; firstAt: number }>();
  const stations = new Map<string, number[]>();
  for (const { order, line, charges } of keptLines) {
    const dish = dishes.get(line.menuId) ?? {
      menuId: line.menuId,
      name: line.name,
      lastLine: 0,
      quantity: 0,
      cents: 0,
    };
    // A dish renamed during the day is named as its latest line has it.
    if (line.lineId > dish.lastLine) Object.assign(dish, { name: line.name, lastLine: line.lineId });
    dish.quantity += line.quantity;
    dish.cents += charges.subtotal;
    dishes.set(line.menuId, dish);

    const hour = hourOf(order.createdAt, rule.timeZone);
    const bucket = hours.get(hour) ?? { hour, orders: new Set<string>(), cents: 0, firstAt: Infinity };
    bucket.orders.add(order.orderId);
    bucket.cents += charges.subtotal;
    bucket.firstAt = Math.min(bucket.firstAt, order.createdAt.getTime());
    hours.set(hour, bucket);

    if (line.doneAt !== null) {
      const minutes = (line.doneAt.getTime() - line.addedAt.getTime()) / 60_000;
      stations.set(line.station, [...(stations.get(line.station) ?? []), minutes]);
    }
  }

  const reasons = new Map<string, number>();
  for (const order of cancelled) addTo(reasons, order.cancelReason ?? '', 1);
  const dayPayments = records.payments.filter((payment) => within(payment.createdAt));
  const methods = new Map<string, number>();
  for (const payment of dayPayments) addTo(methods, payment.method, payment.amountCents + payment.tipCents);

  const figures: DayFigures = {
    orders: kept.length,
    covers: new Set(kept.map((order) => order.seatingId ?? `order ${order.orderId}`)).size,
    cancelled: { count: cancelled.length, byReason: sortedRecord(reasons) },
    subtotal: sumOf(keptLines.map((one) => one.charges.subtotal)),
    tax: sumOf(keptLines.map((one) => one.charges.tax)),
    service: sumOf(keptLines.map((one) => one.charges.service)),
    due: sumOf(keptLines.map((one) => one.charges.due)),
    tips: sumOf(dayPayments.map((payment) => payment.tipCents)),
    payments: sortedRecord(methods),
    refunds: sumOf(records.refunds.filter((refund) => within(refund.createdAt)).map((refund) => refund.amountCents)),
    openBalance: sumOf([...seatings.values()].map((seating) => Math.max(0, seating.balance))),
    byDish: [...dishes.values()]
      .sort((a, b) => b.quantity - a.quantity || b.cents - a.cents || a.menuId - b.menuId)
      .map(({ menuId, name, quantity, cents }) => ({ menuId, name, quantity, cents })),
    byHour: [...hours.values()]
      .sort((a, b) => a.firstAt - b.firstAt)
      .map(({ hour, orders, cents }) => ({ hour, orders: orders.size, cents })),
    ticketMinutes: sortedRecord(
      [...stations].map(([station, minutes]) => [
        station,
        { p50: percentileCont(minutes, 0.5), p90: percentileCont(minutes, 0.9) },
      ]),
    ),
  };
  return { figures, lines };
}
