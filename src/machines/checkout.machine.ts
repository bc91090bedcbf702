// The checkout machine: places the cart as one order, safely: one idempotency key per attempt, sent again on Retry, after a reload and when the network returns.
import { and, assign, fromCallback, fromPromise, not, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { Allergen } from '../../contract/guest';
import type { Order } from '../../contract/orders';
import { guestNameToSend } from '../device/guest-name';
import { rememberOrder } from '../device/my-orders';
import { saveOrderNote } from '../device/order-note';
import { groupCartLines } from '../domain/cart-lines';
import { forgetPendingOrder, newIdempotencyKey, savePendingOrder, type OrderAttempt } from '../device/pending-order';
import type { cartMachine } from './cart.machine';
import { describeCheckoutFailure, type CheckoutFailure } from './checkout-failure';
import { afterFailedSend } from './keyed-send';
import { buildOrderDraft, type DraftResult, type OrderDraft } from './order-payload';
import type { tableMachine } from './table.machine';

export type CartRef = ActorRefFrom<typeof cartMachine>;
export type TableRef = ActorRefFrom<typeof tableMachine>;

export interface CheckoutInput {
  /** The cart and the table the order is made of: the checkout follows them itself and empties the cart once placed. */
  cart: CartRef;
  table: TableRef;
  /** An attempt a reload interrupted (`readPendingOrder()`): it is sent again, with its key, as soon as the machine starts. */
  pending: OrderAttempt | null;
  /** The order note kept on the device (`readOrderNote()`). */
  note: string;
  /** Whether the browser has a network now (`navigator.onLine`); the `watchNetwork` actor reports changes. Default true. */
  online?: boolean;
  /** The allergies offered to the kitchen at first: those the guest's dish filter hides (they said what they avoid). */
  allergies?: readonly Allergen[];
  /** Whether the provider takes the guest's allergies (contract v1.2); the `watchProvider` actor reports changes. */
  allergiesOffered?: boolean;
}

export interface CheckoutContext {
  cart: CartRef;
  table: TableRef;
  /** The cart's entries and the table as the guest sees them now (followed through `checkout.orderChanged`). */
  entries: readonly unknown[];
  tableId: number | null;
  note: string;
  /** The attempt being sent, or that failed; its key is reused until a refusal lets the guest change the order. */
  attempt: OrderAttempt | null;
  failure: CheckoutFailure | null;
  placed: Order | null;
  /** The browser's word on the network: offline, Place order queues the attempt instead of failing. */
  online: boolean;
  /** The browser said it was offline since the attempt was last sent: if no answer comes, the network is to blame. */
  networkDropped: boolean;
  /** The allergies the guest chose to tell the kitchen, sent with the order when the provider takes them. */
  allergies: readonly Allergen[];
  /** A provider before v1.2 is never sent a field it does not know. */
  allergiesOffered: boolean;
}

export type CheckoutEvent =
  /** Place order: the cart, note and table as they are now; after a failure, the same as Retry. */
  | { type: 'checkout.submit' }
  | { type: 'checkout.cancel' }
  | { type: 'checkout.retry' }
  /** The cart or the table changed (sent by the machine's own watch on them): a refused attempt no longer matches what the guest sees. */
  | { type: 'checkout.orderChanged'; entries: readonly unknown[]; tableId: number | null }
  | { type: 'checkout.note'; note: string }
  /** The guest changed which allergies to tell the kitchen. */
  | { type: 'checkout.allergies'; allergies: readonly Allergen[] }
  /**
   * The cart screen opened. The checkout outlives the screen, so what the screen used to start it with comes with this:
   * the allergies the guest's dish filter hides (what they avoid). What the guest left behind on the cart (a placed
   * order, the table picker) is over; an attempt that may have gone through is sent again with its key. A refusal stays:
   * it may have come while the guest was away, and the cart shows what it was about until they change the order.
   */
  | { type: 'checkout.cartOpened'; allergies: readonly Allergen[] }
  /** The cart screen closed: a table chosen elsewhere from now on (the header's) must not send the order. */
  | { type: 'checkout.cartClosed' }
  /** Whether the provider takes allergies (sent by the injected `watchProvider` actor when its version is known). */
  | { type: 'checkout.allergiesOffered'; offered: boolean }
  /** The browser went online or offline (sent by the injected `watchNetwork` actor). */
  | { type: 'checkout.network'; online: boolean };

function attemptOf(context: CheckoutContext): OrderAttempt {
  if (!context.attempt) throw new Error('The checkout has no attempt in this state');
  return context.attempt;
}

// The cart's lines are grouped again only when the entries or the note changed: selectors read this on every render.
let lastDraft: { entries: readonly unknown[]; note: string; result: DraftResult } | undefined;

/** The order as it would be sent now, except for its table: from the cart's lines and the order note. */
export function draftOf({ entries, note }: { entries: readonly unknown[]; note: string }): DraftResult {
  if (lastDraft?.entries === entries && lastDraft.note === note) return lastDraft.result;
  const result = buildOrderDraft(groupCartLines(entries).lines, note);
  lastDraft = { entries, note, result };
  return result;
}

function newAttempt(draft: OrderDraft, tableId: number, allergies: readonly Allergen[]): OrderAttempt {
  const { lineKeys, entryIds, items, note } = draft;
  // The guest's name and allergies go with the attempt, so a retry sends exactly what the first try did.
  const guest = guestNameToSend(tableId);
  return {
    key: newIdempotencyKey(),
    order: {
      table_id: tableId,
      items,
      ...(note ? { note } : {}),
      ...(guest === undefined ? {} : { guest }),
      ...(allergies.length > 0 ? { allergies: [...allergies] } : {}),
    },
    lineKeys,
    entryIds,
  };
}

/** Whether the cart or table now differ from what the attempt sends (compared by content: re-reading the same cart is no change). */
function differsFromAttempt(
  attempt: OrderAttempt | null,
  entries: readonly unknown[],
  tableId: number | null,
  note: string,
) {
  if (!attempt) return true;
  const draft = draftOf({ entries, note });
  return (
    tableId !== attempt.order.table_id ||
    !draft.ok ||
    JSON.stringify(draft.draft.items) !== JSON.stringify(attempt.order.items)
  );
}

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
  },
  actors: {
    /** Sends the attempt with its idempotency key: the provider answers the same order for the same key, never a second one. */
    /** Provided by whoever runs the checkout (the app sends it with `addOrders`), so the machine itself makes no calls. */
    placeOrder: fromPromise<Order, OrderAttempt>(() => Promise.reject(new Error('placeOrder is not provided'))),
    /** Follows the cart and the table: tells the machine whenever the cart's entries or the chosen table change. */
    /** Provided by whoever runs the checkout (the app listens to the browser's online and offline events): sends `checkout.network`. */
    watchNetwork: fromCallback<CheckoutEvent>(() => {}),
    /** Provided by whoever runs the checkout (the app follows the restaurant's profile, v1.2): sends `checkout.allergiesOffered`. */
    watchProvider: fromCallback<CheckoutEvent>(() => {}),
    watchOrder: fromCallback<CheckoutEvent, { cart: CartRef; table: TableRef }>(({ sendBack, input }) => {
      let entries = input.cart.getSnapshot().context.entries;
      let tableId = input.table.getSnapshot().context.tableId;
      const check = () => {
        const next = {
          entries: input.cart.getSnapshot().context.entries,
          tableId: input.table.getSnapshot().context.tableId,
        };
        if (next.entries === entries && next.tableId === tableId) return;
        ({ entries, tableId } = next);
        sendBack({ type: 'checkout.orderChanged', entries, tableId });
      };
      const subscriptions = [input.cart.subscribe(check), input.table.subscribe(check)];
      return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
    }),
  },
  actions: {
    followOrder: assign(({ event }) =>
      event.type === 'checkout.orderChanged' ? { entries: event.entries, tableId: event.tableId } : {},
    ),
    /** A new attempt, so a new key: the cart, note and table as they are now. */
    startAttempt: assign(({ context }) => {
      const draft = draftOf(context);
      if (!draft.ok || context.tableId === null) throw new Error('An order cannot start without a draft and a table');
      const allergies = context.allergiesOffered ? context.allergies : [];
      return { attempt: newAttempt(draft.draft, context.tableId, allergies), failure: null, placed: null };
    }),
    /** Queued offline: the attempt has not left the device (kept so with it, across reloads). */
    markUnsent: assign({
      attempt: ({ context }) => ({ ...attemptOf(context), unsent: true as const }),
    }),
    /** The attempt is about to be sent: from now on it may reach the kitchen, so it can no longer be cancelled. */
    markSent: assign({
      attempt: ({ context }) => {
        const { unsent: _unsent, ...attempt } = attemptOf(context);
        return attempt;
      },
    }),
    setOnline: assign(({ context, event }) =>
      event.type === 'checkout.network'
        ? { online: event.online, networkDropped: context.networkDropped || !event.online }
        : {},
    ),
    forgetNetworkDrop: assign({ networkDropped: false }),
    dropAttempt: assign({ attempt: null, failure: null }),
    clearFailure: assign({ failure: null }),
    recordFailure: assign({
      failure: ({ context, event }) =>
        describeCheckoutFailure('error' in event ? event.error : undefined, context.attempt?.lineKeys ?? []),
    }),
    recordPlaced: assign({
      placed: ({ event }) => ('output' in event ? (event.output as Order) : null),
      attempt: null,
      failure: null,
      note: '',
    }),
    setNote: assign({ note: ({ context, event }) => (event.type === 'checkout.note' ? event.note : context.note) }),
    saveNote: (_, params: { note: string }) => saveOrderNote(params.note),
    setAllergies: assign(({ event }) =>
      event.type === 'checkout.allergies' || event.type === 'checkout.cartOpened' ? { allergies: event.allergies } : {},
    ),
    setAllergiesOffered: assign(({ event }) =>
      event.type === 'checkout.allergiesOffered' ? { allergiesOffered: event.offered } : {},
    ),
    savePendingOrder: (_, params: { attempt: OrderAttempt }) => savePendingOrder(params.attempt),
    forgetPendingOrder: () => forgetPendingOrder(),
    rememberOrder: (_, params: { order: Order }) =>
      rememberOrder({
        orderID: params.order.orderID,
        table_id: params.order.table_id,
        placed_at: params.order.created_at,
        ...(params.order.order_key === undefined ? {} : { order_key: params.order.order_key }),
      }),
    /** Takes the sent entries out of the cart (all of it, when it holds nothing else). */
    clearCart: sendTo(
      ({ context }) => context.cart,
      (_, params: { entryIds: readonly string[] }) => ({
        type: 'cart.removeOrdered' as const,
        entryIds: params.entryIds,
      }),
    ),
    /** Provided by the composition root, which holds the router and the query cache: shows or announces the placed order. */
    showOrder: (_, _params: { order: Order }) => {},
  },
  guards: {
    canPlace: ({ context }) => draftOf(context).ok,
    needsTable: ({ context }) => context.tableId === null,
    tableChosen: ({ event }) => event.type === 'checkout.orderChanged' && event.tableId !== null,
    canPlaceAfterChange: ({ context, event }) =>
      event.type === 'checkout.orderChanged' && draftOf({ entries: event.entries, note: context.note }).ok,
    differsFromAttempt: ({ context, event }) =>
      event.type === 'checkout.orderChanged' &&
      differsFromAttempt(context.attempt, event.entries, event.tableId, context.note),
    hasPendingAttempt: ({ context }) => context.attempt !== null,
    isOffline: ({ context }) => !context.online,
    cameOnline: ({ event }) => event.type === 'checkout.network' && event.online,
    attemptUnsent: ({ context }) => context.attempt?.unsent === true,
    /** The last attempt got no answer at all (it did not reach the provider, or its answer never came). */
    gotNoAnswer: ({ context }) => context.failure?.kind === 'offline' || context.failure?.kind === 'timeout',
    /** What follows the failed attempt, by the rule every keyed request follows (`keyed-send.ts`). */
    failureQueues: ({ context, event }) => 'error' in event && afterFailedSend(event.error, context) === 'queue',
    failureResends: ({ context, event }) => 'error' in event && afterFailedSend(event.error, context) === 'resend',
    isRefusal: ({ context, event }) => 'error' in event && afterFailedSend(event.error, context) === 'refused',
  },
}).createMachine({
  id: 'checkout',
  description: 'Placing the cart as one order: never twice (one idempotency key per attempt), never losing the cart.',
  context: ({ input }) => ({
    cart: input.cart,
    table: input.table,
    entries: input.cart.getSnapshot().context.entries,
    tableId: input.table.getSnapshot().context.tableId,
    note: input.note,
    attempt: input.pending,
    failure: null,
    placed: null,
    online: input.online ?? true,
    networkDropped: false,
    allergies: input.allergies ?? [],
    allergiesOffered: input.allergiesOffered ?? false,
  }),
  invoke: [
    { src: 'watchOrder', input: ({ context }) => ({ cart: context.cart, table: context.table }) },
    { src: 'watchNetwork' },
    { src: 'watchProvider' },
  ],
  on: {
    'checkout.orderChanged': { actions: 'followOrder' },
    'checkout.network': { actions: 'setOnline' },
    'checkout.allergiesOffered': { actions: 'setAllergiesOffered' },
    // On its way or queued, the order goes on as it is: only what the allergies field shows starts again.
    'checkout.cartOpened': { actions: 'setAllergies' },
  },
  initial: 'starting',
  states: {
    starting: {
      description: 'Looks for an attempt a reload interrupted before anything else.',
      always: [
        { guard: and(['hasPendingAttempt', 'isOffline']), target: 'queued' },
        { guard: 'hasPendingAttempt', target: 'submitting.resuming', actions: 'markSent' },
        { target: 'idle' },
      ],
    },
    idle: {
      description: 'The guest is reviewing the cart; nothing is being sent.',
      on: {
        'checkout.submit': [
          { guard: not('canPlace') },
          { guard: 'needsTable', target: 'awaitingTable' },
          { guard: 'isOffline', target: 'queued', actions: ['startAttempt', 'markUnsent'] },
          { target: 'submitting', actions: 'startAttempt' },
        ],
        'checkout.note': { actions: ['setNote', { type: 'saveNote', params: ({ event }) => ({ note: event.note }) }] },
        'checkout.allergies': { actions: 'setAllergies' },
      },
    },
    awaitingTable: {
      description:
        'Place order was pressed without a table: the table picker is open, and the order goes as soon as one is chosen.',
      on: {
        // The guest chose a table in the picker (the table machine has it): the order goes at once.
        'checkout.orderChanged': [
          {
            guard: and(['tableChosen', 'canPlaceAfterChange', 'isOffline']),
            target: 'queued',
            actions: ['followOrder', 'startAttempt', 'markUnsent'],
          },
          {
            guard: and(['tableChosen', 'canPlaceAfterChange']),
            target: 'submitting',
            actions: ['followOrder', 'startAttempt'],
          },
          { guard: 'tableChosen', target: 'idle', actions: 'followOrder' },
          { actions: 'followOrder' },
        ],
        'checkout.cancel': { target: 'idle' },
        'checkout.cartOpened': { target: 'idle', actions: 'setAllergies' },
        'checkout.cartClosed': { target: 'idle' },
      },
    },
    submitting: {
      description:
        'The order is on its way with its idempotency key, kept on the device until the provider answers; the cart is locked.',
      entry: [
        { type: 'savePendingOrder', params: ({ context }) => ({ attempt: attemptOf(context) }) },
        'forgetNetworkDrop',
      ],
      invoke: {
        id: 'placeOrder',
        src: 'placeOrder',
        input: ({ context }) => attemptOf(context),
        onDone: {
          target: 'placed',
          actions: [
            'forgetPendingOrder',
            { type: 'clearCart', params: ({ context }) => ({ entryIds: attemptOf(context).entryIds }) },
            { type: 'rememberOrder', params: ({ event }) => ({ order: event.output }) },
            { type: 'saveNote', params: { note: '' } },
            'recordPlaced',
            { type: 'showOrder', params: ({ event }) => ({ order: event.output }) },
          ],
        },
        onError: [
          // Offline: the attempt waits on the device and goes by itself, with its key, once the network is back.
          { guard: 'failureQueues', target: 'queued' },
          // The network dropped and came back while it was on its way: it goes again at once, with its key.
          { guard: 'failureResends', target: 'submitting', reenter: true },
          // A definite no: the order was not placed, so there is nothing to resume after a reload.
          { guard: 'isRefusal', target: 'failed.refused', actions: ['recordFailure', 'forgetPendingOrder'] },
          // Offline, too slow, a provider fault: it may or may not have gone through; only the same key finds out.
          { target: 'failed.uncertain', actions: 'recordFailure' },
        ],
      },
      initial: 'sending',
      states: {
        sending: {
          description:
            'A new attempt, or a Retry of a failed one with the same key and the same body (sent again by itself when the network dropped and came back while it was on its way).',
        },
        resuming: {
          description:
            'A reload interrupted an attempt: it is sent again with the same key to learn whether it went through; the provider answers the same order, never a second one.',
        },
      },
    },
    queued: {
      description:
        'Place order while offline, or an attempt the network lost: the attempt (key and body) waits on the device and the cart stays locked. It is sent by itself, once, with the same key, when the browser is back online or the app is next opened online. Cancel drops it while it has never been sent.',
      entry: { type: 'savePendingOrder', params: ({ context }) => ({ attempt: attemptOf(context) }) },
      on: {
        'checkout.network': [
          { guard: 'cameOnline', target: 'submitting', actions: ['setOnline', 'markSent'] },
          { actions: 'setOnline' },
        ],
        'checkout.cancel': {
          guard: 'attemptUnsent',
          target: 'idle',
          actions: ['dropAttempt', 'forgetPendingOrder'],
        },
      },
    },
    placed: {
      description:
        'The provider has the order: the cart is cleared, the order remembered on the device and its page shown.',
      on: {
        'checkout.submit': [
          { guard: not('canPlace') },
          { guard: 'needsTable', target: 'awaitingTable' },
          { guard: 'isOffline', target: 'queued', actions: ['startAttempt', 'markUnsent'] },
          { target: 'submitting', actions: 'startAttempt' },
        ],
        'checkout.note': { actions: ['setNote', { type: 'saveNote', params: ({ event }) => ({ note: event.note }) }] },
        'checkout.allergies': { actions: 'setAllergies' },
        'checkout.cartOpened': { target: 'idle', actions: 'setAllergies' },
      },
    },
    failed: {
      description: 'The attempt failed; the cart is as it was. Retry sends the same attempt with the same key.',
      // Only ever entered through a child; should anything target it directly, the safe assumption is that the order may have gone through.
      initial: 'uncertain',
      on: {
        // Offline, Retry queues the attempt: it goes by itself once the network is back.
        'checkout.retry': [
          { guard: 'isOffline', target: 'queued', actions: 'clearFailure' },
          { target: 'submitting', actions: 'clearFailure' },
        ],
        'checkout.submit': [
          { guard: 'isOffline', target: 'queued', actions: 'clearFailure' },
          { target: 'submitting', actions: 'clearFailure' },
        ],
      },
      states: {
        refused: {
          description:
            'The provider said no (4xx other than 408 and 429): nothing was placed and nothing is kept on the device. Changing the order drops the attempt, so the next Place order has a new key.',
          on: {
            'checkout.orderChanged': [
              {
                guard: 'differsFromAttempt',
                target: '#checkout.idle',
                actions: ['followOrder', 'dropAttempt', 'forgetPendingOrder'],
              },
              { actions: 'followOrder' },
            ],
            'checkout.note': {
              target: '#checkout.idle',
              actions: [
                'setNote',
                { type: 'saveNote', params: ({ event }) => ({ note: event.note }) },
                'dropAttempt',
                'forgetPendingOrder',
              ],
            },
            'checkout.allergies': {
              target: '#checkout.idle',
              actions: ['setAllergies', 'dropAttempt', 'forgetPendingOrder'],
            },
            // What the allergies field shows stays what the refused attempt sent.
            'checkout.cartOpened': {},
          },
        },
        uncertain: {
          description:
            'Offline, too slow, an unreadable answer or a provider fault: the order may have reached the kitchen. The attempt stays on the device and the cart stays locked; changes are ignored, and only Retry (same key, same body) leaves, or the browser saying it is offline after an attempt that got no answer (queued: it goes by itself when the network is back).',
          on: {
            // The request got no answer before the browser noticed it was offline: now it knows, the attempt is queued.
            'checkout.network': [
              {
                guard: and([not('cameOnline'), 'gotNoAnswer']),
                target: '#checkout.queued',
                actions: ['setOnline', 'clearFailure'],
              },
              { actions: 'setOnline' },
            ],
            // Back on the cart, the attempt is asked about again with its key, as after a reload.
            'checkout.cartOpened': [
              { guard: 'isOffline', target: '#checkout.queued', actions: ['setAllergies', 'clearFailure'] },
              { target: '#checkout.submitting.resuming', actions: ['setAllergies', 'clearFailure'] },
            ],
          },
        },
      },
    },
  },
});
