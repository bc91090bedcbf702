// The cart machine: the guest's order_items list and its figures (potentialSpend, cartCount), kept in step with localStorage on this tab and others.
import { assign, not, setup } from 'xstate';
import { fromCallback } from 'xstate';
import type { StorageProblem } from '../device/device-store';
import { entriesOf, orderItemsStore, readOrderItems, saveOrderItems, withIds } from '../device/order-items';
import { potentialSpendOf, withoutEntry, type NewOrderItem } from '../domain/cart';

export interface CartContext {
  /** What order_items holds, as stored: one entry per unit, possibly including entries of unknown shape. */
  entries: readonly unknown[];
  potentialSpend: number;
  cartCount: number;
  /** The last thing that went wrong with the device's storage, for the UI to explain; null when all is well. */
  problem: StorageProblem | null;
}

export type CartEvent =
  | { type: 'cart.updatePotentialSpend' }
  | { type: 'cart.updateCartCount' }
  | { type: 'cart.add'; items: readonly NewOrderItem[] }
  | { type: 'cart.remove'; id: string }
  | { type: 'cart.clear' }
  | { type: 'cart.storageChanged' }
  | { type: 'cart.storageProblem'; problem: StorageProblem };

export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
  },
  actors: {
    /** Another tab changed the cart. */
    watchStorage: fromCallback<CartEvent>(({ sendBack }) =>
      orderItemsStore.watch(() => sendBack({ type: 'cart.storageChanged' })),
    ),
  },
  actions: {
    /** Reads order_items again: the spec's figures are always recomputed from what is stored. */
    loadEntries: assign({ entries: () => entriesOf(readOrderItems()) }),
    updatePotentialSpend: assign({ potentialSpend: ({ context }) => potentialSpendOf(context.entries) }),
    updateCartCount: assign({ cartCount: ({ context }) => context.entries.length }),
    appendEntries: assign({
      entries: ({ context, event }) =>
        event.type === 'cart.add' ? [...context.entries, ...withIds(event.items)] : context.entries,
      problem: null,
    }),
    removeEntry: assign({
      entries: ({ context, event }) =>
        event.type === 'cart.remove' ? withoutEntry(context.entries, event.id) : context.entries,
      problem: null,
    }),
    clearEntries: assign({ entries: [], problem: null }),
    saveEntries: ({ context, self }) => {
      const outcome = saveOrderItems(context.entries);
      if (outcome.problem) self.send({ type: 'cart.storageProblem', problem: outcome.problem });
    },
    recordProblem: assign({ problem: ({ event }) => (event.type === 'cart.storageProblem' ? event.problem : null) }),
  },
  guards: {
    hasEntries: ({ context }) => context.cartCount > 0,
    /** The change never reached storage, so memory must go back to what is stored. */
    changeWasLost: ({ event }) => event.type === 'cart.storageProblem' && event.problem !== 'unreadable-replaced',
  },
}).createMachine({
  id: 'cart',
  description: 'The guest’s cart: localStorage.order_items (one entry per unit) and the figures derived from it.',
  context: () => {
    const entries = entriesOf(readOrderItems());
    return { entries, potentialSpend: potentialSpendOf(entries), cartCount: entries.length, problem: null };
  },
  invoke: { src: 'watchStorage' },
  on: {
    'cart.updatePotentialSpend': { actions: ['loadEntries', 'updatePotentialSpend'] },
    'cart.updateCartCount': { actions: ['loadEntries', 'updateCartCount'] },
    'cart.add': { actions: ['appendEntries', 'saveEntries', 'updatePotentialSpend', 'updateCartCount'] },
    'cart.remove': { actions: ['removeEntry', 'saveEntries', 'updatePotentialSpend', 'updateCartCount'] },
    'cart.clear': { actions: ['clearEntries', 'saveEntries', 'updatePotentialSpend', 'updateCartCount'] },
    'cart.storageChanged': { actions: ['loadEntries', 'updatePotentialSpend', 'updateCartCount'] },
    'cart.storageProblem': [
      { guard: 'changeWasLost', actions: ['recordProblem', 'loadEntries', 'updatePotentialSpend', 'updateCartCount'] },
      { actions: 'recordProblem' },
    ],
  },
  initial: 'empty',
  states: {
    empty: {
      description: 'order_items is missing, unreadable or an empty list: nothing to order yet.',
      always: { guard: 'hasEntries', target: 'filled' },
    },
    filled: {
      description: 'order_items holds at least one entry; the figures say how many and for how much.',
      always: { guard: not('hasEntries'), target: 'empty' },
    },
  },
});
