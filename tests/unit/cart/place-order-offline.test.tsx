// Placing an order while the browser is offline: it waits on the device, says so, and goes once, by itself, when the network is back.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { API, fakeProvider, margherita, placeViaApi, recordOrderRequests, seedCart, storedCartText } from './support';

const provider = fakeProvider();
const server = setupMsw(...provider.handlers);

beforeEach(() => {
  provider.reset();
  localStorage.setItem('table_id', '3');
});
afterEach(() => {
  vi.restoreAllMocks();
});

const MENU_TITLE = 'Menu';

/** The guest stays on the menu, is told the order is placed, and can open it from there. */
async function expectToldOnTheMenu() {
  const notice = await screen.findByTestId('placed-notice');
  const orderID = provider.state.orders[0]?.orderID ?? '';
  expect(notice).toHaveTextContent(`Order ${orderID} placed. The kitchen has it.`);
  // Announced beside the notice, in a render of its own that may follow the notice's.
  await waitFor(() =>
    expect(screen.getByTestId('live-region')).toHaveTextContent(`Order ${orderID} placed. The kitchen has it.`),
  );
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(MENU_TITLE);

  await userEvent.click(within(notice).getByRole('link', { name: 'View order' }));
  expect(await screen.findByRole('heading', { level: 1, name: `Order ${orderID}` })).toBeVisible();
  expect(screen.queryByTestId('placed-notice')).not.toBeInTheDocument();
}

function browserOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

describe('placing an order offline', () => {
  it('queues it instead of failing, sends nothing, then places it once with its key when the browser is back online', async () => {
    const requests = recordOrderRequests();
    server.use(requests.handler);
    seedCart(margherita, margherita);
    renderApp('/cart');
    await screen.findByTestId('place-order');
    browserOnline(false);
    await userEvent.click(screen.getByTestId('place-order'));

    expect(await screen.findByTestId('order-queued')).toHaveTextContent('Will be sent when you are back online');
    expect(screen.queryByTestId('order-error')).not.toBeInTheDocument();
    expect(screen.getByTestId('place-order')).toHaveAttribute('aria-disabled', 'true');
    const stored = JSON.parse(localStorage.getItem('pending_order') ?? 'null') as { key: string; unsent?: true };
    expect(stored.unsent).toBe(true);
    expect(requests.seen).toEqual([]);

    browserOnline(true);
    expect(await screen.findByRole('heading', { level: 1, name: /^Order [0-9A-Z]{8}$/ })).toBeVisible();
    expect(provider.state.orders).toHaveLength(1);
    expect(requests.seen).toHaveLength(1);
    expect(requests.seen[0]?.key).toBe(stored.key);
    expect(JSON.parse(storedCartText() ?? 'null')).toEqual([]);
    expect(localStorage.getItem('pending_order')).toBeNull();
  });

  it('after a flaky reconnection, sends it again by itself with its key once the connection is back, and places it once', async () => {
    const requests = recordOrderRequests();
    // The first send after the network returns is held, then lost as the connection drops again.
    let drop!: () => void;
    const dropped = new Promise<void>((resolve) => {
      drop = resolve;
    });
    server.use(
      requests.handler,
      http.post(
        `${API}/orders`,
        async () => {
          await dropped;
          return HttpResponse.error();
        },
        { once: true },
      ),
    );
    seedCart(margherita);
    renderApp('/cart');
    await screen.findByTestId('place-order');
    browserOnline(false);
    await userEvent.click(screen.getByTestId('place-order'));
    await screen.findByTestId('order-queued');
    const stored = JSON.parse(localStorage.getItem('pending_order') ?? 'null') as { key: string };

    browserOnline(true);
    expect(await screen.findByText('Placing your order…')).toBeInTheDocument();
    // The connection flickers while the order is on its way, and the request is lost with it.
    browserOnline(false);
    browserOnline(true);
    drop();

    expect(await screen.findByRole('heading', { level: 1, name: /^Order [0-9A-Z]{8}$/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(requests.seen.map((request) => request.key)).toEqual([stored.key, stored.key]);
    expect(provider.state.orders).toHaveLength(1);
    expect(localStorage.getItem('pending_order')).toBeNull();
  });

  it('lets the guest cancel it before it is sent: nothing is kept, nothing is sent, the cart is theirs again', async () => {
    const requests = recordOrderRequests();
    server.use(requests.handler);
    seedCart(margherita);
    renderApp('/cart');
    await screen.findByTestId('place-order');
    browserOnline(false);
    await userEvent.click(screen.getByTestId('place-order'));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel this order' }));

    expect(screen.queryByTestId('order-queued')).not.toBeInTheDocument();
    expect(screen.getByTestId('place-order')).toHaveFocus();
    expect(localStorage.getItem('pending_order')).toBeNull();
    browserOnline(true);
    expect(screen.getByTestId('place-order')).toHaveAttribute('aria-disabled', 'false');
    expect(requests.seen).toEqual([]);
    expect(JSON.parse(storedCartText() ?? 'null')).toHaveLength(1);
  });

  it('queued on the cart, then the guest goes to the menu: back online it is placed once, and they are told there', async () => {
    const requests = recordOrderRequests();
    server.use(requests.handler);
    seedCart(margherita);
    renderApp('/cart');
    await screen.findByTestId('place-order');
    browserOnline(false);
    await userEvent.click(screen.getByTestId('place-order'));
    await screen.findByTestId('order-queued');
    const stored = JSON.parse(localStorage.getItem('pending_order') ?? 'null') as { key: string };
    // The restaurant's name in the header leads to the menu.
    await userEvent.click(within(screen.getByRole('banner')).getAllByRole('link')[0]!);
    await screen.findByRole('heading', { level: 1, name: MENU_TITLE });

    browserOnline(true);
    await expectToldOnTheMenu();
    expect(provider.state.orders).toHaveLength(1);
    expect(requests.seen).toHaveLength(1);
    expect(requests.seen[0]?.key).toBe(stored.key);
    expect(localStorage.getItem('pending_order')).toBeNull();
  });

  it('sent while the guest reads an earlier order, it leaves them on that order and tells them of the new one', async () => {
    const earlier = await placeViaApi({ table_id: 3, items: [{ menu_id: 47, quantity: 1 }] });
    localStorage.setItem('order_items', JSON.stringify([{ id: 'q1', ...margherita }]));
    const queued = {
      key: 'queued-attempt-00001',
      order: { table_id: 3, items: [{ menu_id: 33, quantity: 1 }] },
      lineKeys: ['[33,""]'],
      entryIds: ['q1'],
      unsent: true,
    };
    localStorage.setItem('pending_order', JSON.stringify(queued));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderApp(`/cart?orderID=${earlier}`);
    await screen.findByRole('heading', { level: 1, name: `Order ${earlier}` });

    browserOnline(true);
    const notice = await screen.findByTestId('placed-notice');
    const placed = provider.state.orders.find((order) => order.orderID !== earlier)?.orderID ?? '';
    expect(notice).toHaveTextContent(`Order ${placed} placed. The kitchen has it.`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`Order ${earlier}`);
    expect(provider.state.orders).toHaveLength(2);
  });

  it('opened again on the menu with an order still queued, the app sends it once, online, and says so there', async () => {
    const requests = recordOrderRequests();
    server.use(requests.handler);
    seedCart(margherita);
    const { unmount } = renderApp('/cart');
    await screen.findByTestId('place-order');
    browserOnline(false);
    await userEvent.click(screen.getByTestId('place-order'));
    await screen.findByTestId('order-queued');
    const stored = JSON.parse(localStorage.getItem('pending_order') ?? 'null') as { key: string };
    unmount();

    // The guest closes the app; it is opened again, online, on the menu (where an installed app starts).
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderApp('/');
    await expectToldOnTheMenu();
    expect(provider.state.orders).toHaveLength(1);
    expect(requests.seen).toHaveLength(1);
    expect(requests.seen[0]?.key).toBe(stored.key);
    expect(localStorage.getItem('pending_order')).toBeNull();
  });
});
