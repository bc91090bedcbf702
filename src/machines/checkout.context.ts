// React access to the checkout machine, with the selectors the UI reads.
import { createActorContext } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { checkoutMachine } from './checkout.machine';

export const CheckoutMachineContext = createActorContext(checkoutMachine);

type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

export type CheckoutPhase = 'idle' | 'awaitingTable' | 'submitting' | 'resuming' | 'placed' | 'failed';

export const selectCheckoutPhase = (snapshot: CheckoutSnapshot): CheckoutPhase =>
  snapshot.value === 'starting' ? 'idle' : snapshot.value;

/** While an order is on its way the cart is locked, so what is sent is what the guest sees. */
export const selectIsSending = (snapshot: CheckoutSnapshot) => snapshot.matches('submitting') || snapshot.matches('resuming');
export const selectFailure = (snapshot: CheckoutSnapshot) => snapshot.context.failure;
export const selectOrderNote = (snapshot: CheckoutSnapshot) => snapshot.context.note;
