// React access to the cart machine, with the selectors the UI reads.
import { createActorContext } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { cartMachine } from './cart.machine';

export const CartMachineContext = createActorContext(cartMachine);

type CartSnapshot = SnapshotFrom<typeof cartMachine>;

export const selectCartCount = (snapshot: CartSnapshot) => snapshot.context.cartCount;
export const selectPotentialSpend = (snapshot: CartSnapshot) => snapshot.context.potentialSpend;
export const selectCartProblem = (snapshot: CartSnapshot) => snapshot.context.problem;
/** The stored entries, unchanged between renders while the cart is. */
export const selectEntries = (snapshot: CartSnapshot) => snapshot.context.entries;
