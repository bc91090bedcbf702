// The outbox: dishes added to an order already placed (add-to-order mode), each sent once with its own key, queued
// while offline and sent when the network is back, whichever screen is open.
import { and, assign, emit, fromCallback, fromPromise, not, setup } from 'xstate';
import { LIMITS, type MenuItem } from '../../contract/guest';
import { type AddMenu } from '../../contract/orders';
import { type Order } from '../../contract/orders';
import { newIdempotencyKey } from '../device/pending-order';
import { lineParts } from '../domain/line-parts';
import { afterFailedSend, gotNoAnswer, mayHaveGoneThrough } from './keyed-send';

/** What the guest asked to add to an order: a dish, how many, with its note and chosen options (contract v1.1). */
export interface Addition {
  orderID: string;
  item: MenuItem;
  quantity: number;
  note?: string;
  choices?: number[];
}

/**
 * queued: waiting its turn, or for the network; sending: on its way; added: the provider has it; failed: it answered
 * no, or no answer came while the browser was online (it may have gone through: Try again sends it with the same key).
 */
export type OutboxStatus = 'queued' | 'sending' | 'added' | 'failed';

export interface OutboxEntry {
  /** Sent as Idempotency-Key, the same every time this addition is sent (parts derive theirs from it). */
  key: string;
  addition: Addition;
  status: OutboxStatus;
  /** Why it failed, while it is `failed`. */
  error?: unknown;
}

/** What the keyed sender is given: the addition and the key it goes under. */
export interface Send {
  key: string;
  addition: Addition;
}

export interface OutboxContext {
  /** Every addition not yet settled, and the last settled one of each order (what its banner tells). Oldest first. */
  entries: readonly OutboxEntry[];
  /** The browser's word on the network; the `watchNetwork` actor reports changes. */
  online: boolean;
  /** The browser said it was offline since the addition on its way was sent: if no answer comes, the network is to blame. */
  networkDropped: boolean;
}

export interface OutboxInput {
  /** Whether the browser has a network now (`navigator.onLine`). Default true. */
  online?: boolean;
}

export type OutboxEvent =
  /** Add on a dish in add-to-order mode. Ignored while the same dish is on its way to the same order (a double tap). */
  | { type: 'outbox.add'; addition: Addition }
  /** Try again after an answer that never came: the same addition with the same key. */
  | { type: 'outbox.retry'; key: string }
  /** The browser went online or offline (sent by the injected `watchNetwork` actor). */
  | { type: 'outbox.network'; online: boolean };

/** Told to whoever listens (the app's live region): an addition queued offline, added, or failed. */
export type OutboxEmitted =
  | { type: 'outbox.queued'; entry: OutboxEntry }
  | { type: 'outbox.added'; entry: OutboxEntry; order: Order }
  | { type: 'outbox.failed'; entry: OutboxEntry };

/** An addition as addMenu lines, for the keyed sender: one per 20 of the dish, as an order line holds at most 20. */
export const additionLines = ({ addition: { orderID, item, quantity, note, choices } }: Send): AddMenu[] =>
  lineParts(quantity, LIMITS.quantityPerLine).map((part) => ({
    orderID,
    menu_id: item.id,
    quantity: part,
    ...(note ? { note } : {}),
    ...(choices && choices.length > 0 ? { choices } : {}),
  }));

const onItsWay = (entry: OutboxEntry) => entry.status === 'queued' || entry.status === 'sending';
const sameDish = (entry: OutboxEntry, addition: Addition) =>
  entry.addition.orderID === addition.orderID && entry.addition.item.id === addition.item.id;

function entryOf(context: OutboxContext, key: string): OutboxEntry {
  const entry = context.entries.find((candidate) => candidate.key === key);
  if (!entry) throw new Error(`The outbox holds no addition ${key}`);
  return entry;
}

function sendingOf(context: OutboxContext): OutboxEntry {
  const entry = context.entries.find((candidate) => candidate.status === 'sending');
  if (!entry) throw new Error('The outbox has nothing on its way in this state');
  return entry;
}

const withStatus = (entries: readonly OutboxEntry[], key: string, status: OutboxStatus, error?: unknown) =>
  entries.map((entry) => {
    if (entry.key !== key) return entry;
    const { error: _error, ...rest } = entry;
    return error === undefined ? { ...rest, status } : { ...rest, status, error };
  });

/** An answer that never came: the request did not reach the provider, or its answer was lost (the network's doing). */
const unanswered = (entry: OutboxEntry) => entry.status === 'failed' && gotNoAnswer(entry.error);

export const outboxMachine = setup({
  types: {
    context: {} as OutboxContext,
    events: {} as OutboxEvent,
    input: {} as OutboxInput,
    emitted: {} as OutboxEmitted,
  },
  actors: {
    /** Sends the addition under its key (provided by the app with `keyedSend` and addMenu, in parts of at most 20). */
    send: fromPromise<Order, Send>(() => Promise.reject(new Error('send is not provided'))),
    /** Provided by the app (the browser's online and offline events): sends `outbox.network`. */
    watchNetwork: fromCallback<OutboxEvent>(() => {}),
  },
  actions: {
    queue: assign({
      entries: ({ context, event }) => {
        if (event.type !== 'outbox.add') return context.entries;
        const { orderID } = event.addition;
        // The order's last answer gives way to this one: its banner tells the latest addition.
        const kept = context.entries.filter((entry) => onItsWay(entry) || entry.addition.orderID !== orderID);
        return [...kept, { key: newIdempotencyKey(), addition: event.addition, status: 'queued' as const }];
      },
    }),
    tellQueued: emit(({ context }, params: { key: string }) => ({
      type: 'outbox.queued' as const,
      entry: { ...entryOf(context, params.key), status: 'queued' as const },
    })),
    retry: assign({
      entries: ({ context, event }) =>
        event.type === 'outbox.retry' ? withStatus(context.entries, event.key, 'queued') : context.entries,
    }),
    setOnline: assign(({ context, event }) =>
      event.type === 'outbox.network'
        ? { online: event.online, networkDropped: context.networkDropped || !event.online }
        : {},
    ),
    /** Offline now: an addition whose answer never came goes by itself, with its key, once the network is back. */
    requeueUnanswered: assign({
      entries: ({ context }) =>
        context.entries.map((entry) => (unanswered(entry) ? withStatus([entry], entry.key, 'queued')[0]! : entry)),
    }),
    /** The first queued addition is on its way; the rest wait their turn. */
    sendNext: assign(({ context }) => {
      const next = context.entries.find((entry) => entry.status === 'queued');
      return {
        entries: next ? withStatus(context.entries, next.key, 'sending') : context.entries,
        networkDropped: false,
      };
    }),
    requeue: assign({ entries: ({ context }) => withStatus(context.entries, sendingOf(context).key, 'queued') }),
    markAdded: assign({ entries: ({ context }) => withStatus(context.entries, sendingOf(context).key, 'added') }),
    markFailed: assign({
      entries: ({ context, event }) =>
        withStatus(context.entries, sendingOf(context).key, 'failed', 'error' in event ? event.error : undefined),
    }),
    tellAdded: emit(({ context }, params: { order: Order }) => ({
      type: 'outbox.added' as const,
      entry: { ...sendingOf(context), status: 'added' as const },
      order: params.order,
    })),
    tellFailed: emit(({ context }, params: { error: unknown }) => ({
      type: 'outbox.failed' as const,
      entry: { ...sendingOf(context), status: 'failed' as const, error: params.error },
    })),
    /** Provided by the app, which holds the query cache: the answer is the order as it stands now. */
    showOrder: (_, _params: { order: Order }) => {},
    /** Provided by the app: a refusal (409) means the order moved on, so it is asked for again. */
    refreshOrder: (_, _params: { orderID: string }) => {},
  },
  guards: {
    /** Not a double tap: the same dish is not already on its way to the same order. */
    notOnItsWay: ({ context, event }) =>
      event.type === 'outbox.add' &&
      !context.entries.some((entry) => onItsWay(entry) && sameDish(entry, event.addition)),
    canRetry: ({ context, event }) =>
      event.type === 'outbox.retry' &&
      context.entries.some(
        (entry) => entry.key === event.key && entry.status === 'failed' && mayHaveGoneThrough(entry.error),
      ),
    hasQueued: ({ context }) => context.entries.some((entry) => entry.status === 'queued'),
    isOnline: ({ context }) => context.online,
    wentOffline: ({ event }) => event.type === 'outbox.network' && !event.online,
    hasUnanswered: ({ context }) => context.entries.some(unanswered),
    /** What follows a failed send, by the rule every keyed request follows (`keyed-send.ts`). */
    failureQueues: ({ context, event }) => 'error' in event && afterFailedSend(event.error, context) === 'queue',
    failureResends: ({ context, event }) => 'error' in event && afterFailedSend(event.error, context) === 'resend',
  },
}).createMachine({
  id: 'outbox',
  description:
    'Additions to orders already placed, sent one at a time, each once with its own key: queued while offline and sent by themselves when the network is back, whichever screen is open.',
  context: ({ input }) => ({ entries: [], online: input.online ?? true, networkDropped: false }),
  invoke: { src: 'watchNetwork' },
  on: {
    'outbox.add': [
      {
        guard: and(['notOnItsWay', not('isOnline')]),
        actions: ['queue', { type: 'tellQueued', params: ({ context }) => ({ key: context.entries.at(-1)!.key }) }],
      },
      { guard: 'notOnItsWay', actions: 'queue' },
    ],
    'outbox.retry': { guard: 'canRetry', actions: 'retry' },
    'outbox.network': [
      { guard: and(['wentOffline', 'hasUnanswered']), actions: ['setOnline', 'requeueUnanswered'] },
      { actions: 'setOnline' },
    ],
  },
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing is on its way. A queued addition is sent at once while online, or waits for the network.',
      always: [
        { guard: and(['hasQueued', 'isOnline']), target: 'sending' },
        { guard: 'hasQueued', target: 'waiting' },
      ],
    },
    waiting: {
      description:
        'Offline with additions queued: they stay, with their keys, and go by themselves, in the order they were made, when the browser is back online.',
      always: { guard: 'isOnline', target: 'sending' },
    },
    sending: {
      description:
        'The oldest queued addition is on its way with its key; the others wait their turn. A lost answer goes again with the same key: at once if the network came back meanwhile, else once it does.',
      entry: 'sendNext',
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => {
          const { key, addition } = sendingOf(context);
          return { key, addition };
        },
        onDone: {
          target: 'idle',
          actions: [
            { type: 'tellAdded', params: ({ event }) => ({ order: event.output }) },
            { type: 'showOrder', params: ({ event }) => ({ order: event.output }) },
            'markAdded',
          ],
        },
        onError: [
          // Offline: it waits, queued with its key, for the network.
          {
            guard: 'failureQueues',
            target: 'idle',
            actions: [{ type: 'tellQueued', params: ({ context }) => ({ key: sendingOf(context).key }) }, 'requeue'],
          },
          // The network dropped and came back while it was on its way: it goes again at once, with its key.
          { guard: 'failureResends', target: 'sending', reenter: true, actions: 'requeue' },
          // A refusal, or no answer while online: the guest is told (and may Try again when it may have gone through).
          {
            target: 'idle',
            actions: [
              { type: 'tellFailed', params: ({ event }) => ({ error: event.error }) },
              { type: 'refreshOrder', params: ({ context }) => ({ orderID: sendingOf(context).addition.orderID }) },
              'markFailed',
            ],
          },
        ],
      },
    },
  },
});
