// The cart machine: the guest's order_items list and its figures (potentialSpend, cartCount), kept in step with localStorage on this tab and others.
import { assign, fromCallback, setup } from 'xstate';
import type { StorageProblem } from '../device/device-store';
import { entriesOf, orderItemsStore, readOrderItems, saveOrderItems, withIds } from '../device/order-items';
import { cartCountOf, entriesAfterPlacing, potentialSpendOf, withoutEntry, type NewOrderItem } from '../domain/cart';

export interface CartContext {
  /** What order_items holds, as stored: one entry per unit, possibly including entries of unknown shape. */
  entries: readonly unknown[];
  /** Derived from `entries` in the same assignment, so the figures can never disagree with the list or each other. */
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
  /** An order was placed: the entries it stands for leave the cart (all of them, when the cart holds nothing else). */
  | { type: 'cart.removeOrdered'; entryIds: readonly string[] }
  | { type: 'cart.storageChanged' }
  | { type: 'cart.storageProblem'; problem: StorageProblem };

/** The list with its figures, always computed together. */
function withFigures(entries: readonly unknown[]) {
  return { entries, potentialSpend: potentialSpendOf(entries), cartCount: cartCountOf(entries) };
}

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
    loadEntries: assign(() => withFigures(entriesOf(readOrderItems()))),
    appendEntries: assign(({ context, event }) =>
      event.type === 'cart.add' ? { ...withFigures([...context.entries, ...withIds(event.items)]), problem: null } : {},
    ),
    removeEntry: assign(({ context, event }) =>
      event.type === 'cart.remove' ? { ...withFigures(withoutEntry(context.entries, event.id)), problem: null } : {},
    ),
    removeOrdered: assign(({ context, event }) =>
      event.type === 'cart.removeOrdered'
        ? { ...withFigures(entriesAfterPlacing(context.entries, event.entryIds)), problem: null }
        : {},
    ),
    clearEntries: assign({ ...withFigures([]), problem: null }),
    saveEntries: ({ context, self }) => {
      const outcome = saveOrderItems(context.entries);
      if (outcome.problem) self.send({ type: 'cart.storageProblem', problem: outcome.problem });
    },
    recordProblem: assign({ problem: ({ event }) => (event.type === 'cart.storageProblem' ? event.problem : null) }),
  },
  guards: {
    /** The change never reached storage, so memory must go back to what is stored. */
    changeWasLost: ({ event }) => event.type === 'cart.storageProblem' && event.problem !== 'unreadable-replaced',
  },
}).createMachine({
  id: 'cart',
  description: 'The guest’s cart: localStorage.order_items (one entry per unit) and the figures derived from it.',
  context: () => ({ ...withFigures(entriesOf(readOrderItems())), problem: null }),
  invoke: { src: 'watchStorage' },
  on: {
    // The spec's two events: both read order_items again, and both figures follow from what was read.
    'cart.updatePotentialSpend': { actions: 'loadEntries' },
    'cart.updateCartCount': { actions: 'loadEntries' },
    'cart.add': { actions: ['appendEntries', 'saveEntries'] },
    'cart.remove': { actions: ['removeEntry', 'saveEntries'] },
    'cart.removeOrdered': { actions: ['removeOrdered', 'saveEntries'] },
    'cart.clear': { actions: ['clearEntries', 'saveEntries'] },
    'cart.storageChanged': { actions: 'loadEntries' },
    'cart.storageProblem': [
      { guard: 'changeWasLost', actions: ['recordProblem', 'loadEntries'] },
      { actions: 'recordProblem' },
    ],
  },
});
