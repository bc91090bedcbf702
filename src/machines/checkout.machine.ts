// The checkout machine: places the cart as one order, safely: one idempotency key per attempt, sent again on Retry and after a reload.
import { assign, fromPromise, setup } from 'xstate';
import type { Order } from '../api/schemas';
import { describeCheckoutFailure, isRefusal, type CheckoutFailure } from './checkout-failure';
import { rememberOrder } from '../device/my-orders';
import { saveOrderNote } from '../device/order-note';
import type { OrderDraft } from './order-payload';
import { forgetPendingOrder, newIdempotencyKey, savePendingOrder, type OrderAttempt } from '../device/pending-order';

export interface CheckoutInput {
  /** An attempt a reload interrupted (`readPendingOrder()`): it is sent again, with its key, as soon as the machine starts. */
  pending: OrderAttempt | null;
  /** The order note kept on the device (`readOrderNote()`). */
  note: string;
}

export interface CheckoutContext {
  note: string;
  /** The order waiting for the guest to choose a table. */
  draft: OrderDraft | null;
  /** The attempt being sent, or that failed; its key is reused until a refusal lets the guest change the order. */
  attempt: OrderAttempt | null;
  failure: CheckoutFailure | null;
  placed: Order | null;
}

export type CheckoutEvent =
  /** Place order: the draft built from the cart as the guest sees it, and the table (null when none is chosen yet). */
  | { type: 'checkout.submit'; draft: OrderDraft; tableId: number | null }
  | { type: 'checkout.tableChosen'; tableId: number }
  | { type: 'checkout.cancel' }
  | { type: 'checkout.retry' }
  /** The guest changed the cart or the table: a refused attempt no longer matches what they see (ignored while it may have gone through). */
  | { type: 'checkout.edit' }
  | { type: 'checkout.note'; note: string };

function attemptOf(context: CheckoutContext): OrderAttempt {
  if (!context.attempt) throw new Error('The checkout has no attempt in this state');
  return context.attempt;
}

function newAttempt(draft: OrderDraft, tableId: number): OrderAttempt {
  const { lineKeys, entryIds, items, note } = draft;
  return {
    key: newIdempotencyKey(),
    order: { table_id: tableId, items, ...(note ? { note } : {}) },
    lineKeys,
    entryIds,
  };
}

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
  },
  actors: {
    /** Sends the attempt with its idempotency key: the provider answers the same order for the same key, never a second one. */
    placeOrder: fromPromise<Order, OrderAttempt>(async ({ input, signal }) => {
      // Loaded on first use, so this module stays readable outside Vite (`npm run machines:docs` runs it under plain Node).
      const { addOrders } = await import('../api/calls');
      return addOrders(input.order, { idempotencyKey: input.key, signal });
    }),
  },
  actions: {
    keepDraft: assign({ draft: ({ event }) => (event.type === 'checkout.submit' ? event.draft : null) }),
    dropDraft: assign({ draft: null }),
    /** A new attempt, so a new key: from the submitted draft, or from the kept one once a table is chosen. */
    startAttempt: assign(({ context, event }) => {
      const draft = event.type === 'checkout.submit' ? event.draft : context.draft;
      const tableId =
        event.type === 'checkout.submit' ? event.tableId : event.type === 'checkout.tableChosen' ? event.tableId : null;
      if (!draft || tableId === null)
        throw new Error(`${event.type} cannot start an order without a draft and a table`);
      return { attempt: newAttempt(draft, tableId), draft: null, failure: null, placed: null };
    }),
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
    savePendingOrder: (_, params: { attempt: OrderAttempt }) => savePendingOrder(params.attempt),
    forgetPendingOrder: () => forgetPendingOrder(),
    rememberOrder: (_, params: { order: Order }) =>
      rememberOrder({
        orderID: params.order.orderID,
        table_id: params.order.table_id,
        placed_at: params.order.created_at,
      }),
    /** Provided by the cart screen, which holds the cart: takes the sent entries out of the cart. */
    clearCart: (_, _params: { entryIds: readonly string[] }) => {},
    /** Provided by the cart screen, which holds the router and the query cache: shows the placed order's page. */
    showOrder: (_, _params: { order: Order }) => {},
  },
  guards: {
    needsTable: ({ event }) => event.type === 'checkout.submit' && event.tableId === null,
    hasPendingAttempt: ({ context }) => context.attempt !== null,
    isRefusal: ({ event }) => 'error' in event && isRefusal(event.error),
  },
}).createMachine({
  id: 'checkout',
  description: 'Placing the cart as one order: never twice (one idempotency key per attempt), never losing the cart.',
  context: ({ input }) => ({ note: input.note, draft: null, attempt: input.pending, failure: null, placed: null }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Looks for an attempt a reload interrupted before anything else.',
      always: [{ guard: 'hasPendingAttempt', target: 'submitting.resuming' }, { target: 'idle' }],
    },
    idle: {
      description: 'The guest is reviewing the cart; nothing is being sent.',
      on: {
        'checkout.submit': [
          { guard: 'needsTable', target: 'awaitingTable', actions: 'keepDraft' },
          { target: 'submitting', actions: 'startAttempt' },
        ],
        'checkout.note': { actions: ['setNote', { type: 'saveNote', params: ({ event }) => ({ note: event.note }) }] },
      },
    },
    awaitingTable: {
      description:
        'Place order was pressed without a table: the table picker is open, and the order goes as soon as one is chosen.',
      on: {
        'checkout.tableChosen': { target: 'submitting', actions: 'startAttempt' },
        'checkout.cancel': { target: 'idle', actions: 'dropDraft' },
      },
    },
    submitting: {
      description:
        'The order is on its way with its idempotency key, kept on the device until the provider answers; the cart is locked.',
      entry: { type: 'savePendingOrder', params: ({ context }) => ({ attempt: attemptOf(context) }) },
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
          // A definite no: the order was not placed, so there is nothing to resume after a reload.
          { guard: 'isRefusal', target: 'failed.refused', actions: ['recordFailure', 'forgetPendingOrder'] },
          // Offline, too slow, a provider fault: it may or may not have gone through; only the same key finds out.
          { target: 'failed.uncertain', actions: 'recordFailure' },
        ],
      },
      initial: 'sending',
      states: {
        sending: {
          description: 'A new attempt, or a Retry of a failed one with the same key and the same body.',
        },
        resuming: {
          description:
            'A reload interrupted an attempt: it is sent again with the same key to learn whether it went through; the provider answers the same order, never a second one.',
        },
      },
    },
    placed: {
      description:
        'The provider has the order: the cart is cleared, the order remembered on the device and its page shown.',
      on: {
        'checkout.submit': [
          { guard: 'needsTable', target: 'awaitingTable', actions: 'keepDraft' },
          { target: 'submitting', actions: 'startAttempt' },
        ],
        'checkout.note': { actions: ['setNote', { type: 'saveNote', params: ({ event }) => ({ note: event.note }) }] },
      },
    },
    failed: {
      description: 'The attempt failed; the cart is as it was. Retry sends the same attempt with the same key.',
      // Only ever entered through a child; should anything target it directly, the safe assumption is that the order may have gone through.
      initial: 'uncertain',
      on: {
        'checkout.retry': { target: 'submitting', actions: 'clearFailure' },
      },
      states: {
        refused: {
          description:
            'The provider said no (4xx other than 408 and 429): nothing was placed and nothing is kept on the device. Changing the order drops the attempt, so the next Place order has a new key.',
          on: {
            'checkout.edit': { target: '#checkout.idle', actions: ['dropAttempt', 'forgetPendingOrder'] },
            'checkout.note': {
              target: '#checkout.idle',
              actions: [
                'setNote',
                { type: 'saveNote', params: ({ event }) => ({ note: event.note }) },
                'dropAttempt',
                'forgetPendingOrder',
              ],
            },
          },
        },
        uncertain: {
          description:
            'Offline, too slow, an unreadable answer or a provider fault: the order may have reached the kitchen. The attempt stays on the device and the cart stays locked; changes are ignored, and only Retry (same key, same body) leaves.',
        },
      },
    },
  },
});
