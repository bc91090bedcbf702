// The kitchen's rules (stations, lines done, tickets, all-day counts, timers, the queue), shared by the app, the fake and the provider.
import type { OrderStatus } from './order-status';

/** Where a dish with no station of its own or its category's is made. */
export const DEFAULT_STATION = 'kitchen';

/** How far back a bumped ticket can be recalled. */
export const RECALL_MINUTES = 15;

/** A cancelled order's struck-through ticket stays at its stations this long at most, bumped or not. */
export const VOID_SHOWN_HOURS = 12;

/** The fields of a line the rules read; an older provider may send none of the kitchen's. */
export interface KitchenLineLike {
  line_id: number;
  menu_id: number;
  name: string;
  quantity: number;
  station?: string | undefined;
  done_at?: string | null | undefined;
  added_at?: string | undefined;
}

export interface RemovedLineLike {
  line_id: number;
  station: string;
}

export interface KitchenOrderLike<Line extends KitchenLineLike = KitchenLineLike> {
  orderID: string;
  status: OrderStatus;
  created_at: string;
  items: readonly Line[];
  removed_items?: readonly RemovedLineLike[] | undefined;
}

export const stationOf = (line: { station?: string | undefined }) => line.station ?? DEFAULT_STATION;

/** A line is done when its station bumped it; without line statuses (an older provider), when the order is ready. */
export function isLineDone(order: { status: OrderStatus }, line: KitchenLineLike): boolean {
  if (line.done_at !== undefined) return line.done_at !== null;
  return order.status === 'ready' || order.status === 'served';
}

/** A line added after the order was placed: an add-on, marked as such on tickets. */
export function isAddOn(order: { created_at: string }, line: { added_at?: string | undefined }): boolean {
  return line.added_at !== undefined && Date.parse(line.added_at) > Date.parse(order.created_at);
}

const byName = (a: string, b: string) => (a === DEFAULT_STATION ? -1 : b === DEFAULT_STATION ? 1 : a.localeCompare(b));

/** Every station an order touches, the default station first. */
export function stationsOf(order: KitchenOrderLike): string[] {
  const stations = new Set(order.items.map(stationOf));
  for (const removed of order.removed_items ?? []) stations.add(removed.station);
  return [...stations].sort(byName);
}

/** The stations still making something of the order (what the expo waits for). */
export function waitingFor(order: KitchenOrderLike): string[] {
  if (order.status === 'cancelled') return [];
  return [...new Set(order.items.filter((line) => !isLineDone(order, line)).map(stationOf))].sort(byName);
}

const isOpenStatus = (status: OrderStatus) => status === 'received' || status === 'preparing' || status === 'ready';

/**
 * Whether a station's screen shows the order: a line of its still to make, a removed line it has not bumped, or a
 * cancelled order's lines it had not finished (struck through until bumped, never silently gone).
 */
export function hasWorkAt(order: KitchenOrderLike, station: string): boolean {
  if (order.removed_items?.some((removed) => removed.station === station)) return true;
  if (!isOpenStatus(order.status) && order.status !== 'cancelled') return false;
  return order.items.some((line) => stationOf(line) === station && !isLineDone(order, line));
}

/** The order as one station sees it: only its lines and removed lines, plus every station the order touches. */
export function stationView<Order extends KitchenOrderLike>(
  order: Order,
  station: string,
): Order & { stations: string[] } {
  return {
    ...order,
    items: order.items.filter((line) => stationOf(line) === station),
    removed_items: (order.removed_items ?? []).filter((removed) => removed.station === station),
    stations: stationsOf(order),
  };
}

/** The order's status once some of its lines are done: work has started, or everything is ready. */
export function statusAfterLinesDone(status: OrderStatus, allDone: boolean): OrderStatus {
  if (status !== 'received' && status !== 'preparing') return status;
  return allDone ? 'ready' : 'preparing';
}

/** Moving the whole order to one of these marks every line done (as the kitchen of v1.1 did). */
export const finishesLines = (status: OrderStatus) => status === 'ready' || status === 'served';

export interface AllDayCount {
  menu_id: number;
  name: string;
  station: string;
  quantity: number;
}

/**
 * How many of each dish are still to make across the open tickets, most first (then by name); only `station`'s when
 * given. Cancelled orders and done lines count for nothing.
 */
export function allDayCounts(orders: readonly KitchenOrderLike[], station?: string): AllDayCount[] {
  const counts = new Map<string, AllDayCount>();
  for (const order of orders) {
    if (!isOpenStatus(order.status)) continue;
    for (const line of order.items) {
      const at = stationOf(line);
      if ((station !== undefined && at !== station) || isLineDone(order, line)) continue;
      const key = `${at}\u0000${line.menu_id}`;
      const count = counts.get(key);
      if (count) count.quantity += line.quantity;
      else counts.set(key, { menu_id: line.menu_id, name: line.name, station: at, quantity: line.quantity });
    }
  }
  return [...counts.values()].sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name));
}

export interface TimerThresholds {
  warn_minutes: number;
  late_minutes: number;
}

export type TimerLevel = 'ok' | 'warn' | 'late';

export function timerLevel(elapsedMs: number, thresholds: TimerThresholds): TimerLevel {
  const minutes = elapsedMs / 60_000;
  if (minutes >= thresholds.late_minutes) return 'late';
  return minutes >= thresholds.warn_minutes ? 'warn' : 'ok';
}

/** "7:05" for seven minutes and five seconds; "1:02:00" past the hour. */
export function formatTimer(elapsedMs: number): string {
  const total = Math.max(0, Math.floor(elapsedMs / 1000));
  const seconds = String(total % 60).padStart(2, '0');
  const minutes = Math.floor(total / 60);
  if (minutes < 60) return `${minutes}:${seconds}`;
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}:${seconds}`;
}

// --- The queue: the guests' wait from the tickets ahead ------------------------------------------------------------

/** One order's part at one station: its undone lines there and the slowest of their preparation times. */
export interface QueueTicket {
  orderID: string;
  station: string;
  /** Milliseconds since the epoch, and the order's place in line (its sequence) for orders placed at once. */
  placedAt: number;
  sequence: number;
  prepMinutes: number;
}

export interface StationWait {
  station: string;
  tickets_ahead: number;
  ready_in_minutes: number;
}

export interface OrderWait {
  ready_in_minutes: number;
  tickets_ahead: number;
  stations: StationWait[];
}

/** What is left of a ticket's work: its preparation time less the time since it was placed, at least a minute. */
const remainingMinutes = (ticket: QueueTicket, now: number) =>
  Math.max(1, ticket.prepMinutes - (now - ticket.placedAt) / 60_000);

const isAhead = (ticket: QueueTicket, of: QueueTicket) =>
  ticket.placedAt < of.placedAt || (ticket.placedAt === of.placedAt && ticket.sequence < of.sequence);

/**
 * An order's wait at each station it still waits for: the work left on the tickets ahead of it there, shared by the
 * tickets the station makes at once (`parallel`), plus its own work left; the order is ready when its slowest station
 * is. An order with nothing left to make waits 0.
 */
export function orderWait(
  tickets: readonly QueueTicket[],
  orderID: string,
  parallelOf: (station: string) => number,
  now: number,
): OrderWait {
  const stations: StationWait[] = [];
  for (const own of tickets.filter((ticket) => ticket.orderID === orderID)) {
    const ahead = tickets.filter((ticket) => ticket.station === own.station && isAhead(ticket, own));
    const queued = ahead.reduce((sum, ticket) => sum + remainingMinutes(ticket, now), 0);
    stations.push({
      station: own.station,
      tickets_ahead: ahead.length,
      ready_in_minutes: Math.ceil(queued / Math.max(1, parallelOf(own.station)) + remainingMinutes(own, now)),
    });
  }
  stations.sort((a, b) => byName(a.station, b.station));
  return {
    ready_in_minutes: Math.max(0, ...stations.map((station) => station.ready_in_minutes)),
    tickets_ahead: Math.max(0, ...stations.map((station) => station.tickets_ahead)),
    stations,
  };
}

/** The wait a new order would see: the busiest station's work left, shared by the tickets it makes at once. */
export function queueWaitMinutes(
  tickets: readonly QueueTicket[],
  parallelOf: (station: string) => number,
  now: number,
): number {
  const work = new Map<string, number>();
  for (const ticket of tickets)
    work.set(ticket.station, (work.get(ticket.station) ?? 0) + remainingMinutes(ticket, now));
  let busiest = 0;
  for (const [station, minutes] of work) busiest = Math.max(busiest, minutes / Math.max(1, parallelOf(station)));
  return busiest;
}
