// The outbox machine: every state, event and guard outcome, with the provider's answers held by the test.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { MenuItem } from '../../../contract/guest';
import type { Order } from '../../../contract/orders';
import { ApiError } from '../../../src/api/errors';
import {
  additionLines,
  outboxMachine,
  type Addition,
  type OutboxEmitted,
  type OutboxEvent,
  type Send,
} from '../../../src/machines/outbox.machine';
import { selectDishesOnTheirWay, selectLatestAddition } from '../../../src/machines/outbox.context';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const dish = (id: number, name: string): MenuItem =>
  ({ id, name, price: 6, available: true, prep_minutes: 5, image: null }) as unknown as MenuItem;
const tiramisu = dish(47, 'Tiramisu');
const espresso = dish(61, 'Espresso');
const add = (item: MenuItem, orderID = 'K7F3QX2M', quantity = 1): OutboxEvent => ({
  type: 'outbox.add',
  addition: { orderID, item, quantity },
});

const order = (orderID = 'K7F3QX2M') => ({ orderID, status: 'received' }) as unknown as Order;

const failures = {
  offline: new ApiError('fetch', 'The provider could not be reached'),
  timeout: new ApiError('timeout', 'The provider took too long to answer'),
  unreadable: new ApiError('parsing', 'The answer made no sense'),
  closed: new ApiError('http', 'Order K7F3QX2M can no longer be changed', { status: 409, code: 'conflict' }),
  fault: new ApiError('http', 'boom', { status: 500, code: 'internal' }),
};

/** An outbox whose sends wait for the test to answer them, and whose effects are recorded. */
function start({ online = true } = {}) {
  const sent: { input: Send; resolve: (order: Order) => void; reject: (error: unknown) => void }[] = [];
  const shown: Order[] = [];
  const refreshed: string[] = [];
  let network: (online: boolean) => void = () => {};
  const logic = outboxMachine.provide({
    actors: {
      send: fromPromise<Order, Send>(
        ({ input }) => new Promise<Order>((resolve, reject) => sent.push({ input, resolve, reject })),
      ),
      watchNetwork: fromCallback<OutboxEvent>(({ sendBack }) => {
        network = (now) => sendBack({ type: 'outbox.network', online: now });
      }),
    },
    actions: {
      showOrder: (_, { order: answer }) => void shown.push(answer),
      refreshOrder: (_, { orderID }) => void refreshed.push(orderID),
    },
  });
  const actor = createActor(logic, { input: { online } }).start();
  const told: OutboxEmitted[] = [];
  actor.on('*', (emitted) => void told.push(emitted));
  actors.push(actor);
  return {
    actor,
    sent,
    shown,
    refreshed,
    told,
    network: (now: boolean) => network(now),
    state: () => actor.getSnapshot().value,
    entries: () => actor.getSnapshot().context.entries,
    last: () => sent.at(-1)!,
  };
}

const actors: { stop(): void }[] = [];
afterEach(() => actors.splice(0).forEach((actor) => actor.stop()));

/** Lets a settled answer reach the machine (promise callbacks only: no time passes). */
const answered = async () => {
  for (let tick = 0; tick < 5; tick += 1) await Promise.resolve();
};

const told = (emitted: OutboxEmitted[]) => emitted.map((event) => `${event.type} ${event.entry.status}`);

describe('outbox', () => {
  it('starts idle with nothing in it, online unless the browser says otherwise', () => {
    const online = start();
    expect(online.state()).toBe('idle');
    expect(online.entries()).toEqual([]);
    expect(online.actor.getSnapshot().context.online).toBe(true);
    expect(start({ online: false }).actor.getSnapshot().context.online).toBe(false);
    expect(createActor(outboxMachine, { input: {} }).getSnapshot().context.online).toBe(true);
  });

  it('online, sends an addition at once with a key of its own, and shows the answer', async () => {
    const outbox = start();
    outbox.actor.send(add(tiramisu));
    expect(outbox.state()).toBe('sending');
    expect(outbox.sent).toHaveLength(1);
    const { key, addition } = outbox.last().input;
    expect(key).toMatch(UUID);
    expect(addition).toEqual<Addition>({ orderID: 'K7F3QX2M', item: tiramisu, quantity: 1 });
    expect(outbox.entries().map((entry) => entry.status)).toEqual(['sending']);

    outbox.last().resolve(order());
    await answered();
    expect(outbox.state()).toBe('idle');
    expect(outbox.entries()).toEqual([{ key, addition, status: 'added' }]);
    expect(outbox.shown).toEqual([order()]);
    expect(told(outbox.told)).toEqual(['outbox.added added']);
    expect(outbox.refreshed).toEqual([]);
  });

  it('ignores a second Add of a dish on its way to the same order; another dish or order waits its turn', async () => {
    const outbox = start();
    outbox.actor.send(add(tiramisu));
    outbox.actor.send(add(tiramisu));
    outbox.actor.send(add(espresso));
    outbox.actor.send(add(tiramisu, 'P2N8WQ4R'));
    expect(outbox.sent).toHaveLength(1);
    expect(outbox.entries().map((entry) => entry.status)).toEqual(['sending', 'queued', 'queued']);
    expect(selectDishesOnTheirWay('K7F3QX2M')(outbox.actor.getSnapshot())).toEqual([47, 61]);

    outbox.last().resolve(order());
    await answered();
    // The next is sent as soon as the first is answered, in the order they were made.
    expect(outbox.sent.map(({ input }) => input.addition.item.name)).toEqual(['Tiramisu', 'Espresso']);
    outbox.last().resolve(order());
    await answered();
    outbox.last().resolve(order('P2N8WQ4R'));
    await answered();
    expect(outbox.state()).toBe('idle');
    expect(new Set(outbox.sent.map(({ input }) => input.key)).size).toBe(3);
    expect(selectDishesOnTheirWay('K7F3QX2M')(outbox.actor.getSnapshot())).toEqual([]);
    // Once answered, the same dish can be added again, with a new key.
    outbox.actor.send(add(tiramisu));
    expect(outbox.sent).toHaveLength(4);
    expect(new Set(outbox.sent.map(({ input }) => input.key)).size).toBe(4);
  });

  it('keeps only the latest settled addition of an order, and those of other orders', async () => {
    const outbox = start();
    outbox.actor.send(add(tiramisu));
    outbox.last().resolve(order());
    await answered();
    outbox.actor.send(add(tiramisu, 'P2N8WQ4R'));
    outbox.last().resolve(order('P2N8WQ4R'));
    await answered();
    outbox.actor.send(add(espresso));
    expect(outbox.entries().map((entry) => `${entry.addition.orderID} ${entry.addition.item.name}`)).toEqual([
      'P2N8WQ4R Tiramisu',
      'K7F3QX2M Espresso',
    ]);
    expect(selectLatestAddition('K7F3QX2M')(outbox.actor.getSnapshot())?.addition.item).toBe(espresso);
    expect(selectLatestAddition('NOSUCH00')(outbox.actor.getSnapshot())).toBeUndefined();
  });

  it('offline, queues an addition, says so, and sends it once, with its key, when the network is back', async () => {
    const outbox = start({ online: false });
    outbox.actor.send(add(tiramisu));
    expect(outbox.state()).toBe('waiting');
    expect(outbox.sent).toEqual([]);
    expect(told(outbox.told)).toEqual(['outbox.queued queued']);
    const { key } = outbox.entries()[0]!;

    // Still offline: nothing goes.
    outbox.network(false);
    expect(outbox.state()).toBe('waiting');
    outbox.network(true);
    expect(outbox.state()).toBe('sending');
    expect(outbox.sent.map(({ input }) => input.key)).toEqual([key]);
    outbox.last().resolve(order());
    await answered();
    expect(outbox.sent).toHaveLength(1);
    expect(outbox.entries()[0]).toMatchObject({ key, status: 'added' });
  });

  it('an addition the network lost while the browser is offline waits, queued, and goes again with the same key', async () => {
    const outbox = start();
    outbox.actor.send(add(tiramisu));
    const { key } = outbox.last().input;
    outbox.network(false);
    outbox.last().reject(failures.offline);
    await answered();
    expect(outbox.state()).toBe('waiting');
    expect(outbox.entries()[0]).toEqual(expect.objectContaining({ key, status: 'queued' }));
    expect(told(outbox.told)).toEqual(['outbox.queued queued']);
    expect(outbox.refreshed).toEqual([]);

    outbox.network(true);
    expect(outbox.sent.map(({ input }) => input.key)).toEqual([key, key]);
  });

  it('lost while the network dropped and came back (no answer, or too slow): sent again at once with the same key', async () => {
    for (const failure of [failures.offline, failures.timeout]) {
      const outbox = start();
      outbox.actor.send(add(tiramisu));
      const { key } = outbox.last().input;
      outbox.network(false);
      outbox.network(true);
      outbox.last().reject(failure);
      await answered();
      expect(outbox.state()).toBe('sending');
      expect(outbox.sent.map(({ input }) => input.key)).toEqual([key, key]);
      expect(outbox.told).toEqual([]);
      // The drop is forgotten with the new send: lost again, the guest is told.
      outbox.last().reject(failure);
      await answered();
      expect(outbox.state()).toBe('idle');
      expect(outbox.entries()[0]).toMatchObject({ key, status: 'failed', error: failure });
    }
  });

  it('no answer while online: the guest is told, the order asked for again, and Try again sends the same key', async () => {
    for (const failure of [failures.offline, failures.timeout, failures.unreadable]) {
      const outbox = start();
      outbox.actor.send(add(tiramisu));
      const { key } = outbox.last().input;
      outbox.last().reject(failure);
      await answered();
      expect(outbox.state()).toBe('idle');
      expect(outbox.entries()[0]).toMatchObject({ key, status: 'failed', error: failure });
      expect(told(outbox.told)).toEqual(['outbox.failed failed']);
      expect(outbox.refreshed).toEqual(['K7F3QX2M']);
      // It is not on its way: Add is not held back by it.
      expect(selectDishesOnTheirWay('K7F3QX2M')(outbox.actor.getSnapshot())).toEqual([]);

      outbox.actor.send({ type: 'outbox.retry', key: 'some-other-key' });
      expect(outbox.sent).toHaveLength(1);
      outbox.actor.send({ type: 'outbox.retry', key });
      expect(outbox.state()).toBe('sending');
      expect(outbox.sent.map(({ input }) => input.key)).toEqual([key, key]);
    }
  });

  it('a refusal or a provider fault is told and never sent again: Try again does nothing', async () => {
    for (const failure of [failures.closed, failures.fault]) {
      const outbox = start();
      outbox.actor.send(add(tiramisu));
      const { key } = outbox.last().input;
      outbox.last().reject(failure);
      await answered();
      expect(outbox.entries()[0]).toMatchObject({ status: 'failed', error: failure });
      expect(outbox.refreshed).toEqual(['K7F3QX2M']);
      outbox.actor.send({ type: 'outbox.retry', key });
      expect(outbox.state()).toBe('idle');
      expect(outbox.sent).toHaveLength(1);
      // Going offline leaves it alone: it got an answer.
      outbox.network(false);
      outbox.network(true);
      expect(outbox.sent).toHaveLength(1);
    }
  });

  it('an addition that got no answer is queued when the browser then says it is offline, and goes once it is back', async () => {
    const outbox = start();
    outbox.actor.send(add(tiramisu));
    const { key } = outbox.last().input;
    outbox.last().reject(failures.offline);
    await answered();
    expect(outbox.entries()[0]).toMatchObject({ status: 'failed' });

    outbox.network(false);
    expect(outbox.state()).toBe('waiting');
    expect(outbox.entries()[0]).toEqual(expect.objectContaining({ key, status: 'queued' }));
    expect(outbox.entries()[0]).not.toHaveProperty('error');
    outbox.network(true);
    expect(outbox.sent.map(({ input }) => input.key)).toEqual([key, key]);
  });

  it('offline Try again queues the addition for when the network is back', async () => {
    const outbox = start();
    outbox.actor.send(add(tiramisu));
    const { key } = outbox.last().input;
    outbox.last().reject(failures.unreadable);
    await answered();
    // Unreadable is an answer: going offline does not queue it by itself.
    outbox.network(false);
    expect(outbox.state()).toBe('idle');
    outbox.actor.send({ type: 'outbox.retry', key });
    expect(outbox.state()).toBe('waiting');
    outbox.network(true);
    expect(outbox.sent.map(({ input }) => input.key)).toEqual([key, key]);
  });

  it('without its effects provided, a send fails as not provided', async () => {
    const actor = createActor(outboxMachine, { input: {} }).start();
    actors.push(actor);
    const listener = vi.fn();
    actor.on('outbox.failed', listener);
    actor.send(add(tiramisu));
    await answered();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.entries[0]).toMatchObject({ status: 'failed' });
  });

  it('sends an addition as addMenu lines of at most 20 each, with its note and choices', () => {
    const big = { orderID: 'K7F3QX2M', item: tiramisu, quantity: 45, note: 'to share', choices: [3] };
    const line = (quantity: number) => ({ orderID: 'K7F3QX2M', menu_id: 47, quantity, note: 'to share', choices: [3] });
    expect(additionLines({ key: 'k-0001', addition: big })).toEqual([line(20), line(20), line(5)]);
    const plain = { orderID: 'K7F3QX2M', item: tiramisu, quantity: 1, choices: [] };
    expect(additionLines({ key: 'k-0002', addition: plain })).toEqual([
      { orderID: 'K7F3QX2M', menu_id: 47, quantity: 1 },
    ]);
  });
});
