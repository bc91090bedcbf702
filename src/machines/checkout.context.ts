// React access to the checkout machine, with the selectors the UI reads.
import { createActorContext } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { checkoutMachine, draftOf } from './checkout.machine';

export const CheckoutMachineContext = createActorContext(checkoutMachine);

type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

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

/** An order is on its way (a new attempt, a Retry, or an attempt a reload interrupted). */
export const selectIsSending = (snapshot: CheckoutSnapshot) => snapshot.matches('submitting');
/** The last attempt failed in a way that does not say whether the order was placed: only Retry (same key) can tell. */
export const selectFailureIsUncertain = (snapshot: CheckoutSnapshot) => snapshot.matches({ failed: 'uncertain' });
/** Placed offline: the order waits on the device and goes by itself when the network is back. */
export const selectIsQueued = (snapshot: CheckoutSnapshot) => snapshot.matches('queued');
/** A queued order that has never been sent, so nothing can have reached the kitchen: the guest may cancel it. */
export const selectCanCancelQueued = (snapshot: CheckoutSnapshot) =>
  snapshot.can({ type: 'checkout.cancel' }) && snapshot.matches('queued');
/** While an order is on its way, queued, or may have gone through, the cart is locked, so what is sent is what the guest saw. */
export const selectCartLocked = (snapshot: CheckoutSnapshot) =>
  selectIsSending(snapshot) || selectIsQueued(snapshot) || selectFailureIsUncertain(snapshot);
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
