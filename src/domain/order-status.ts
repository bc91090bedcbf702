// An order's statuses and the kitchen's path through them, shared by the app, the fake provider and the real one.

export const ORDER_STATUSES = ['received', 'preparing', 'ready', 'served', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The kitchen's path, in order; `cancelled` is off the path. */
export const KITCHEN_PATH = ['received', 'preparing', 'ready', 'served'] as const satisfies readonly OrderStatus[];

/** The next step on the kitchen's path; `served` and `cancelled` go nowhere. */
export function nextStatus(status: OrderStatus): OrderStatus | undefined {
  const index = (KITCHEN_PATH as readonly OrderStatus[]).indexOf(status);
  return index === -1 ? undefined : KITCHEN_PATH[index + 1];
}

/** The statuses the kitchen still moves along: every step that has a next one. */
export const ADVANCING_STATUSES: readonly OrderStatus[] = KITCHEN_PATH.filter((status) => nextStatus(status));

/** Lines can be added until the food is ready: after that the kitchen has finished the order. */
export const canAddLines = (status: OrderStatus) => status === 'received' || status === 'preparing';

/** Lines can be removed only before the kitchen starts on them. */
export const canRemoveLines = (status: OrderStatus) => status === 'received';
