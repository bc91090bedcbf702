// The guest app's composition root: its app-level machines (cart, table, checkout, outbox, live) with their effects, built once.
import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { AddMenu } from '../../contract/orders';
import type { Order } from '../../contract/orders';
import { queryKeys } from '../api/queries';
import { readOrderNote } from '../device/order-note';
import { hasPendingOrder } from '../device/pending-order-mark';
import type { OrderAttempt } from '../device/pending-order';
import { cartMachine } from './cart.machine';
import type { CartRef, CheckoutEvent, CheckoutInput, checkoutMachine, TableRef } from './checkout.machine';
import { keyedSend } from './keyed-send';
import type { liveMachine } from './live.machine';
import type { OutboxEvent, OutboxInput, outboxMachine, Send } from './outbox.machine';
import { tableMachine, type TableEvent } from './table.machine';

/** The checkout's machine with its effects, and the input it starts from (read when it starts, not before). */
export interface LoadedCheckout {
  logic: typeof checkoutMachine;
  input(cart: CartRef, table: TableRef): CheckoutInput;
}

export interface GuestRootDeps {
  queryClient: QueryClient;
  /** The app's router: where the guest is decides whether a placed order's page opens or is only offered. */
  router: AnyRouter;
  /** Tells the guest an order was placed: `opened` when its page was opened for them (they were on the cart). */
  orderPlaced(order: Order, { opened }: { opened: boolean }): void;
}

/** A provider with a profile (`GET restaurant`, v1.2) takes the guest's allergies; one answering 404 (null) does not. */
const takesAllergies = (profile: unknown) => profile !== null && profile !== undefined;

/** The browser's online and offline events, as the machine's own event. */
const browserNetwork = <Event extends EventObject>(eventOf: (online: boolean) => Event) =>
  fromCallback<Event>(({ sendBack }) => {
    const online = () => sendBack(eventOf(true));
    const offline = () => sendBack(eventOf(false));
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  });

/** For the checkout: offline, Place order queues the order. */
const checkoutNetwork = browserNetwork<CheckoutEvent>((online) => ({ type: 'checkout.network', online }));

/** For the outbox: what was added offline goes once the network is back. */
const outboxNetwork = browserNetwork<OutboxEvent>((online) => ({ type: 'outbox.network', online }));

/** The browser back online, for the table: a scan that could not join its seating tries again. */
const tableNetwork = fromCallback<TableEvent>(({ sendBack }) => {
  const online = () => sendBack({ type: 'table.online' });
  window.addEventListener('online', online);
  return () => window.removeEventListener('online', online);
});

/**
 * Every machine the guest app runs for as long as it is open, with the effects only the app can perform. The app's
 * providers run them once, above the router, so none depends on which screen is open: an order queued offline goes
 * when the network is back wherever the guest is. The console's machines are built in `staff-root.ts`, its own bundle.
 */
export function createGuestRoot({ queryClient, router, orderPlaced }: GuestRootDeps) {
  let live: Promise<typeof liveMachine> | undefined;
  let outbox: Promise<typeof outboxMachine> | undefined;
  let checkout: Promise<LoadedCheckout> | undefined;
  return {
    /** The cart's only effect is the device's storage, which the machine owns. */
    cart: cartMachine,
    table: tableMachine.provide({
      actors: {
        joinSeating: fromPromise(({ input }) =>
          import('./join-seating').then((module) => module.joinSeating(queryClient, input)),
        ),
        watchNetwork: tableNetwork,
      },
    }),
    /**
     * The checkout, which places the cart as one order, never twice, and sends a queued one when the network is back. A
     * chunk of its own (the machine and the reading of a placed order's answer), loaded once the menu's
     * first screen is up, or at once for an order a reload interrupted: the first tap never waits for it. A failed load
     * (offline) is forgotten, so the next one fetches again.
     */
    loadCheckout: (): Promise<LoadedCheckout> =>
      // The reading of a placed order's answer comes along, so placing an order never waits for (or fails on) its chunk.
      (checkout ??= Promise.all([
        import('./checkout.machine'),
        import('../api/order-calls'),
        import('../device/pending-order'),
        import('../api/placed-order'),
      ]).then(
        ([{ checkoutMachine: machine }, { addOrders }, { readPendingOrder }]) => ({
          /**
           * What the checkout starts from, read as it starts: an attempt a reload interrupted is resumed straight away
           * (offline, it stays queued until the browser says the network is back). The cart screen adds the rest when
           * it opens (`checkout.cartOpened`).
           */
          input: (cart: CartRef, table: TableRef): CheckoutInput => ({
            cart,
            table,
            pending: readPendingOrder(),
            note: readOrderNote(),
            online: navigator.onLine,
            allergiesOffered: takesAllergies(queryClient.getQueryData(queryKeys.restaurant)),
          }),
          logic: machine.provide({
            actors: {
              placeOrder: keyedSend<OrderAttempt, OrderAttempt['order'], Order>(
                (attempt) => [attempt.order],
                (order, key, signal) => addOrders(order, { idempotencyKey: key, signal }),
              ),
              watchNetwork: checkoutNetwork,
              watchProvider: fromCallback<CheckoutEvent>(({ sendBack }) =>
                queryClient.getQueryCache().subscribe((event) => {
                  if (event.type !== 'updated' || event.query.queryKey[0] !== queryKeys.restaurant[0]) return;
                  if (event.query.state.status !== 'success') return;
                  sendBack({ type: 'checkout.allergiesOffered', offered: takesAllergies(event.query.state.data) });
                }),
              ),
            },
            actions: {
              showOrder: (_, { order }) => {
                // The answer is the order as it stands: its page opens with it instead of asking again.
                queryClient.setQueryData(queryKeys.order(order.orderID), order);
                // On the cart the guest is waiting for it, so its page opens; anywhere else they are told, and stay where they are.
                const { pathname, search } = router.state.location;
                const onCart = pathname === '/cart' && (search as { orderID?: string }).orderID === undefined;
                if (onCart) void router.navigate({ to: '/cart', search: { orderID: order.orderID } });
                orderPlaced(order, { opened: onCart });
              },
            },
          }),
        }),
        (error: unknown) => {
          checkout = undefined;
          throw error;
        },
      )),
    /** An order a reload interrupted waits on this device: the checkout starts at once to resume it. */
    interruptedOrder: hasPendingOrder,
    /**
     * The outbox, which sends dishes added to an order already placed (add-to-order mode), each once with its key, and
     * queues them offline. A chunk of its own, loaded as add-to-order mode opens, never on the menu's path; a failed
     * load (offline) is forgotten, so the next one fetches again.
     */
    loadOutbox: (): Promise<typeof outboxMachine> =>
      (outbox ??= Promise.all([import('./outbox.machine'), import('../api/order-calls')]).then(
        ([{ outboxMachine: machine, additionLines }, { addMenu }]) =>
          machine.provide({
            actors: {
              send: keyedSend<Send, AddMenu, Order>(additionLines, (line, key, signal) =>
                addMenu(line, { idempotencyKey: key, signal }),
              ),
              watchNetwork: outboxNetwork,
            },
            actions: {
              // The answer is the order as it stands: its page and the banner show it without asking again.
              showOrder: (_, { order }) => queryClient.setQueryData(queryKeys.order(order.orderID), order),
              // A refusal (409) means the order moved on: the banner should show where it is now.
              refreshOrder: (_, { orderID }) =>
                void queryClient.invalidateQueries({ queryKey: queryKeys.order(orderID) }),
            },
          }),
        (error: unknown) => {
          outbox = undefined;
          throw error;
        },
      )),
    outboxInput: (): OutboxInput => ({ online: navigator.onLine }),
    /**
     * One live stream for the guests' screens, writing into the cache (`GuestLive` runs it, never in the console). The
     * machine and its cache writer are a chunk of their own, loaded once the first screen is up: the first tap does not
     * wait for them. A failed load (offline) is forgotten, so the next one fetches again.
     */
    loadLive: (): Promise<typeof liveMachine> =>
      (live ??= Promise.all([import('./live.machine'), import('../api/live-cache')]).then(
        ([{ liveMachine: machine }, { refetchLiveQueries, writeLiveMessage }]) =>
          machine.provide({
            actions: {
              applyMessage: (_, { message }) => writeLiveMessage(queryClient, message),
              refetchAll: (_, { orderID }) => refetchLiveQueries(queryClient, orderID),
              refetchOrder: (_, { orderID }) =>
                void queryClient.invalidateQueries({ queryKey: queryKeys.order(orderID) }),
            },
          }),
        (error: unknown) => {
          live = undefined;
          throw error;
        },
      )),
  };
}

export type GuestRoot = ReturnType<typeof createGuestRoot>;
