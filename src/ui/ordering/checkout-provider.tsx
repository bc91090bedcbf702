// Runs the app's checkout above the router, so a queued order goes whichever screen is open; its code loads after the
// menu's first screen (at once when a reload interrupted an order, or when the cart opens first).
import { createActor } from 'xstate';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CartMachineContext } from '../../machines/cart.context';
import {
  CheckoutAccessContext,
  selectCartLocked,
  type CheckoutAccess,
  type CheckoutActor,
} from '../../machines/checkout-access';
import type { GuestRoot } from '../../machines/guest-root';
import { inspect } from '../../machines/inspect';
import { TableMachineContext } from '../../machines/table.context';
import { setCheckoutBusy } from '../shell/app-update';
import { whenIdleAfterFirstScreen } from '../when-idle';

export function CheckoutProvider({ root, children }: { root: GuestRoot; children: ReactNode }) {
  const cart = CartMachineContext.useActorRef();
  const table = TableMachineContext.useActorRef();
  const [actor, setActor] = useState<CheckoutActor | null>(null);
  const loading = useRef<Promise<CheckoutActor> | null>(null);
  const unmounted = useRef(false);
  const ready = useCallback(
    () =>
      (loading.current ??= root.loadCheckout().then(
        ({ logic, input }) => {
          if (unmounted.current) throw new Error('The app was closed before its checkout started');
          // Its input is read as it starts: an attempt a reload interrupted, the note, the network, the profile.
          const running = createActor(logic, { input: input(cart, table), inspect });
          running.start();
          setActor(running);
          return running;
        },
        (error: unknown) => {
          // Offline as its chunk was wanted (and not cached): the next call fetches it again.
          loading.current = null;
          throw error;
        },
      )),
    [root, cart, table],
  );

  useEffect(() => {
    unmounted.current = false;
    return () => {
      unmounted.current = true;
    };
  }, []);
  useEffect(() => {
    const start = () => void ready().catch(() => {});
    return root.interruptedOrder() ? start() : whenIdleAfterFirstScreen(start);
  }, [root, ready]);
  useEffect(() => (actor ? () => actor.stop() : undefined), [actor]);
  // A new version of the app is not offered while an order is on its way, queued, or may have gone through.
  useEffect(() => {
    if (!actor) return undefined;
    const subscription = actor.subscribe((snapshot) => setCheckoutBusy(selectCartLocked(snapshot)));
    setCheckoutBusy(selectCartLocked(actor.getSnapshot()));
    return () => {
      subscription.unsubscribe();
      setCheckoutBusy(false);
    };
  }, [actor]);

  const access = useMemo<CheckoutAccess>(() => ({ actor, ready }), [actor, ready]);
  return <CheckoutAccessContext.Provider value={access}>{children}</CheckoutAccessContext.Provider>;
}
