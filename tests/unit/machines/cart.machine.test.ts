// The cart machine: every state and transition from its own graph, then each event's effect on localStorage and the figures.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { cartMachine, type CartEvent } from '../../../src/machines/cart.machine';
import { orderItemsStore } from '../../../src/device/order-items';
import { isOrderItem, type NewOrderItem, type OrderItem } from '../../../src/domain/cart';
import { describePath, getTransitionPaths, walkPath } from '../../support/walk-path';

const margherita: NewOrderItem = { menu_id: 7, name: 'Margherita', price: '$12.50', note: 'no basil' };
const lemonade: NewOrderItem = { menu_id: 21, name: 'Lemonade', price: 4 };

function stored(): unknown {
  const raw = localStorage.getItem('order_items');
  return raw === null ? null : JSON.parse(raw);
}

function storedItems(): OrderItem[] {
  const value = stored();
  return Array.isArray(value) ? value.filter(isOrderItem) : [];
}

function startCart() {
  return createActor(cartMachine).start();
}

beforeEach(() => {
  localStorage.clear();
});

describe('cart machine, model-based', () => {
  // The model is the machine with storage taken out: it assumes storage holds exactly what the cart last wrote,
  // which the real cart (run against jsdom's localStorage) must then show at every step.
  const model = cartMachine.provide({ actions: { loadEntries: () => {}, saveEntries: () => {} } });
  // Adding is offered up to three entries, so the model's states (the lists it can hold) stay few.
  const events = (snapshot: SnapshotFrom<typeof cartMachine>): CartEvent[] => [
    ...(snapshot.context.cartCount < 3
      ? ([
          { type: 'cart.add', items: [margherita] },
          { type: 'cart.add', items: [margherita, lemonade] },
        ] as const)
      : []),
    { type: 'cart.clear' },
    { type: 'cart.updatePotentialSpend' },
    { type: 'cart.updateCartCount' },
    { type: 'cart.storageChanged' },
    ...snapshot.context.entries
      .filter(isOrderItem)
      .slice(0, 1)
      .map((item): CartEvent => ({ type: 'cart.remove', id: item.id })),
    ...snapshot.context.entries
      .filter(isOrderItem)
      .slice(0, 1)
      .map((item): CartEvent => ({ type: 'cart.removeOrdered', entryIds: [item.id] })),
  ];
  // A state is the list the cart holds (its dishes in order): the figures must follow it whatever the way there.
  const serializeState = (snapshot: SnapshotFrom<typeof cartMachine>) =>
    JSON.stringify(snapshot.context.entries.filter(isOrderItem).map((entry) => entry.menu_id));
  const paths = getTransitionPaths(model, { events, serializeState });

  it('covers the empty cart, one to four entries, and every way between them', () => {
    expect(new Set(paths.map((path) => path.state.context.cartCount))).toEqual(new Set([0, 1, 2, 3, 4]));
    const moves = paths.map((path) => path.steps.map((step) => step.event.type).join(' '));
    expect(moves).toEqual(
      expect.arrayContaining([
        'xstate.init cart.add cart.clear',
        'xstate.init cart.add cart.remove',
        'xstate.init cart.add cart.removeOrdered',
      ]),
    );
  });

  for (const path of paths) {
    it(describePath(path), async () => {
      const actor = startCart();
      await walkPath(path, {
        // The model's entry ids are its own; the real cart removes its own first entry.
        perform: (event) =>
          actor.send(
            event.type === 'cart.remove'
              ? { type: 'cart.remove', id: storedItems()[0]!.id }
              : event.type === 'cart.removeOrdered'
                ? { type: 'cart.removeOrdered', entryIds: [storedItems()[0]!.id] }
                : event,
          ),
        verify: (modelState) => {
          const { context } = actor.getSnapshot();
          expect(context.cartCount).toBe(modelState.context.cartCount);
          expect(context.potentialSpend).toBeCloseTo(modelState.context.potentialSpend);
          expect(storedItems().map(({ menu_id, note }) => ({ menu_id, note }))).toEqual(
            modelState.context.entries.filter(isOrderItem).map(({ menu_id, note }) => ({ menu_id, note })),
          );
        },
      });
      actor.stop();
    });
  }
});

describe('cart machine events', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('starts from what is already stored', () => {
    localStorage.setItem('order_items', JSON.stringify([{ price: 3 }, { price: '$2.25' }, { price: 'n/a' }]));
    const actor = startCart();
    expect(actor.getSnapshot().context).toMatchObject({ cartCount: 3, potentialSpend: 5.25 });
  });

  it('cart.updatePotentialSpend and cart.updateCartCount recompute from storage changed behind its back', () => {
    const actor = startCart();
    localStorage.setItem('order_items', JSON.stringify([{ price: 10 }, { price: 2.5 }]));
    // Either event reads the list again, and both figures follow from it: they can never disagree.
    actor.send({ type: 'cart.updateCartCount' });
    expect(actor.getSnapshot().context).toMatchObject({ cartCount: 2, potentialSpend: 12.5 });
    localStorage.setItem('order_items', JSON.stringify([{ price: 1 }]));
    actor.send({ type: 'cart.updatePotentialSpend' });
    expect(actor.getSnapshot().context).toMatchObject({ cartCount: 1, potentialSpend: 1 });
  });

  it('cart.add writes one entry per unit with its own id, in the contract’s shape', () => {
    const actor = startCart();
    actor.send({ type: 'cart.add', items: [margherita, margherita, lemonade] });
    const items = storedItems();
    expect(items).toHaveLength(3);
    expect(new Set(items.map((item) => item.id)).size).toBe(3);
    expect(items[0]).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), ...margherita });
    expect(actor.getSnapshot().context).toMatchObject({ cartCount: 3, potentialSpend: 29, problem: null });
  });

  it('cart.remove takes out exactly one entry and leaves unknown entries alone', () => {
    localStorage.setItem('order_items', JSON.stringify(['legacy entry']));
    const actor = startCart();
    actor.send({ type: 'cart.add', items: [margherita, lemonade] });
    const [first] = storedItems();
    actor.send({ type: 'cart.remove', id: first!.id });
    expect(stored()).toEqual(['legacy entry', expect.objectContaining({ menu_id: 21 })]);
    expect(actor.getSnapshot().context).toMatchObject({ cartCount: 2, potentialSpend: 4 });
    actor.send({ type: 'cart.remove', id: 'not-there' });
    expect(actor.getSnapshot().context.cartCount).toBe(2);
  });

  it('cart.clear empties the list', () => {
    const actor = startCart();
    actor.send({ type: 'cart.add', items: [margherita] });
    actor.send({ type: 'cart.clear' });
    expect(stored()).toEqual([]);
    expect(actor.getSnapshot().context).toMatchObject({ cartCount: 0, potentialSpend: 0 });
  });

  it('follows another tab through the storage event', () => {
    const actor = startCart();
    localStorage.setItem('order_items', JSON.stringify([{ price: 8 }]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'order_items' }));
    expect(actor.getSnapshot().context).toMatchObject({ cartCount: 1, potentialSpend: 8 });
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(actor.getSnapshot().context.cartCount).toBe(0);
    actor.stop();
  });

  it('ignores storage events for other keys, and stops listening when stopped', () => {
    const watch = orderItemsStore.watch;
    const unwatch = vi.fn();
    vi.spyOn(orderItemsStore, 'watch').mockImplementation((onChange) => {
      const stop = watch(onChange);
      return () => {
        unwatch();
        stop();
      };
    });
    const actor = startCart();
    localStorage.setItem('order_items', JSON.stringify([{ price: 8 }]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'api-cache' }));
    expect(actor.getSnapshot().context.cartCount).toBe(0);
    // A stopped cart would otherwise keep listening, and a tab's worth of them would pile up.
    expect(unwatch).not.toHaveBeenCalled();
    actor.stop();
    expect(unwatch).toHaveBeenCalledTimes(1);
  });

  it('cart.removeOrdered takes the sent entries out, and empties a cart that held nothing else', () => {
    localStorage.setItem('order_items', JSON.stringify(['legacy entry']));
    const actor = startCart();
    actor.send({ type: 'cart.add', items: [margherita, lemonade] });
    const [sent, kept] = storedItems();
    actor.send({ type: 'cart.removeOrdered', entryIds: [sent!.id] });
    expect(stored()).toEqual(['legacy entry', kept]);
    actor.send({ type: 'cart.removeOrdered', entryIds: [kept!.id] });
    expect(stored()).toEqual([]);
    expect(actor.getSnapshot().context).toMatchObject({ cartCount: 0, potentialSpend: 0 });
  });

  it('gives 0 for a missing list without logging, and logs an unreadable one', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const actor = startCart();
    expect(actor.getSnapshot().context).toMatchObject({ cartCount: 0, potentialSpend: 0 });
    expect(error).not.toHaveBeenCalled();

    localStorage.setItem('order_items', '{not json');
    actor.send({ type: 'cart.updateCartCount' });
    actor.send({ type: 'cart.updatePotentialSpend' });
    expect(actor.getSnapshot().context).toMatchObject({ cartCount: 0, potentialSpend: 0 });
    expect(error).toHaveBeenCalledWith(expect.stringContaining('could not be read'));

    error.mockClear();
    localStorage.setItem('order_items', '{"price": 3}');
    actor.send({ type: 'cart.updateCartCount' });
    expect(actor.getSnapshot().context.cartCount).toBe(0);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('expected a list'));
  });

  it('keeps an unreadable list aside before the first write replaces it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('order_items', '[{"price": 3},');
    const actor = startCart();
    actor.send({ type: 'cart.add', items: [lemonade] });
    expect(localStorage.getItem('order_items.unreadable')).toBe('[{"price": 3},');
    expect(actor.getSnapshot().context).toMatchObject({
      cartCount: 1,
      potentialSpend: 4,
      problem: 'unreadable-replaced',
    });
  });

  it('reports a full device and keeps the cart as it was', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const actor = startCart();
    actor.send({ type: 'cart.add', items: [lemonade] });
    const before = localStorage.getItem('order_items');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    actor.send({ type: 'cart.add', items: [margherita] });
    expect(localStorage.getItem('order_items')).toBe(before);
    expect(actor.getSnapshot().context).toMatchObject({ cartCount: 1, potentialSpend: 4, problem: 'storage-full' });
  });
});
