// Tells the guest an order was placed: announced always, and, when they were not on the cart, a notice with a link to it
// (frame-notices.tsx).
import { createContext, useContext, useEffect, useId, useSyncExternalStore } from 'react';
import type { Order } from '../../../contract/orders';
import { useAnnounce } from '../feedback/live-announcer';
import { t } from '../i18n/i18n';
import { PlacedOrderPiece } from './frame-notice-pieces';

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

export function PlacedOrderNotice() {
  const notices = useContext(PlacedOrderNoticesContext);
  const notice = useSyncExternalStore(notices.subscribe, notices.current, notices.current);
  const announce = useAnnounce();
  const textId = useId();
  useEffect(() => {
    if (notice) announce(t('announce.orderPlaced', { id: notice.orderID }));
  }, [notice, announce]);
  if (!notice || notice.opened) return null;
  return <PlacedOrderPiece orderID={notice.orderID} textId={textId} dismiss={notices.dismiss} />;
}
