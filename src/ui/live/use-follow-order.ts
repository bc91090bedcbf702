// Asks the live stream to carry one order's events while the screen showing it is open.
import { useEffect } from 'react';
import { LiveMachineContext } from '../../machines/live.context';

export function useFollowOrder(orderID: string): void {
  const live = LiveMachineContext.useActorRef();
  useEffect(() => {
    live.send({ type: 'live.follow', orderID });
    return () => live.send({ type: 'live.follow', orderID: null });
  }, [live, orderID]);
}
