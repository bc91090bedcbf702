// The live machine: one stream of the provider's events kept open (reconnecting with back-off), or polling when it has none.
import { assign, fromCallback, setup } from 'xstate';
import type { LiveMessage, LiveStreamEnd, LiveStreamPath } from '../api/live-stream';

export interface LiveContext {
  /** The order whose events the stream also carries (the guest's order page is open), if any. */
  orderID: string | null;
  /** The last event id received, sent back on reconnecting so the provider replays what was missed. */
  lastEventId: string | null;
  /** Failed connections in a row; the wait before the next grows with it. */
  failures: number;
  /** The stream has been open before: reopening without an id to resume from may have missed changes. */
  wasOpen: boolean;
  /** The provider is stopping and asked to reconnect after this long (to another of its processes); null: back-off. */
  hintMs: number | null;
}

export type LiveEvent =
  /** Which order to follow (null: public topics only); the order page sends it. */
  | { type: 'live.follow'; orderID: string | null }
  | { type: 'live.connected' }
  | { type: 'live.message'; message: LiveMessage }
  /**
   * The connection failed or ended; it is tried again after a while: the back-off, or `retryMs` when the provider ended
   * it on purpose (`reason: 'reconnect'`, it is stopping), which counts as no failure.
   */
  | { type: 'live.dropped'; reason: string; retryMs?: number }
  /** The provider has no live events (contract v1): screens keep polling as they always do. */
  | { type: 'live.unsupported'; status: number }
  /** The provider will not stream this order (unknown, or not this guest's): the public topics go on without it. */
  | { type: 'live.unfollowable'; orderID: string };

export interface StreamInput {
  orderID: string | null;
  lastEventId: string | null;
}

/** Wait before reconnecting after `failures` failed attempts: 1 s, 2 s, 4 s… up to 15 s, with a little jitter. */
export function backoffMs(failures: number, random: () => number = Math.random): number {
  const base = Math.min(15_000, 1000 * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * The stream actor for one of the provider's event paths: `events` (guests) or `staff/events` (the console, whose
 * machine is this one with `streamFrom('staff/events')` provided).
 */
export function streamFrom(path: LiveStreamPath) {
  return fromCallback<LiveEvent, StreamInput>(({ sendBack, input }) => {
    const abort = new AbortController();
    // Loaded on first use, so this module stays readable outside Vite (`npm run machines:docs` runs it under plain Node).
    void import('../api/live-stream')
      .then(({ openLiveStream }) =>
        openLiveStream({
          ...input,
          path,
          signal: abort.signal,
          onOpen: () => sendBack({ type: 'live.connected' }),
          onMessage: (message) => sendBack({ type: 'live.message', message }),
        }),
      )
      .then(
        (end: LiveStreamEnd) =>
          sendBack(
            end.kind === 'unsupported'
              ? { type: 'live.unsupported', status: end.status }
              : end.kind === 'unfollowable'
                ? { type: 'live.unfollowable', orderID: end.orderID }
                : {
                    type: 'live.dropped',
                    reason: end.reason,
                    ...(end.kind === 'dropped' && end.retryMs !== undefined ? { retryMs: end.retryMs } : {}),
                  },
          ),
        () => {
          if (!abort.signal.aborted) sendBack({ type: 'live.dropped', reason: 'failed' });
        },
      );
    return () => abort.abort();
  });
}

export const liveMachine = setup({
  types: {
    context: {} as LiveContext,
    events: {} as LiveEvent,
  },
  actors: {
    /** The open stream: reports `live.connected`, each `live.message`, then how it ended. Stopped, it disconnects. */
    stream: streamFrom('events'),
  },
  actions: {
    follow: assign({
      orderID: ({ context, event }) => (event.type === 'live.follow' ? event.orderID : context.orderID),
    }),
    unfollow: assign({ orderID: null }),
    rememberId: assign({
      lastEventId: ({ context, event }) =>
        event.type === 'live.message' && event.message.id !== undefined ? event.message.id : context.lastEventId,
    }),
    markOpen: assign({ failures: 0, wasOpen: true, hintMs: null }),
    countFailure: assign({ failures: ({ context }) => context.failures + 1, hintMs: null }),
    takeHint: assign({
      hintMs: ({ event }) => (event.type === 'live.dropped' && event.retryMs !== undefined ? event.retryMs : null),
    }),
    /** Provided where the actor starts: writes the event into the query cache. */
    applyMessage: (_, _params: { message: LiveMessage }) => {},
    /** Provided: fetches again what the stream covers (`resync`, or a reconnect with nothing to resume from). */
    refetchAll: (_, _params: { orderID: string | null }) => {},
    /** Provided: fetches the followed order again (a first connection may have come after a change). */
    refetchOrder: (_, _params: { orderID: string }) => {},
  },
  guards: {
    canResume: ({ context }) => context.lastEventId !== null,
    wasOpen: ({ context }) => context.wasOpen,
    followsOrder: ({ context }) => context.orderID !== null,
    isResync: ({ event }) => event.type === 'live.message' && event.message.type === 'resync',
    changesOrder: ({ context, event }) => event.type === 'live.follow' && event.orderID !== context.orderID,
    isMoving: ({ event }) =>
      event.type === 'live.dropped' && event.reason === 'reconnect' && event.retryMs !== undefined,
  },
  delays: {
    backoff: ({ context }) => context.hintMs ?? backoffMs(context.failures),
  },
}).createMachine({
  id: 'live',
  description:
    "Changes travel to the screens as they happen: one stream of events (the guests’ `events`, or `staff/events` in the console, whose instance provides `streamFrom('staff/events')`) written into the query cache. Polling stays the fallback.",
  context: { orderID: null, lastEventId: null, failures: 0, wasOpen: false, hintMs: null },
  initial: 'streaming',
  states: {
    streaming: {
      description: 'A stream is open or opening, for the public topics and the followed order.',
      invoke: {
        src: 'stream',
        input: ({ context }) => ({ orderID: context.orderID, lastEventId: context.lastEventId }),
      },
      on: {
        'live.follow': { guard: 'changesOrder', target: 'streaming', reenter: true, actions: 'follow' },
        'live.dropped': [
          // The provider is stopping and said when to come back (to another of its processes): no failure.
          { guard: 'isMoving', target: 'reconnecting', actions: 'takeHint' },
          { target: 'reconnecting', actions: 'countFailure' },
        ],
        'live.unsupported': { target: 'polling' },
        // Its page keeps polling for it; the stream carries on with the public topics.
        'live.unfollowable': { guard: 'followsOrder', target: 'streaming', reenter: true, actions: 'unfollow' },
      },
      initial: 'connecting',
      states: {
        connecting: {
          description: 'Asking the provider for its events (with Last-Event-ID once one was received).',
          on: {
            'live.connected': [
              // The provider replays what was missed after that id.
              { guard: 'canResume', target: 'live', actions: 'markOpen' },
              {
                guard: 'wasOpen',
                target: 'live',
                actions: ['markOpen', { type: 'refetchAll', params: ({ context }) => ({ orderID: context.orderID }) }],
              },
              {
                guard: 'followsOrder',
                target: 'live',
                actions: [
                  'markOpen',
                  { type: 'refetchOrder', params: ({ context }) => ({ orderID: context.orderID ?? '' }) },
                ],
              },
              { target: 'live', actions: 'markOpen' },
            ],
          },
        },
        live: {
          description: 'Events arrive as they happen and go straight into the query cache.',
          on: {
            'live.message': [
              {
                guard: 'isResync',
                actions: [
                  'rememberId',
                  { type: 'refetchAll', params: ({ context }) => ({ orderID: context.orderID }) },
                ],
              },
              {
                actions: ['rememberId', { type: 'applyMessage', params: ({ event }) => ({ message: event.message }) }],
              },
            ],
          },
        },
      },
    },
    reconnecting: {
      description:
        'The connection failed or ended; screens poll meanwhile, and it is tried again after a growing wait (or after the wait a stopping provider asked for).',
      after: { backoff: { target: 'streaming' } },
      on: {
        'live.follow': { guard: 'changesOrder', target: 'streaming', actions: 'follow' },
      },
    },
    polling: {
      description:
        'The provider has no live events (contract v1, a 404): screens poll as before, and no stream is asked for again.',
      on: {
        'live.follow': { actions: 'follow' },
      },
    },
  },
});
