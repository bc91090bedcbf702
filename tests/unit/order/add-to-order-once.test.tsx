// Add-to-order mode sends each addition once: a double tap while the first is on its way sends nothing more, and every
// addition carries its own Idempotency-Key, which Try again (after a lost answer) sends again unchanged.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppUpdate, updateIsReady } from '../../../src/ui/shell/app-update';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { API, fakeProvider, placeViaApi } from '../cart/support';

const provider = fakeProvider();
const server = setupMsw(...provider.handlers);

const DESSERTS = 'category_id=4&sub_cat_id=9';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The Idempotency-Key of every addMenu the provider receives, in order. */
function recordAddMenuKeys(): (string | null)[] {
  const keys: (string | null)[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname === '/api/v1/menu')
      keys.push(request.headers.get('Idempotency-Key'));
  });
  return keys;
}

beforeEach(() => {
  provider.reset();
  server.events.removeAllListeners();
  window.scrollTo = vi.fn();
  localStorage.setItem('table_id', '3');
});

afterEach(() => {
  vi.restoreAllMocks();
  act(() => resetAppUpdate());
});

function browserOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

const placePizza = () => placeViaApi({ table_id: 3, items: [{ menu_id: 33, quantity: 1 }] });
const banner = () => screen.getByRole('region', { name: /^Adding to order/ });

describe('adding to an order, once', () => {
  it('a double tap while the first is on its way sends the dish once, and Add waits for the answer', async () => {
    const orderID = await placePizza();
    const keys = recordAddMenuKeys();
    // The provider holds its answer until the test lets it go.
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post(`${API}/menu`, async () => {
        await held;
      }),
    );
    renderApp(`/?add_to=${orderID}&${DESSERTS}`);
    const add = await screen.findByRole('button', { name: 'Add Tiramisu to your order' });

    // Two taps in the same moment, before React has drawn the first one's answer.
    fireEvent.click(add);
    fireEvent.click(add);
    await waitFor(() => expect(add).toHaveAttribute('aria-disabled', 'true'));
    expect(add).toHaveTextContent('Adding…');
    await userEvent.click(add);
    expect(keys).toHaveLength(1);

    answer();
    await waitFor(() => expect(add).not.toHaveAttribute('aria-disabled'));
    expect(provider.order(orderID)?.items.map((line) => `${line.quantity} × ${line.name}`)).toEqual([
      '1 × Margherita',
      '1 × Tiramisu',
    ]);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(UUID);
  });

  it('each addition has its own key; Try again after a lost answer resends the same one', async () => {
    const orderID = await placePizza();
    const keys = recordAddMenuKeys();
    renderApp(`/?add_to=${orderID}&${DESSERTS}`);
    const add = await screen.findByRole('button', { name: 'Add Tiramisu to your order' });

    await userEvent.click(add);
    await waitFor(() => expect(provider.order(orderID)?.items).toHaveLength(2));
    await waitFor(() => expect(add).not.toHaveAttribute('aria-disabled'));

    // The next addition's answer is lost on the way back.
    server.use(http.post(`${API}/menu`, () => HttpResponse.error(), { once: true }));
    await userEvent.click(add);
    const result = await within(banner()).findByTestId('add-to-order-result');
    await waitFor(() => expect(result).toHaveAttribute('data-status', 'error'));
    expect(result).toHaveTextContent('We couldn’t confirm 1 × Tiramisu');
    expect(provider.order(orderID)?.items).toHaveLength(2);

    await userEvent.click(within(banner()).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(provider.order(orderID)?.items).toHaveLength(3));
    expect(keys).toHaveLength(3);
    expect(keys.every((key) => key !== null && UUID.test(key))).toBe(true);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
    await waitFor(() =>
      expect(within(banner()).getByTestId('add-to-order-result')).toHaveTextContent(
        `Added 1 × Tiramisu to order ${orderID}`,
      ),
    );
  });

  it('offline, queues the dish and says so; it goes once, with its key, when the network is back, from any screen', async () => {
    const orderID = await placePizza();
    const keys = recordAddMenuKeys();
    const { router } = renderApp(`/?add_to=${orderID}&${DESSERTS}`);
    const add = await screen.findByRole('button', { name: 'Add Tiramisu to your order' });
    browserOnline(false);
    // Offline, the provider cannot be reached.
    server.use(http.post(`${API}/menu`, () => HttpResponse.error()));

    await userEvent.click(add);
    const result = await within(banner()).findByTestId('add-to-order-result');
    await waitFor(() =>
      expect(result).toHaveTextContent('You’re offline: 1 × Tiramisu will be added as soon as you’re back online.'),
    );
    expect(screen.getByTestId('live-region')).toHaveTextContent('You’re offline: 1 × Tiramisu will be added');
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(keys).toEqual([]);
    // A new version of the app is not offered while the dish waits: reloading would forget it.
    act(() => updateIsReady(() => Promise.resolve()));
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();

    // The guest goes to the cart before the network is back.
    await act(() => router.navigate({ to: '/cart' }));
    expect(screen.queryByRole('region', { name: /^Adding to order/ })).not.toBeInTheDocument();
    server.resetHandlers(...provider.handlers);
    browserOnline(true);
    await waitFor(() =>
      expect(screen.getByTestId('live-region')).toHaveTextContent(`Added 1 × Tiramisu to order ${orderID}`),
    );
    expect(provider.order(orderID)?.items.map((line) => `${line.quantity} × ${line.name}`)).toEqual([
      '1 × Margherita',
      '1 × Tiramisu',
    ]);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(UUID);
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeVisible();
  });
});
