// React access to the running checkout for the cart's screens, with the selectors the UI reads.
import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import {
  selectCartLocked,
  selectFailureIsUncertain,
  selectIsQueued,
  selectIsSending,
  type CheckoutActor,
  type CheckoutSnapshot,
} from './checkout-access';
import { draftOf } from './checkout.machine';

export { selectCartLocked, selectFailureIsUncertain, selectIsQueued, selectIsSending };

/** The running checkout, for the cart's screens: provided by the cart once it is running (it waits for it). */
export const CheckoutContext = createContext<CheckoutActor | null>(null);

export function useCheckout(): CheckoutActor {
  const actor = useContext(CheckoutContext);
  if (!actor) throw new Error('The checkout is provided by the cart screen, once it is running');
  return actor;
}

export function useCheckoutSelector<T>(selector: (snapshot: CheckoutSnapshot) => T): T {
  return useSelector(useCheckout(), selector);
}

export type CheckoutPhase = 'idle' | 'awaitingTable' | 'submitting' | 'resuming' | 'queued' | 'placed' | 'failed';

/** The machine's state as the UI tells it apart: the children of `submitting` and `failed` share their parent's phase, except `resuming`. */
export function selectCheckoutPhase(snapshot: CheckoutSnapshot): CheckoutPhase {
  if (snapshot.matches({ submitting: 'resuming' })) return 'resuming';
  if (snapshot.matches('submitting')) return 'submitting';
  if (snapshot.matches('queued')) return 'queued';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('awaitingTable')) return 'awaitingTable';
  if (snapshot.matches('placed')) return 'placed';
  // `starting` is left at once, so it reads as `idle`.
  return 'idle';
}

/** A queued order that has never been sent, so nothing can have reached the kitchen: the guest may cancel it. */
export const selectCanCancelQueued = (snapshot: CheckoutSnapshot) =>
  snapshot.can({ type: 'checkout.cancel' }) && snapshot.matches('queued');
export const selectFailure = (snapshot: CheckoutSnapshot) => snapshot.context.failure;
export const selectOrderNote = (snapshot: CheckoutSnapshot) => snapshot.context.note;
/** The allergies the guest will tell the kitchen. */
export const selectAllergies = (snapshot: CheckoutSnapshot) => snapshot.context.allergies;
/** The provider takes allergies with an order (contract v1.2): only then does the cart ask for them. */
export const selectAllergiesOffered = (snapshot: CheckoutSnapshot) => snapshot.context.allergiesOffered;
/** The order as it would be sent now: ready, empty, or over the contract's line limit. */
export const selectDraft = (snapshot: CheckoutSnapshot) => draftOf(snapshot.context);
/** A refusal named lines of the cart: sending the same again would be refused again, so only removing them helps. */
export const selectRefusalNamesLines = (snapshot: CheckoutSnapshot) =>
  snapshot.matches({ failed: 'refused' }) && Object.keys(snapshot.context.failure?.rejected ?? {}).length > 0;
/** Place order does something: nothing is on its way, and there is an order to send or an attempt to retry. */
export const selectCanPlace = (snapshot: CheckoutSnapshot) =>
  !selectIsSending(snapshot) &&
  !selectIsQueued(snapshot) &&
  !selectRefusalNamesLines(snapshot) &&
  (snapshot.matches('failed') || selectDraft(snapshot).ok);
