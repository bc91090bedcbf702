// The provider's order rules, shared by the real provider and the MSW fake; the rules the app shares too live in src/domain.
import type { TableStatus } from '../../contract/guest';
import type { OrderStatus } from '../../src/domain/order-status';

export { fromCents, toCents } from '../../src/domain/money';
export { ADVANCING_STATUSES, canAddLines, canRemoveLines, nextStatus } from '../../src/domain/order-status';
export { priceToCents } from '../../src/domain/price';

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
  return averageWaitFromTotal(
    remaining.reduce((sum, minutes) => sum + minutes, 0),
    remaining.length,
  );
}

/** The same average from the open orders' summed remaining minutes (the provider sums them in SQL). */
export function averageWaitFromTotal(totalMinutes: number, openOrders: number): number {
  return openOrders === 0 ? 0 : Math.round(totalMinutes / openOrders);
}
