// The last order placed, for the app's frame to tell: the store the checkout writes to, apart from the notice's chunk.
import { createContext } from 'react';
import type { Order } from '../../../contract/guest';

interface Notice {
  orderID: string;
  /** Its page was opened for the guest, who was waiting on the cart: nothing more to show. */
  opened: boolean;
}

/**
 * The last order placed, for the app's frame. The checkout that places it runs above the router (guest-root.ts), so
 * an order queued offline may go through on any screen: the guest is told there rather than taken away from it.
 */
export function createPlacedOrderNotices() {
  let current: Notice | null = null;
  const listeners = new Set<() => void>();
  const set = (next: Notice | null) => {
    current = next;
    listeners.forEach((listener) => listener());
  };
  return {
    tell: (order: Order, { opened }: { opened: boolean }) => set({ orderID: order.orderID, opened }),
    dismiss: () => set(null),
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    current: () => current,
  };
}

export type PlacedOrderNotices = ReturnType<typeof createPlacedOrderNotices>;

export const PlacedOrderNoticesContext = createContext<PlacedOrderNotices>(createPlacedOrderNotices());
