// The restaurant's order rules in one place, shared by the real provider and the MSW fake.
import type { OrderStatus, TableStatus } from '../../src/api/schemas';

/** The kitchen's path; `cancelled` and `served` go nowhere. */
const NEXT_STATUS: Partial<Record<OrderStatus, OrderStatus>> = {
  received: 'preparing',
  preparing: 'ready',
  ready: 'served',
};

export function nextStatus(status: OrderStatus): OrderStatus | undefined {
  return NEXT_STATUS[status];
}

/** The statuses the kitchen still moves along (the SQL worker uses the same list). */
export const ADVANCING_STATUSES: readonly OrderStatus[] = ['received', 'preparing', 'ready'];

/** Lines can be added until the food is ready: after that the kitchen has finished the order. */
export const canAddLines = (status: OrderStatus) => status === 'received' || status === 'preparing';

/** Lines can be removed only before the kitchen starts on them. */
export const canRemoveLines = (status: OrderStatus) => status === 'received';

/** `summary.open_orders`: orders the kitchen has not finished. */
export const OPEN_STATUSES: readonly OrderStatus[] = ['received', 'preparing'];

/** Guests are at the table until their food is served; `served` releases it back to its floor-plan status. */
export const TABLE_OCCUPYING_STATUSES: readonly OrderStatus[] = ['received', 'preparing', 'ready'];

export function effectiveTableStatus(floorStatus: TableStatus, hasOccupyingOrder: boolean): TableStatus {
  return hasOccupyingOrder ? 'occupied' : floorStatus;
}

export interface OpenOrderLoad {
  createdAt: Date;
  /** The longest preparation time among the order's lines: dishes are cooked side by side. */
  prepMinutes: number;
}

/**
 * `summary.average_wait_minutes`: how long the open orders still have to wait, on average, in whole minutes.
 * Each open order waits for its slowest dish minus the time already spent; an overdue order still counts one
 * minute, since it is not served yet.
 */
export function averageWaitMinutes(open: readonly OpenOrderLoad[], now: Date): number {
  if (open.length === 0) return 0;
  const remaining = open.map(({ createdAt, prepMinutes }) => {
    const elapsed = (now.getTime() - createdAt.getTime()) / 60_000;
    return Math.max(1, prepMinutes - elapsed);
  });
  return Math.round(remaining.reduce((sum, minutes) => sum + minutes, 0) / remaining.length);
}

/** Totals are kept in whole cents so that sums of prices never drift. */
export const toCents = (amount: number) => Math.round(amount * 100);
export const fromCents = (cents: number) => cents / 100;

/** The spec's price rule (digits and '.' kept, non-numeric is 0), in cents, for items priced as text. */
export function priceToCents(price: number | string): number {
  const amount = typeof price === 'number' ? price : Number(price.replace(/[^0-9.]/g, ''));
  return Number.isFinite(amount) && amount > 0 ? toCents(amount) : 0;
}
