// The table's orders grouped by who placed them, in the order each guest first ordered.
import type { TableOrder } from '../../../contract/orders';

export interface GuestGroup {
  /** The guest's name, or null for orders placed without one. */
  guest: string | null;
  orders: TableOrder[];
  /** The group's orders' totals, cancelled ones left out (as the provider's table total). */
  total: number;
}

export function groupByGuest(orders: readonly TableOrder[]): GuestGroup[] {
  const groups = new Map<string | null, GuestGroup>();
  for (const order of orders) {
    const group = groups.get(order.guest) ?? { guest: order.guest, orders: [], total: 0 };
    group.orders.push(order);
    // In cents, so a dozen orders add up to what the provider says.
    if (order.status !== 'cancelled') group.total = Math.round(group.total * 100 + order.total * 100) / 100;
    groups.set(order.guest, group);
  }
  return [...groups.values()];
}
