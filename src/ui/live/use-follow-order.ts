// Asks the live stream to carry one order's events while the screen showing it is open.
import { useContext, useEffect } from 'react';
import { GuestLiveActor } from './guest-live';

export function useFollowOrder(orderID: string): void {
  // Null until the stream's code is in; the order is followed from then on.
  const live = useContext(GuestLiveActor);
  useEffect(() => {
    if (!live) return;
    live.send({ type: 'live.follow', orderID });
    return () => live.send({ type: 'live.follow', orderID: null });
  }, [live, orderID]);
}
