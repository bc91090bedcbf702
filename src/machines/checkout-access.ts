// The running checkout, for whatever needs it: its machine is a chunk of its own, started once the menu's first screen
// is up, at once when a reload interrupted an order, or by the cart as it opens (`CheckoutProvider` runs it).
import { createContext, useContext } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { checkoutMachine } from './checkout.machine';

export type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;
export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

export interface CheckoutAccess {
  /** The running checkout; null until its code is in. */
  actor: CheckoutActor | null;
  /**
   * The running checkout once its code is in, loading and starting it now if need be (the cart asks as it opens). The
   * same promise until it settles; after a failure (its chunk could not be downloaded) the next call tries again.
   */
  ready(): Promise<CheckoutActor>;
}

export const CheckoutAccessContext = createContext<CheckoutAccess | null>(null);

export function useCheckoutAccess(): CheckoutAccess {
  const access = useContext(CheckoutAccessContext);
  if (!access) throw new Error('The checkout needs the app providers');
  return access;
}

/** An order is on its way (a new attempt, a Retry, or an attempt a reload interrupted). */
export const selectIsSending = (snapshot: CheckoutSnapshot) => snapshot.matches('submitting');
/** The last attempt failed in a way that does not say whether the order was placed: only Retry (same key) can tell. */
export const selectFailureIsUncertain = (snapshot: CheckoutSnapshot) => snapshot.matches({ failed: 'uncertain' });
/** Placed offline: the order waits on the device and goes by itself when the network is back. */
export const selectIsQueued = (snapshot: CheckoutSnapshot) => snapshot.matches('queued');
/** While an order is on its way, queued, or may have gone through, the cart is locked, so what is sent is what the guest saw. */
export const selectCartLocked = (snapshot: CheckoutSnapshot) =>
  selectIsSending(snapshot) || selectIsQueued(snapshot) || selectFailureIsUncertain(snapshot);
