// The checkout machine: every transition of its graph (from a fresh start and from a reload mid-request) replayed on the real machine.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { cartMachine } from '../../../src/machines/cart.machine';
import { tableMachine } from '../../../src/machines/table.machine';
import { ApiError } from '../../../src/api/errors';
import type { Order } from '../../../contract/orders';
import { checkoutMachine, type CheckoutEvent, type CheckoutInput } from '../../../src/machines/checkout.machine';
import { readMyOrders } from '../../../src/device/my-orders';
import { PENDING_ORDER_KEY, readPendingOrder, type OrderAttempt } from '../../../src/device/pending-order';
import { describeTour, getTransitionTours, walkPath } from '../../support/walk-path';

type Snapshot = SnapshotFrom<typeof checkoutMachine>;
/** The guest's events and the provider's answers, as the graph produces them. */
type ModelEvent =
  | CheckoutEvent
  | { type: 'xstate.done.actor.placeOrder'; output: Order }
  | { type: 'xstate.error.actor.placeOrder'; error: unknown };

/** The cart as stored: two Margheritas and a Tiramisu to share, which the checkout sends as two lines. */
const cartEntries = [
  { id: 'e1', menu_id: 33, name: 'Margherita', price: 11.5 },
  { id: 'e2', menu_id: 33, name: 'Margherita', price: 11.5 },
  { id: 'e3', menu_id: 47, name: 'Tiramisu', price: 6, note: 'to share' },
];
const draftItems = [
  { menu_id: 33, quantity: 2 },
  { menu_id: 47, quantity: 1, note: 'to share' },
];
/** The same cart after the guest took a Margherita out. */
const changedEntries = cartEntries.slice(1);

/** The cart and table as the checkout's own watch reports them. */
const orderChanged = (entries: readonly unknown[], tableId: number | null): CheckoutEvent => ({
  type: 'checkout.orderChanged',
  entries,
  tableId,
});

const interrupted: OrderAttempt = {
  key: 'interrupted-attempt-0001',
  order: { table_id: 4, items: [{ menu_id: 12, quantity: 1 }] },
  lineKeys: ['[12,""]'],
  entryIds: ['e9'],
};

function order(orderID: string, table_id = 3): Order {
  return {
    orderID,
    table_id,
    status: 'received',
    items: [{ line_id: 1, menu_id: 33, name: 'Margherita', price: 11.5, quantity: 2, note: '' }],
    note: '',
    total: 23,
    created_at: '2026-11-21T12:00:00.000Z',
    updated_at: '2026-11-21T12:00:00.000Z',
  };
}

const failures = {
  offline: new ApiError('fetch', 'The provider could not be reached'),
  timeout: new ApiError('timeout', 'The provider took too long to answer'),
  refused: new ApiError('http', 'Tiramisu is sold out', {
    status: 422,
    code: 'invalid',
    fields: { 'items.1.menu_id': 'sold out' },
  }),
  provider: new ApiError('http', 'boom', { status: 500, code: 'internal' }),
};

/**
 * The guest's events, tried in every state (so those a state ignores are checked too); the provider's answers only while
 * one is awaited. Offline, a smaller set: what can queue, send, cancel or change an order, so the graph stays small.
 */
function events(snapshot: Snapshot, { network: withNetwork = true } = {}): CheckoutEvent[] {
  const { online } = snapshot.context;
  // The browser tells only of a change.
  const network: CheckoutEvent = { type: 'checkout.network', online: !online };
  const guest: CheckoutEvent[] = online
    ? [
        { type: 'checkout.submit' },
        orderChanged(cartEntries, 3),
        orderChanged(cartEntries, null),
        orderChanged(changedEntries, 3),
        { type: 'checkout.cancel' },
        { type: 'checkout.retry' },
        { type: 'checkout.note', note: 'no nuts please' },
        ...(withNetwork ? [network] : []),
      ]
    : [
        { type: 'checkout.submit' },
        orderChanged(cartEntries, 3),
        orderChanged(changedEntries, 3),
        { type: 'checkout.cancel' },
        { type: 'checkout.retry' },
        network,
      ];
  // `submitting` covers both of its children: a new attempt or a Retry (`sending`), and a reload's (`resuming`).
  if (!snapshot.matches('submitting')) return guest;
  const answers: ModelEvent[] = [
    { type: 'xstate.done.actor.placeOrder', output: order('K7F3QX2M') },
    ...Object.entries(failures)
      .filter(([kind]) => online || kind === 'offline' || kind === 'refused')
      .map(([, error]): ModelEvent => ({ type: 'xstate.error.actor.placeOrder', error })),
  ];
  // The graph sends them as they are; the machine's own event type does not list actor answers.
  return [...guest, ...(answers as CheckoutEvent[])];
}

// The model is the machine without its side effects; the real machine keeps its storage and reports the rest to spies.
const model = checkoutMachine.provide({
  actors: { placeOrder: fromPromise<Order, OrderAttempt>(() => new Promise<Order>(() => {})) },
  actions: { saveNote: () => {}, savePendingOrder: () => {}, forgetPendingOrder: () => {}, rememberOrder: () => {} },
});
// Everything the checks compare, except the random keys: paths are joined at states that serialise the same.
const serializeState = (snapshot: Snapshot) =>
  JSON.stringify({
    value: snapshot.value,
    failure: snapshot.context.failure,
    order: snapshot.context.attempt?.order,
    note: snapshot.context.note,
    entries: snapshot.context.entries.length,
    tableId: snapshot.context.tableId,
    online: snapshot.context.online,
    networkDropped: snapshot.context.networkDropped,
    unsent: snapshot.context.attempt?.unsent,
  });
const stateName = (snapshot: Snapshot) =>
  `${JSON.stringify(snapshot.value)} ${snapshot.context.failure?.kind ?? ''}`.trim();

type Start = Pick<CheckoutInput, 'pending' | 'note' | 'online' | 'allergies' | 'allergiesOffered'>;

/** A cart and a table of their own (empty, none chosen), as the app's are when the cart screen opens on an empty device. */
function withActors(start: Start): CheckoutInput {
  return { ...start, cart: createActor(cartMachine).start(), table: createActor(tableMachine).start() };
}

function harness(start: Start) {
  const input = withActors(start);
  const calls: OrderAttempt[] = [];
  let answer: { resolve: (order: Order) => void; reject: (error: unknown) => void } | undefined;
  const clearCart = vi.fn();
  const showOrder = vi.fn();
  const logic = checkoutMachine.provide({
    actors: {
      placeOrder: fromPromise<Order, OrderAttempt>(
        ({ input: attempt }) =>
          new Promise<Order>((resolve, reject) => {
            calls.push(attempt);
            answer = { resolve, reject };
          }),
      ),
    },
    actions: {
      clearCart: (_, params) => clearCart(params),
      showOrder: (_, params) => showOrder(params),
    },
  });
  const actor = createActor(logic, { input }).start();
  /** The guest's cart and table as the checkout's watch reports them, then Place order. */
  const place = (tableId: number | null = 3) => {
    actor.send(orderChanged(cartEntries, tableId));
    actor.send({ type: 'checkout.submit' });
  };
  return { actor, calls, clearCart, showOrder, place, answer: () => answer };
}

// A macrotask lets the provider's answer (a settled promise) reach the machine; setImmediate is that without setTimeout's 1 ms floor.
const settle = () => new Promise((resolve) => setImmediate(resolve));

function storedNote(): string {
  return localStorage.getItem('order_note') ?? '';
}

afterEach(() => {
  localStorage.clear();
});

/** An order placed offline and never sent, as the device keeps it. */
const queuedOffline: OrderAttempt = { ...interrupted, key: 'queued-attempt-00001', unsent: true };

describe.each([
  { start: 'a fresh start', input: { pending: null, note: '' } },
  // Online throughout: the resumed request's every answer (going offline is covered from the other starts).
  { start: 'a reload mid-request', input: { pending: interrupted, note: '' }, network: false },
  {
    start: 'a reload of an order queued offline, still offline',
    input: { pending: queuedOffline, note: '', online: false },
  },
] satisfies { start: string; input: Start; network?: boolean }[])(
  'checkout machine, model-based, from $start',
  ({ input, network = true }) => {
    // Walks that take every transition of the graph, each checked on the real machine as it is taken.
    const paths = getTransitionTours(model, {
      events: (snapshot) => events(snapshot, { network }),
      input: withActors(input),
      serializeState,
    });

    it('covers every state, and every kind of failure in the state it belongs to', () => {
      const reached = new Set(paths.flatMap((path) => path.steps.map((step) => stateName(step.state))));
      const states = [
        '"idle"',
        '"awaitingTable"',
        '{"submitting":"sending"}',
        '"placed"',
        '{"failed":"refused"} refused',
        ...(network ? ['"queued"'] : []),
      ];
      for (const state of states) expect(reached).toContain(state);
      // Anything but a definite no leaves it open whether the order went through.
      for (const kind of Object.keys(failures).filter((kind) => kind !== 'refused'))
        expect(reached).toContain(`{"failed":"uncertain"} ${kind}`);
      expect([...reached].filter((state) => state.includes('refused'))).toEqual(['{"failed":"refused"} refused']);
      if (input.pending && input.online !== false) expect(reached).toContain('{"submitting":"resuming"}');
      else expect(reached).not.toContain('{"submitting":"resuming"}');
    });

    for (const [index, path] of paths.entries()) {
      it(describeTour(path, index), async () => {
        vi.spyOn(console, 'error').mockImplementation(() => {});
        const real = harness(input);
        let expectedCalls = 0;
        let placements = 0;
        let previous: Snapshot | undefined;
        let previousKey: string | undefined;
        let lastEvent: CheckoutEvent | undefined;
        // The key of the attempt that may have reached the kitchen and whose outcome is not known yet.
        // (An attempt queued offline and never sent cannot have reached it.)
        let openKey = input.pending?.unsent ? undefined : input.pending?.key;

        await walkPath(path, {
          perform: async (event) => {
            lastEvent = event;
            const modelEvent = event as ModelEvent;
            if (modelEvent.type === 'xstate.done.actor.placeOrder') real.answer()?.resolve(modelEvent.output);
            else if (modelEvent.type === 'xstate.error.actor.placeOrder') real.answer()?.reject(modelEvent.error);
            else real.actor.send(modelEvent);
            await settle();
          },
          verify: (modelState) => {
            const snapshot = real.actor.getSnapshot();
            const { context } = snapshot;
            expect(snapshot.value).toEqual(modelState.value);
            expect(context.failure).toEqual(modelState.context.failure);
            expect(context.note).toBe(modelState.context.note);
            expect(storedNote()).toBe(modelState.context.note);
            expect(context.attempt?.order).toEqual(modelState.context.attempt?.order);
            expect(context.attempt?.unsent).toBe(modelState.context.attempt?.unsent);

            // Keys are random, so the model cannot name them; it says where a new attempt starts, and everywhere else the key must hold.
            const realKey = context.attempt?.key;
            const startedAttempt =
              (lastEvent?.type === 'checkout.submit' || lastEvent?.type === 'checkout.orderChanged') &&
              (modelState.matches({ submitting: 'sending' }) || modelState.matches('queued')) &&
              !previous?.matches('submitting') &&
              !previous?.matches('queued') &&
              // From a failure, Place order is Retry: the same attempt with the same key.
              !previous?.matches('failed');
            if (modelState.context.attempt === null) expect(context.attempt).toBeNull();
            else if (previous === undefined) expect(realKey).toBe(input.pending?.key);
            else if (startedAttempt) expect(realKey).not.toBe(previousKey);
            else expect(realKey).toBe(previousKey);
            if (realKey !== undefined) expect(realKey).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
            previousKey = realKey ?? previousKey;

            // An attempt stays on the device while it may have gone through or waits to be sent, and only then: while
            // sending, queued, and in failed.uncertain.
            const sending = modelState.matches('submitting');
            const uncertain = modelState.matches({ failed: 'uncertain' });
            const queued = modelState.matches('queued');
            expect(readPendingOrder()).toEqual(sending || uncertain || queued ? context.attempt : null);
            if (sending || uncertain || queued) expect(context.attempt).not.toBeNull();
            // Queued exactly while the browser is offline; a cancellable (unsent) attempt has never been sent.
            if (queued) expect(context.online).toBe(false);
            if (context.attempt?.unsent) {
              expect(queued).toBe(true);
              expect(real.calls.map((call) => call.key)).not.toContain(realKey);
            }
            expect(snapshot.can({ type: 'checkout.cancel' }) && queued).toBe(
              queued && context.attempt?.unsent === true,
            );
            // A failure is uncertain exactly when it is not a refusal.
            if (modelState.matches('failed')) expect(uncertain).toBe(context.failure?.kind !== 'refused');

            // One request per entry into sending: a second Place order while one is on its way sends nothing. An
            // answer that leaves it sending is a request lost as the network came and went: it went again.
            const resent = sending && (lastEvent as ModelEvent | undefined)?.type === 'xstate.error.actor.placeOrder';
            const entered = sending && (!previous?.matches('submitting') || resent);
            if (entered) expectedCalls += 1;
            expect(real.calls).toHaveLength(expectedCalls);
            if (sending) expect(real.calls.at(-1)).toEqual(context.attempt);

            // No order placed twice: until an attempt is placed or refused, every request carries its key.
            if (entered) {
              if (openKey !== undefined) expect(real.calls.at(-1)?.key).toBe(openKey);
              openKey = real.calls.at(-1)?.key;
            }
            if (modelState.matches('placed') || modelState.matches({ failed: 'refused' })) openKey = undefined;

            if (modelState.matches('placed') && !previous?.matches('placed')) {
              placements += 1;
              expect(real.clearCart).toHaveBeenLastCalledWith({ entryIds: previous?.context.attempt?.entryIds });
              expect(real.showOrder).toHaveBeenLastCalledWith({ order: order('K7F3QX2M') });
              expect(readMyOrders()[0]).toEqual({
                orderID: 'K7F3QX2M',
                table_id: 3,
                placed_at: '2026-11-21T12:00:00.000Z',
              });
            }
            // The cart is emptied once per order placed, and never when an attempt fails.
            expect(real.clearCart).toHaveBeenCalledTimes(placements);
            expect(real.showOrder).toHaveBeenCalledTimes(placements);
            previous = modelState;
          },
        });
        real.actor.stop();
      });
    }
  },
);

describe('checkout machine, ordering offline', () => {
  const offline: CheckoutEvent = { type: 'checkout.network', online: false };
  const online: CheckoutEvent = { type: 'checkout.network', online: true };

  it('queues an order placed offline, sends nothing, then sends it once with its key when the network is back', async () => {
    const real = harness({ pending: null, note: '', online: false });
    real.place();
    expect(real.actor.getSnapshot().value).toBe('queued');
    expect(real.calls).toHaveLength(0);
    const queued = readPendingOrder();
    expect(queued).toEqual({ ...real.actor.getSnapshot().context.attempt, unsent: true });
    expect(queued?.order).toEqual({ table_id: 3, items: draftItems });

    // Nothing the guest does while queued sends it or changes it.
    for (const event of [{ type: 'checkout.submit' }, orderChanged(changedEntries, 5), offline] as const)
      real.actor.send(event);
    expect(real.actor.getSnapshot().value).toBe('queued');
    expect(real.calls).toHaveLength(0);

    real.actor.send(online);
    real.actor.send(online);
    expect(real.calls).toHaveLength(1);
    expect(real.calls[0]).toEqual({
      key: queued?.key,
      order: queued?.order,
      lineKeys: queued?.lineKeys,
      entryIds: queued?.entryIds,
    });
    // Once sent it may reach the kitchen: the device no longer keeps it as cancellable.
    expect(readPendingOrder()?.unsent).toBeUndefined();
    real.answer()?.resolve(order('K7F3QX2M'));
    await settle();
    expect(real.actor.getSnapshot().value).toBe('placed');
    expect(real.showOrder).toHaveBeenCalledTimes(1);
    expect(readPendingOrder()).toBeNull();
  });

  it('lets the guest cancel a queued order before it is sent', () => {
    const real = harness({ pending: null, note: '', online: false });
    real.place();
    real.actor.send({ type: 'checkout.cancel' });
    expect(real.actor.getSnapshot().value).toBe('idle');
    expect(readPendingOrder()).toBeNull();
    real.actor.send(online);
    expect(real.calls).toHaveLength(0);
  });

  it('after a reload, keeps a queued order queued while offline and sends it with its key once online', () => {
    const stored = { ...interrupted, unsent: true as const };
    const offlineReload = harness({ pending: stored, note: '', online: false });
    expect(offlineReload.actor.getSnapshot().value).toBe('queued');
    expect(offlineReload.actor.getSnapshot().can({ type: 'checkout.cancel' })).toBe(true);
    offlineReload.actor.send(online);
    expect(offlineReload.calls).toEqual([interrupted]);
    offlineReload.actor.stop();

    localStorage.clear();
    const onlineReload = harness({ pending: stored, note: '', online: true });
    expect(onlineReload.actor.getSnapshot().value).toEqual({ submitting: 'resuming' });
    expect(onlineReload.calls).toEqual([interrupted]);
  });

  it('a request that failed because the browser went offline is queued, but not cancellable: it may have arrived', async () => {
    const real = harness({ pending: null, note: '' });
    real.place();
    real.actor.send(offline);
    real.answer()?.reject(failures.offline);
    await settle();
    expect(real.actor.getSnapshot().value).toBe('queued');
    expect(real.actor.getSnapshot().can({ type: 'checkout.cancel' })).toBe(false);

    // The browser noticing after the failure: queued too.
    const late = harness({ pending: null, note: '' });
    late.place();
    late.answer()?.reject(failures.offline);
    await settle();
    expect(late.actor.getSnapshot().value).toEqual({ failed: 'uncertain' });
    late.actor.send(offline);
    expect(late.actor.getSnapshot().value).toBe('queued');
    late.actor.send(online);
    expect(late.calls).toHaveLength(2);
    expect(late.calls[1]).toEqual(late.calls[0]);
  });
});

describe('checkout machine, a flaky network', () => {
  const offline: CheckoutEvent = { type: 'checkout.network', online: false };
  const online: CheckoutEvent = { type: 'checkout.network', online: true };

  it('a request lost as the network dropped and came back is sent again at once, with its key', async () => {
    const real = harness({ pending: null, note: '' });
    real.place();
    real.actor.send(offline);
    real.actor.send(online);
    real.answer()?.reject(failures.offline);
    await settle();
    expect(real.actor.getSnapshot().value).toEqual({ submitting: 'sending' });
    expect(real.calls).toHaveLength(2);
    expect(real.calls[1]).toEqual(real.calls[0]);

    // Lost again without the network dropping (the provider is out of reach): the guest is told, and Retry is theirs.
    real.answer()?.reject(failures.offline);
    await settle();
    expect(real.actor.getSnapshot().value).toEqual({ failed: 'uncertain' });
    expect(real.calls).toHaveLength(2);
  });

  it('a request that timed out while the browser was offline is queued, and sent with its key once online', async () => {
    const real = harness({ pending: null, note: '' });
    real.place();
    real.actor.send(offline);
    real.answer()?.reject(failures.timeout);
    await settle();
    expect(real.actor.getSnapshot().value).toBe('queued');
    expect(real.actor.getSnapshot().can({ type: 'checkout.cancel' })).toBe(false);
    real.actor.send(online);
    expect(real.calls).toHaveLength(2);
    expect(real.calls[1]).toEqual(real.calls[0]);
  });

  it('a timeout noticed as offline only afterwards is queued too; a provider fault is never sent again by itself', async () => {
    const late = harness({ pending: null, note: '' });
    late.place();
    late.answer()?.reject(failures.timeout);
    await settle();
    expect(late.actor.getSnapshot().value).toEqual({ failed: 'uncertain' });
    late.actor.send(offline);
    late.actor.send(online);
    expect(late.calls).toHaveLength(2);
    expect(late.calls[1]).toEqual(late.calls[0]);

    const fault = harness({ pending: null, note: '' });
    fault.place();
    fault.actor.send(offline);
    fault.actor.send(online);
    fault.answer()?.reject(failures.provider);
    await settle();
    fault.actor.send(offline);
    fault.actor.send(online);
    expect(fault.actor.getSnapshot().value).toEqual({ failed: 'uncertain' });
    expect(fault.calls).toHaveLength(1);
  });
});

describe('checkout machine, one attempt at a time', () => {
  it('retries with the same key and the same body, and ignores changes while the order may have gone through', async () => {
    const real = harness({ pending: null, note: 'birthday' });
    real.place();
    real.actor.send({ type: 'checkout.submit' });
    expect(real.calls).toHaveLength(1);
    real.answer()?.reject(failures.timeout);
    await settle();
    expect(real.actor.getSnapshot().value).toEqual({ failed: 'uncertain' });

    real.actor.send({ type: 'checkout.retry' });
    expect(real.actor.getSnapshot().value).toEqual({ submitting: 'sending' });
    expect(real.calls).toHaveLength(2);
    expect(real.calls[1]).toEqual(real.calls[0]);
    expect(real.calls[0]?.order).toEqual({ table_id: 3, items: draftItems, note: 'birthday' });
    real.answer()?.reject(failures.offline);
    await settle();

    // The first request may have reached the kitchen: a changed order (a new key) could place a second one.
    const pending = readPendingOrder();
    expect(pending).toEqual(real.calls[0]);
    expect(real.actor.getSnapshot().can({ type: 'checkout.note', note: 'no nuts please' })).toBe(false);
    for (const event of [orderChanged(changedEntries, 5), { type: 'checkout.note', note: 'no nuts please' }] as const) {
      real.actor.send(event);
      expect(real.actor.getSnapshot().value).toEqual({ failed: 'uncertain' });
    }
    expect(real.actor.getSnapshot().context.note).toBe('birthday');
    expect(readPendingOrder()).toEqual(pending);

    // Place order is Retry here: the same attempt, whatever the cart shows now.
    real.actor.send({ type: 'checkout.submit' });
    expect(real.calls).toHaveLength(3);
    expect(real.calls[2]).toEqual(real.calls[0]);
    real.answer()?.resolve(order('K7F3QX2M'));
    await settle();
    expect(real.actor.getSnapshot().value).toBe('placed');
    expect(readPendingOrder()).toBeNull();
  });

  it('after a refusal, a changed order is a new attempt with a new key', async () => {
    const real = harness({ pending: null, note: '' });
    real.place();
    real.answer()?.reject(failures.refused);
    await settle();
    expect(real.actor.getSnapshot().value).toEqual({ failed: 'refused' });
    expect(readPendingOrder()).toBeNull();

    // Retry is still allowed, with the same key.
    real.actor.send({ type: 'checkout.retry' });
    expect(real.calls[1]).toEqual(real.calls[0]);
    real.answer()?.reject(failures.refused);
    await settle();

    // The same cart read again is no change; a changed one is.
    real.actor.send(orderChanged([...cartEntries], 3));
    expect(real.actor.getSnapshot().value).toEqual({ failed: 'refused' });
    real.actor.send(orderChanged(changedEntries, 3));
    expect(real.actor.getSnapshot().value).toBe('idle');
    expect(real.actor.getSnapshot().context.attempt).toBeNull();
    real.place();
    expect(real.calls).toHaveLength(3);
    expect(real.calls[2]?.key).not.toBe(real.calls[0]?.key);
    expect(real.calls[2]?.order).toEqual(real.calls[0]?.order);
    expect(readPendingOrder()).toEqual(real.calls[2]);
  });

  it('gives each new order a new key', async () => {
    const real = harness({ pending: null, note: '' });
    real.place();
    real.answer()?.resolve(order('AAAA0001'));
    await settle();
    real.actor.send({ type: 'checkout.submit' });
    expect(real.calls.map((call) => call.key)).toHaveLength(2);
    expect(new Set(real.calls.map((call) => call.key)).size).toBe(2);
  });

  it('asks for the table first, then sends the order to the chosen table', () => {
    const real = harness({ pending: null, note: '' });
    real.place(null);
    expect(real.actor.getSnapshot().value).toBe('awaitingTable');
    expect(real.calls).toHaveLength(0);
    real.actor.send(orderChanged(cartEntries, 7));
    expect(real.calls[0]?.order.table_id).toBe(7);
  });

  it('marks the lines the provider refused, by the cart line each item came from', async () => {
    const real = harness({ pending: null, note: '' });
    real.place();
    real.answer()?.reject(failures.refused);
    await settle();
    expect(real.actor.getSnapshot().context.failure).toEqual({
      kind: 'refused',
      wording: null,
      message: 'Tiramisu is sold out',
      rejected: { '[47,"to share"]': 'sold out' },
      // The refusal named nothing but lines: the app may say why in its own words.
      onlyLines: true,
    });
    expect(localStorage.getItem(PENDING_ORDER_KEY)).toBeNull();
  });

  it('after a reload, sends the interrupted attempt again with its key, before the guest does anything', async () => {
    localStorage.setItem(PENDING_ORDER_KEY, JSON.stringify(interrupted));
    const real = harness({ pending: readPendingOrder(), note: '' });
    expect(real.actor.getSnapshot().value).toEqual({ submitting: 'resuming' });
    expect(real.calls).toEqual([interrupted]);
    real.answer()?.resolve(order('K7F3QX2M', 4));
    await settle();
    expect(real.actor.getSnapshot().value).toBe('placed');
    expect(real.clearCart).toHaveBeenCalledWith({ entryIds: ['e9'] });
    expect(localStorage.getItem(PENDING_ORDER_KEY)).toBeNull();
  });

  it('does not resume a stored attempt it cannot read', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem(PENDING_ORDER_KEY, JSON.stringify({ ...interrupted, key: 'bad key!' }));
    expect(readPendingOrder()).toBeNull();
    localStorage.setItem(PENDING_ORDER_KEY, '{not json');
    expect(readPendingOrder()).toBeNull();
    expect(error).toHaveBeenCalledTimes(2);
  });
});

describe('checkout machine, the guest’s allergies', () => {
  it('sends the allergies the guest kept to a provider that takes them, and none to one that does not', async () => {
    const older = harness({ pending: null, note: '', allergies: ['peanuts', 'milk'] });
    older.place();
    expect(older.calls[0]?.order).toEqual({ table_id: 3, items: draftItems });

    const current = harness({ pending: null, note: '', allergies: ['peanuts', 'milk'] });
    current.actor.send({ type: 'checkout.allergiesOffered', offered: true });
    current.actor.send({ type: 'checkout.allergies', allergies: ['peanuts', 'sesame'] });
    current.place();
    expect(current.calls[0]?.order).toEqual({ table_id: 3, items: draftItems, allergies: ['peanuts', 'sesame'] });

    // After a refusal, changing them starts over: the next Place order is a new attempt with what the guest chose.
    current.answer()?.reject(failures.refused);
    await settle();
    current.actor.send({ type: 'checkout.allergies', allergies: [] });
    expect(current.actor.getSnapshot().value).toBe('idle');
    current.actor.send({ type: 'checkout.submit' });
    expect(current.calls[1]?.order).toEqual({ table_id: 3, items: draftItems });
    expect(current.calls[1]?.key).not.toBe(current.calls[0]?.key);
  });
});

describe('checkout machine over the real cart and table', () => {
  function start() {
    localStorage.setItem('order_items', JSON.stringify(cartEntries));
    const cart = createActor(cartMachine).start();
    const table = createActor(tableMachine).start();
    const answers: { resolve: (order: Order) => void; reject: (error: unknown) => void }[] = [];
    const logic = checkoutMachine.provide({
      actors: {
        placeOrder: fromPromise<Order, OrderAttempt>(
          () => new Promise<Order>((resolve, reject) => answers.push({ resolve, reject })),
        ),
      },
      actions: { showOrder: () => {} },
    });
    const checkout = createActor(logic, { input: { cart, table, pending: null, note: '' } }).start();
    return { cart, table, checkout, answers };
  }

  it('sends the cart as the guest sees it once a table is chosen, then empties the cart itself', async () => {
    const { cart, table, checkout, answers } = start();
    checkout.send({ type: 'checkout.submit' });
    expect(checkout.getSnapshot().value).toBe('awaitingTable');
    table.send({ type: 'table.choose', tableId: 6 });
    expect(checkout.getSnapshot().value).toEqual({ submitting: 'sending' });
    expect(checkout.getSnapshot().context.attempt?.order).toEqual({ table_id: 6, items: draftItems });

    cart.send({ type: 'cart.add', items: [{ menu_id: 21, name: 'Lemonade', price: 4 }] });
    answers[0]?.resolve(order('K7F3QX2M', 6));
    await settle();
    expect(checkout.getSnapshot().value).toBe('placed');
    // Only what was sent leaves the cart: the Lemonade added meanwhile stays.
    expect(cart.getSnapshot().context.entries).toEqual([expect.objectContaining({ menu_id: 21 })]);
    expect(JSON.parse(localStorage.getItem('order_items')!)).toEqual([expect.objectContaining({ menu_id: 21 })]);
  });

  it('after a refusal, a change to the cart starts over with a new attempt; re-reading the same cart does not', async () => {
    const { cart, table, checkout, answers } = start();
    table.send({ type: 'table.choose', tableId: 2 });
    checkout.send({ type: 'checkout.submit' });
    answers[0]?.reject(failures.refused);
    await settle();
    cart.send({ type: 'cart.updateCartCount' });
    expect(checkout.getSnapshot().value).toEqual({ failed: 'refused' });
    cart.send({ type: 'cart.remove', id: 'e3' });
    expect(checkout.getSnapshot().value).toBe('idle');
    expect(checkout.getSnapshot().context.attempt).toBeNull();
  });
});

describe('checkout machine, the cart screen opening again', () => {
  it('starts from the dish filter’s allergies, past a placed order, as a fresh checkout would', async () => {
    const checkout = harness({ pending: null, note: '' });
    checkout.place();
    checkout.answer()?.resolve(order('K7F3QX2M'));
    await settle();
    expect(checkout.actor.getSnapshot().value).toBe('placed');

    checkout.actor.send({ type: 'checkout.cartOpened', allergies: ['peanuts'] });
    expect(checkout.actor.getSnapshot().value).toBe('idle');
    expect(checkout.actor.getSnapshot().context.allergies).toEqual(['peanuts']);
  });

  it('asks again, with the same key, about an attempt that may have gone through', async () => {
    const checkout = harness({ pending: null, note: '' });
    checkout.place();
    const key = checkout.calls[0]?.key;
    checkout.answer()?.reject(failures.provider);
    await settle();
    expect(checkout.actor.getSnapshot().value).toEqual({ failed: 'uncertain' });

    checkout.actor.send({ type: 'checkout.cartOpened', allergies: [] });
    expect(checkout.actor.getSnapshot().value).toEqual({ submitting: 'resuming' });
    expect(checkout.calls.map((call) => call.key)).toEqual([key, key]);
  });

  it('keeps a refusal that came while the guest was away, until they change the order', async () => {
    const checkout = harness({ pending: null, note: '' });
    checkout.place();
    checkout.answer()?.reject(failures.refused);
    await settle();

    checkout.actor.send({ type: 'checkout.cartOpened', allergies: ['peanuts'] });
    expect(checkout.actor.getSnapshot().value).toEqual({ failed: 'refused' });
    expect(checkout.actor.getSnapshot().context.failure?.kind).toBe('refused');
  });

  it('closed while the table picker is open, a table chosen elsewhere sends nothing', () => {
    const checkout = harness({ pending: null, note: '' });
    checkout.place(null);
    expect(checkout.actor.getSnapshot().value).toBe('awaitingTable');

    checkout.actor.send({ type: 'checkout.cartClosed' });
    checkout.actor.send(orderChanged(cartEntries, 5));
    expect(checkout.actor.getSnapshot().value).toBe('idle');
    expect(checkout.calls).toEqual([]);
  });

  it('leaves an order queued offline queued', () => {
    const checkout = harness({ pending: null, note: '', online: false });
    checkout.place();
    checkout.actor.send({ type: 'checkout.cartOpened', allergies: [] });
    expect(checkout.actor.getSnapshot().value).toBe('queued');
    expect(checkout.calls).toEqual([]);
  });
});
