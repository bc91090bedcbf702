// The live machine: every transition of its graph replayed on the real machine, with a fake stream and zero back-off.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type SnapshotFrom } from 'xstate';
import type { LiveMessage } from '../../../src/api/live-stream';
import { backoffMs, liveMachine, type LiveEvent, type StreamInput } from '../../../src/machines/live.machine';
import { selectLiveMode } from '../../../src/machines/live.context';
import { describePath, getTransitionPaths, walkPath } from '../../support/walk-path';

type Snapshot = SnapshotFrom<typeof liveMachine>;

const orderMessage: LiveMessage = { id: '5', type: 'order', data: { orderID: 'K7F3QX2M', status: 'preparing' } };
const resync: LiveMessage = { id: '9', type: 'resync', data: {} };
const summary: LiveMessage = { type: 'summary', data: { open_orders: 2 } };

const events: LiveEvent[] = [
  { type: 'live.follow', orderID: 'K7F3QX2M' },
  { type: 'live.follow', orderID: null },
  { type: 'live.connected' },
  { type: 'live.message', message: orderMessage },
  { type: 'live.message', message: resync },
  { type: 'live.message', message: summary },
  // A stopping provider's `reconnect` drop is walked by the timing test below: in the model it doubles every path.
  { type: 'live.dropped', reason: 'ended' },
  { type: 'live.unsupported', status: 404 },
  { type: 'live.unfollowable', orderID: 'K7F3QX2M' },
  // The back-off's timer, which the graph only takes when listed with the rest.
  { type: 'xstate.after.backoff.live.reconnecting' } as unknown as LiveEvent,
];

// No stream in the model; the real machine's is a fake that records what it was asked for and when it was closed.
const model = liveMachine.provide({ actors: { stream: fromCallback(() => {}) }, delays: { backoff: 0 } });
const serializeState = (snapshot: Snapshot) =>
  JSON.stringify({ value: snapshot.value, ...snapshot.context, failures: Math.min(snapshot.context.failures, 1) });

function harness() {
  const streams: { input: StreamInput; closed: boolean }[] = [];
  const applyMessage = vi.fn();
  const refetchAll = vi.fn();
  const refetchOrder = vi.fn();
  const logic = liveMachine.provide({
    actors: {
      stream: fromCallback<LiveEvent, StreamInput>(({ input }) => {
        const stream = { input, closed: false };
        streams.push(stream);
        return () => {
          stream.closed = true;
        };
      }),
    },
    actions: {
      applyMessage: (_, params) => applyMessage(params.message),
      refetchAll: (_, params) => refetchAll(params.orderID),
      refetchOrder: (_, params) => refetchOrder(params.orderID),
    },
    delays: { backoff: 0 },
  });
  return { actor: createActor(logic).start(), streams, applyMessage, refetchAll, refetchOrder };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('live machine, model-based', () => {
  const paths = getTransitionPaths(model, { events, serializeState });

  it('covers every state', () => {
    expect(new Set(paths.map((path) => JSON.stringify(path.state.value)))).toEqual(
      new Set(['{"streaming":"connecting"}', '{"streaming":"live"}', '"reconnecting"', '"polling"']),
    );
    expect(paths.map((path) => path.steps.at(-1)?.event.type)).toContain('xstate.after.backoff.live.reconnecting');
  });

  for (const path of paths) {
    it(describePath(path), async () => {
      const real = harness();
      let checked = 0;
      await walkPath(path, {
        perform: async (event) => {
          const before = real.actor.getSnapshot();
          const calls = [real.applyMessage, real.refetchAll, real.refetchOrder].map((spy) => spy.mock.calls.length);
          if (event.type.startsWith('xstate.after.')) await vi.advanceTimersByTimeAsync(0);
          else real.actor.send(event);
          const [applied, refetchedAll, refetchedOrder] = [real.applyMessage, real.refetchAll, real.refetchOrder].map(
            (spy, index) => spy.mock.calls.length - (calls[index] ?? 0),
          );
          // What each event must do to the cache, by the state it arrived in.
          const live = before.matches({ streaming: 'live' });
          const { context } = before;
          if (event.type === 'live.message' && live && event.message.type !== 'resync') {
            expect(real.applyMessage).toHaveBeenLastCalledWith(event.message);
            expect(applied).toBe(1);
          } else expect(applied).toBe(0);
          const resynced = event.type === 'live.message' && live && event.message.type === 'resync';
          const reopenedBlind =
            event.type === 'live.connected' &&
            before.matches({ streaming: 'connecting' }) &&
            context.lastEventId === null &&
            context.wasOpen;
          expect(refetchedAll).toBe(resynced || reopenedBlind ? 1 : 0);
          const firstOpenOnOrder =
            event.type === 'live.connected' &&
            before.matches({ streaming: 'connecting' }) &&
            context.lastEventId === null &&
            !context.wasOpen &&
            context.orderID !== null;
          expect(refetchedOrder).toBe(firstOpenOnOrder ? 1 : 0);
        },
        verify: (modelState) => {
          const snapshot = real.actor.getSnapshot();
          expect(snapshot.value).toEqual(modelState.value);
          expect({ ...snapshot.context, failures: Math.min(snapshot.context.failures, 1) }).toEqual({
            ...modelState.context,
            failures: Math.min(modelState.context.failures, 1),
          });
          // Exactly one stream open while streaming, none otherwise; each opened for the followed order, from the
          // last id received.
          const open = real.streams.filter((stream) => !stream.closed);
          expect(open).toHaveLength(snapshot.matches('streaming') ? 1 : 0);
          for (const opened of real.streams.slice(checked)) {
            expect(opened.input).toEqual({
              orderID: snapshot.context.orderID,
              lastEventId: snapshot.context.lastEventId,
            });
          }
          checked = real.streams.length;
        },
      });
      real.actor.stop();
      expect(real.streams.every((stream) => stream.closed)).toBe(true);
    });
  }
});

describe('live machine timing', () => {
  it('waits longer after each failure in a row, up to 15 s, and starts over once connected', async () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((failures) => backoffMs(failures, () => 0.5))).toEqual([
      1000, 2000, 4000, 8000, 15000, 15000, 15000,
    ]);
    const logic = liveMachine.provide({ actors: { stream: fromCallback(() => {}) } });
    const actor = createActor(logic).start();
    const mode = () => selectLiveMode(actor.getSnapshot());
    expect(mode()).toBe('connecting');
    actor.send({ type: 'live.dropped', reason: 'unreachable' });
    expect(mode()).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(700);
    expect(mode()).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(600);
    expect(mode()).toBe('connecting');
    actor.send({ type: 'live.dropped', reason: 'unreachable' });
    await vi.advanceTimersByTimeAsync(1300);
    // Second failure in a row: about 2 s.
    expect(mode()).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1200);
    expect(mode()).toBe('connecting');
    actor.send({ type: 'live.connected' });
    expect(mode()).toBe('live');
    expect(actor.getSnapshot().context.failures).toBe(0);
    actor.stop();
  });

  it('comes back after the wait a stopping provider gave, without counting a failure', async () => {
    const logic = liveMachine.provide({ actors: { stream: fromCallback(() => {}) } });
    const actor = createActor(logic).start();
    const mode = () => selectLiveMode(actor.getSnapshot());
    actor.send({ type: 'live.connected' });
    actor.send({ type: 'live.dropped', reason: 'reconnect', retryMs: 300 });
    expect(mode()).toBe('reconnecting');
    expect(actor.getSnapshot().context.failures).toBe(0);
    await vi.advanceTimersByTimeAsync(299);
    expect(mode()).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1);
    expect(mode()).toBe('connecting');
    // That connection failing is a failure as any other: the usual back-off, about 1 s.
    actor.send({ type: 'live.dropped', reason: 'unreachable' });
    await vi.advanceTimersByTimeAsync(700);
    expect(mode()).toBe('reconnecting');
    actor.stop();
  });
});
