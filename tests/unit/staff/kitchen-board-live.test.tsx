// The kitchen board on staff/events: orders arrive, move and leave from events alone; a drop resumes; a 404 polls.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../contract/orders';
import { boardPolling, staffKeys } from '../../../src/api/staff-queries';
import { fakeLiveEvents } from '../../msw/live-events';
import { API, consoleProvider, fastBoardPolling, openBoardAs, place as placeOrder, ticketFor } from './support';

const { provider, server } = consoleProvider();
fastBoardPolling();

const place = (table_id: number, menu_id: number) => placeOrder(table_id, [{ menu_id, quantity: 1 }]);
/** The ticket for `table` on the rail while the order is at `status`, or null. */
const cardIn = (status: string, table: RegExp) => {
  const ticket = ticketFor(table);
  return ticket?.getAttribute('data-status') === status ? ticket : null;
};
const orderOf = (orderID: string) => {
  const order = provider.order(orderID);
  if (!order) throw new Error(`No order ${orderID}`);
  return order as Order;
};

async function openBoard() {
  const { queryClient } = await openBoardAs(provider, 'cook');
  return queryClient;
}

describe('the kitchen board on staff/events', () => {
  it('stops polling once live: a new order, its moves and its serving reach the board from events alone', async () => {
    const live = fakeLiveEvents(API, 'staff/events');
    server.use(live.handler);
    // Time flows as usual, and can jump past many of the board's polls.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const queryClient = await openBoard();
    await waitFor(() => expect(screen.getByTestId('board-mode')).toHaveTextContent('Live'));
    // The board's one fetch on going live has answered.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    // Placed after the board went live: with no polling, only its event can bring it.
    const orderID = await place(12, 47);
    await vi.advanceTimersByTimeAsync(10 * boardPolling.ms);
    expect(cardIn('received', /Terrace 12/)).toBeNull();
    vi.useRealTimers();

    live.send({ id: 1, type: 'order', data: orderOf(orderID) });
    await waitFor(() => expect(cardIn('received', /Terrace 12/)).not.toBeNull());
    await waitFor(() => expect(screen.getByTestId('live-region')).toHaveTextContent('New order for Terrace 12'));

    provider.advance(orderID); // another tablet starts it
    live.send({ id: 2, type: 'order', data: orderOf(orderID) });
    await waitFor(() => expect(cardIn('preparing', /Terrace 12/)).not.toBeNull());
    expect(cardIn('received', /Terrace 12/)).toBeNull();

    provider.advance(orderID);
    provider.advance(orderID); // ready, then served
    live.send({ id: 3, type: 'order', data: orderOf(orderID) });
    await waitFor(() => expect(document.querySelector(`[data-order-id="${orderID}"]`)).toBeNull());
    await waitFor(() => expect(screen.getByRole('region', { name: 'Recently served' })).toHaveTextContent(orderID));
    expect(live.requests).toHaveLength(1);
  });

  it('a bump while live takes the ticket off without reading the whole board again', async () => {
    const live = fakeLiveEvents(API, 'staff/events');
    server.use(live.handler);
    const orderID = await place(5, 33);
    const queryClient = await openBoard();
    await waitFor(() => expect(screen.getByTestId('board-mode')).toHaveTextContent('Live'));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    await waitFor(() => expect(document.querySelector(`[data-order-id="${orderID}"]`)).not.toBeNull());
    const boardReads: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'GET' && new URL(request.url).pathname.endsWith('/staff/orders'))
        boardReads.push(request.url);
    });
    try {
      const user = userEvent.setup();
      await user.keyboard('1');
      await user.keyboard('{Enter}');
      // The provider's event for the bump, as it sends one to every console.
      await waitFor(() => expect(orderOf(orderID).status).toBe('ready'));
      live.send({ id: 1, type: 'order', data: orderOf(orderID) });
      await waitFor(() => expect(document.querySelector(`[data-order-id="${orderID}"]`)).toBeNull());
      await waitFor(() => expect(screen.getByTestId('live-region')).toHaveTextContent('done at kitchen'));
      // The bump's answer is handled (it is what announces it): no read of the board started from it.
      expect(queryClient.isFetching({ queryKey: [...staffKeys.all, 'orders'] })).toBe(0);
      expect(boardReads).toEqual([]);
    } finally {
      server.events.removeAllListeners();
    }
  });

  it('reconnects after the stream drops, resuming from the last event id, and polls meanwhile', async () => {
    const live = fakeLiveEvents(API, 'staff/events');
    server.use(live.handler);
    await openBoard();
    await waitFor(() => expect(live.open).toBe(1));
    live.send({ id: 41, type: 'menu', data: { menu_id: 3, available: true, prep_minutes: 8 } });
    await waitFor(() => expect(screen.getByTestId('board-mode')).toHaveTextContent('Live'));
    live.dropAll();
    await waitFor(() =>
      expect(screen.getByTestId('board-mode')).toHaveTextContent('Checking for orders every few seconds'),
    );
    // Polling while the stream is away: an order placed now shows without any event.
    const orderID = await place(5, 33);
    await waitFor(() => expect(document.querySelector(`[data-order-id="${orderID}"]`)).not.toBeNull());
    // The first retry comes after about a second.
    await waitFor(() => expect(live.requests).toHaveLength(2));
    expect(live.requests[1]?.headers.get('Last-Event-ID')).toBe('41');
    await waitFor(() => expect(screen.getByTestId('board-mode')).toHaveTextContent('Live'));
  });

  it('shows a guest calling the waiter from its request event alone, and drops it once another tablet marks it done', async () => {
    const live = fakeLiveEvents(API, 'staff/events');
    server.use(live.handler);
    await openBoard();
    await waitFor(() => expect(screen.getByTestId('board-mode')).toHaveTextContent('Live'));
    const panel = screen.getByTestId('service-requests');
    await waitFor(() => expect(panel).toHaveTextContent('Nobody is waiting.'));
    // From here on no poll could bring the request in time: only its event can.
    boardPolling.ms = 60_000;
    try {
      const request = {
        id: 7,
        table_id: 12,
        kind: 'waiter' as const,
        note: '',
        created_at: new Date().toISOString(),
        done_at: null,
      };
      live.send({ id: 51, type: 'request', data: request });
      await waitFor(() => expect(within(panel).getByTestId('service-request')).toHaveTextContent('calls a waiter'));
      await waitFor(() => expect(screen.getByTestId('live-region')).toHaveTextContent(/calls a waiter/));
      live.send({ id: 52, type: 'request', data: { ...request, done_at: new Date().toISOString() } });
      await waitFor(() => expect(within(panel).queryByTestId('service-request')).toBeNull());
      expect(panel).toHaveTextContent('Nobody is waiting.');
    } finally {
      boardPolling.ms = 150;
    }
  });

  it('polls for good, asking once, when the provider has no staff/events (404)', async () => {
    const asked: Request[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.endsWith('/staff/events')) asked.push(request);
    });
    // Time flows as usual, and can jump a minute: long past any retry of the stream.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await openBoard();
      const orderID = await place(8, 34);
      await waitFor(() => expect(document.querySelector(`[data-order-id="${orderID}"]`)).not.toBeNull());
      expect(screen.getByTestId('board-mode')).toHaveTextContent('Checking for orders every few seconds');
      // A minute at the test's fast polling would be hundreds of board reads; the stream's retries are what is counted.
      boardPolling.ms = 20_000;
      await vi.advanceTimersByTimeAsync(60_000);
      expect(asked).toHaveLength(1);
    } finally {
      boardPolling.ms = 150;
      vi.useRealTimers();
      server.events.removeAllListeners();
    }
  });
});
