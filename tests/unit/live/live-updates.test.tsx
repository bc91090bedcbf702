// Live events reach the screens through the query cache: the order page moves on, a dish greys out; a v1 provider is polled.
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLiveEvents } from '../../msw/live-events';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { API, fakeProvider, placeViaApi } from '../cart/support';
import { cardFor } from '../pos/support';
import { firstScreenPending, firstScreenSettled } from '../../../src/ui/when-idle';

const provider = fakeProvider();
const server = setupMsw(...provider.handlers);

beforeEach(() => {
  provider.reset();
  window.scrollTo = vi.fn();
});

describe('live updates', () => {
  it('moves the order page on as soon as the kitchen’s move arrives, and announces it', async () => {
    const live = fakeLiveEvents(API);
    server.use(live.handler);
    const orderID = await placeViaApi({ table_id: 3, items: [{ menu_id: 33, quantity: 1 }] });
    const { queryClient } = renderApp(`/cart?orderID=${orderID}`, undefined, { live: true });
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveAttribute('data-status', 'received'));
    // The stream follows this order once its page is open.
    await waitFor(() =>
      expect(live.requests.some((request) => new URL(request.url).searchParams.get('orderID') === orderID)).toBe(true),
    );
    const order = queryClient.getQueryData<{ status: string }>(['orders', { orderID }]);
    // The fake provider still says "received": only the event can move the page on.
    live.send({ id: 7, type: 'order', data: { ...order, status: 'preparing' } });
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveAttribute('data-status', 'preparing'));
    await waitFor(() =>
      expect(screen.getByTestId('live-region')).toHaveTextContent(`Order ${orderID} is now preparing.`),
    );
  });

  it('greys out a dish switched sold out on an open POS screen', async () => {
    const live = fakeLiveEvents(API);
    server.use(live.handler);
    renderApp('/?category_id=1&sub_cat_id=1', undefined, { live: true });
    await screen.findByRole('link', { name: 'Spiced Lentil Soup' });
    const card = cardFor('Spiced Lentil Soup');
    expect(card).not.toHaveTextContent('Sold out');
    await waitFor(() => expect(live.open).toBe(1));
    live.send({ id: 3, type: 'menu', data: { menu_id: 3, available: false, prep_minutes: 8 } });
    await waitFor(() => expect(cardFor('Spiced Lentil Soup')).toHaveTextContent('Sold out'));
  });

  it('opens the stream only once the first screen is in, so it never shares a slow line with the menu', async () => {
    const live = fakeLiveEvents(API);
    server.use(live.handler);
    firstScreenPending();
    // Time flows as usual, and can jump: the idle moment the stream waits for would long have come.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderApp('/?category_id=1&sub_cat_id=1', undefined, { live: true });
      await screen.findByRole('link', { name: 'Spiced Lentil Soup' });
      await vi.advanceTimersByTimeAsync(10_000);
      expect(live.requests).toHaveLength(0);
    } finally {
      firstScreenSettled();
      vi.useRealTimers();
    }
    await waitFor(() => expect(live.open).toBe(1));
    live.send({ id: 5, type: 'menu', data: { menu_id: 3, available: false, prep_minutes: 8 } });
    await waitFor(() => expect(cardFor('Spiced Lentil Soup')).toHaveTextContent('Sold out'));
  });

  it('reconnects after the stream drops, resuming from the last event id', async () => {
    const live = fakeLiveEvents(API);
    server.use(live.handler);
    renderApp('/?category_id=1&sub_cat_id=1', undefined, { live: true });
    await waitFor(() => expect(live.open).toBe(1));
    live.send({ id: 41, type: 'menu', data: { menu_id: 3, available: true, prep_minutes: 8 } });
    await screen.findByRole('link', { name: 'Spiced Lentil Soup' });
    live.dropAll();
    // The first retry comes after about a second.
    await waitFor(() => expect(live.requests).toHaveLength(2));
    expect(live.requests[1]?.headers.get('Last-Event-ID')).toBe('41');
  });

  it('streams the public topics on when the provider will not stream the order asked for', async () => {
    const live = fakeLiveEvents(API);
    server.use(live.handler);
    renderApp('/cart?orderID=NOSUCH00', undefined, { live: true });
    await screen.findByText('We could not find that order');
    // The fake answers 404 for an unknown order's stream, as the provider does; the public stream goes on.
    await waitFor(() =>
      expect(live.requests.map((request) => new URL(request.url).searchParams.get('orderID')).slice(-2)).toEqual([
        'NOSUCH00',
        null,
      ]),
    );
    await waitFor(() => expect(live.open).toBe(1));
  }, 15_000);

  it('keeps polling, and never asks again, when the provider has no live events (404)', async () => {
    const requests: Request[] = [];
    server.use(
      http.get(`${API}/events`, ({ request }) => {
        requests.push(request);
        return undefined;
      }),
    );
    // Time flows as usual, and can jump a minute: long past any retry the stream would make.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderApp('/?category_id=1&sub_cat_id=1', undefined, { live: true });
      await screen.findByRole('link', { name: 'Spiced Lentil Soup' });
      await waitFor(() => expect(requests).toHaveLength(1));
      await vi.advanceTimersByTimeAsync(60_000);
      expect(requests).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
